(* memoPower1 and memoPower2, the paper's §4.4: keeping generated code (and
   generators) in tables so that the same code is not generated twice.
   Counters show how often code is generated. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* tables: association lists in a reference *)
type 'a table = (int * 'a) list ref
fun lookup (t : 'a table, k) =
    let fun find [] = NONE
          | find ((k', v) :: rest) = if k = k' then SOME v else find rest
    in find (!t) end
fun add (t : 'a table, (k, v)) = t := (k, v) :: !t

val codePowerCalls = ref 0   (* generators built by codePower *)

fun codePower e =
  (codePowerCalls := !codePowerCalls + 1;
   if e = 0 then code (fn _ => 1)
   else let cogen p = codePower (e - 1)
        in code (fn b => b * (p b)) end)

(* memoPower1 : int -> int -> int  -- remembers the code of each exponent *)
val specCode1 : (int -> int) table = ref []
fun memoPower1 e =
  case lookup (specCode1, e) of
    NONE => let cogen p = codePower e
                val p' = p
            in add (specCode1, (e, p')); p' end
  | SOME p => p

(* memoPower2 : int -> int -> int  -- also remembers every generator *)
val specCode2 : (int -> int) table = ref []
val genExts : [int -> int] table = ref []
val built = ref 0       (* generators built by bPower *)

fun memoPower2 e =
  (case lookup (specCode2, e) of
     NONE =>
       let cogen p = mPower e
           val p' = p
       in add (specCode2, (e, p')); p' end
   | SOME p => p)

and mPower e =
  (case lookup (genExts, e) of
     NONE => let val p = bPower e
             in add (genExts, (e, p)); p end
   | SOME p => p)

and bPower e =
  (built := !built + 1;
   if e = 0 then code (fn _ => 1)
   else let cogen p = mPower (e - 1)
        in code (fn b => b * (p b)) end)

val _ = pr ("memoPower1 5 2 = " ^ pi (memoPower1 5 2) ^ ", memoPower1 5 3 = " ^ pi (memoPower1 5 3))
val _ = pr ("memoPower1 table: " ^ pi (length (!specCode1)) ^ " entry, codePower calls " ^ pi (!codePowerCalls))
val _ = pr ("memoPower2 65 1 = " ^ pi (memoPower2 65 1) ^ " (generators built: " ^ pi (!built) ^ ")")
val _ = pr ("memoPower2 34 2 = " ^ pi (memoPower2 34 2) ^ " (generators built: " ^ pi (!built) ^ ")")
val _ = pr ("memoPower2 34 3 = " ^ pi (memoPower2 34 3 mod 1000000) ^ " mod 10^6 (generators built: " ^ pi (!built) ^ ")")
val _ = pr ("tables: specCode " ^ pi (length (!specCode2)) ^ ", genExts " ^ pi (length (!genExts)))
