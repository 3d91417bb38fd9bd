(* codePower, the paper's §4.4: a generator of x^e for a fixed e. The
   generated code is b * (b * (... * 1)), with no test of e left in it. *)
fun pr s = print (s ^ "\n")

(* val codePower : int -> [int -> int] *)
fun codePower e =
  if e = 0 then code (fn _ => 1)
  else let cogen p = codePower (e - 1)
       in code (fn b => b * (p b)) end

val cube = eval (codePower 3)
val _ = pr ("cube 5 = " ^ Int.toString (cube 5))
val _ = pr ("2^10 = " ^ Int.toString (eval (codePower 10) 2))
val _ = pr ("powers of 3: " ^
            String.concat (map (fn e => Int.toString (eval (codePower e) 3) ^ " ") [0, 1, 2, 3, 4, 5]))
