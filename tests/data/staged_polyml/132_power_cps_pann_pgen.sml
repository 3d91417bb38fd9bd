(* Power in the styles of the staging literature:
   - Danilewski et al., "Specialization through Dynamic Staging" (GPCE
     2014), Listings 3-6: a CPS power with even/odd steps, specialised
     to power72;
   - Leissa et al., "Shallow Embedding of DSLs via Online Partial
     Evaluation" (GPCE 2015), Figure 3: Pann, the generating extension
     Pgen' and its residual Pspec for n = 4 (let r = x*x; r*r);
   - Rompf et al. (LMS) on code duplication: power with squaring
     written [[ $y * $y ]] duplicates y's code, a let keeps one copy. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val mults = ref 0
fun times (a, b) = (mults := !mults + 1; a * b)

(* Listing 3: CPS power, unstaged *)
fun power (base, 0, k) = k 1
  | power (base, e, k) =
      if e mod 2 = 1 then power (base, e - 1, fn part => k (times (part, base)))
      else power (base, e div 2, fn part => k (times (part, part)))

(* Listing 6 staged: the exponent is early, base and continuation late;
   the continuation is a stage-0 function from code to code (closed form:
   it takes the generator of the rest of the computation) *)
fun powergen (0 : int) (k : [int -> int] -> [int -> int]) : [int -> int] = k (code (fn _ => 1))
  | powergen e k =
      if e mod 2 = 1 then
        powergen (e - 1) (fn part => let cogen p = part in k (code (fn b => times (p b, b))) end)
      else powergen (e div 2) (fn part => let cogen p = part in k (code (fn b => let val h = p b in times (h, h) end)) end)

val power72 = eval (powergen 72 (fn c => c))
val _ = pr ("power72 1 = " ^ pi (power72 1) ^ ", multiplications " ^ pi (!mults))
val _ = mults := 0
val _ = power (1, 72, fn r => pr ("unstaged power (1, 72) = " ^ pi r ^ ", multiplications " ^ pi (!mults)))
val _ = List.app (fn (b, e) => pr (pi b ^ "^" ^ pi e ^ " = " ^ pi (eval (powergen e (fn c => c)) b) ^ " / " ^ power (b, e, pi)))
                 [(2, 10), (3, 7), (~2, 5), (5, 0), (7, 1), (2, 61)]

(* Figure 3 of Leissa et al.: Pgen' returns code; for n = 4 the residual is
   fn x => let r = x*x in r*r *)
fun pgen 0 : [int -> int] = code (fn _ => 1)
  | pgen n =
      if n mod 2 = 0 then let cogen r = pgen (n div 2) in code (fn x => let val y = r x in y * y end) end
      else let cogen r = pgen (n - 1) in code (fn x => x * r x) end
val pspec = eval (pgen 4)
val _ = pr ("Pspec 3 = " ^ pi (pspec 3) ^ ", Pgen 13 on 2 = " ^ pi (eval (pgen 13) 2))

(* LMS: [[ $y * $y ]] splices y twice, so the code doubles at each
   squaring; count the multiplications the residual performs *)
fun dupPower 0 : [int -> int] = code (fn _ => 1)
  | dupPower n =
      if n mod 2 = 0 then let cogen y = dupPower (n div 2) in code (fn x => times (y x, y x)) end
      else let cogen y = dupPower (n - 1) in code (fn x => times (x, y x)) end
val _ = mults := 0
val d16 = eval (dupPower 16) 2
val dupCount = !mults
val _ = mults := 0
val s16 = eval (powergen 16 (fn c => c)) 2
val _ = pr ("2^16 duplicated: " ^ pi d16 ^ " in " ^ pi dupCount ^ " multiplications; with let: " ^ pi s16 ^ " in " ^ pi (!mults))

(* continuation that post-processes: the generated code adds an offset and
   checks overflow, the handler lives at stage 0 *)
fun offsetK off c = let cogen c' = c cogen o' = lift off in code (fn b => c' b + o') end
val shifted = eval (powergen 3 (offsetK 100))
val _ = pr ("b^3 + 100 for b = 1..5: " ^ String.concatWith " " (map (pi o shifted) [1, 2, 3, 4, 5]))
val _ = pr (pi (eval (powergen 80 (fn c => c)) 3) handle Overflow => "3^80 overflows at run time")
