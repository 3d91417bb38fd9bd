(* The LMS paper's second warning: staging power by squaring with
   [[ $y * $y ]] turns the better algorithm into a worse one, because the
   code of y is copied into both operands: the generated code doubles at
   each halving, and the multiplications it performs grow with the
   exponent again.  Binding the half once (let-insertion) keeps both the
   code and the work logarithmic.  A counter counts the multiplications
   each generated function performs; the last call overflows inside the
   generated code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val mults = ref 0
fun mul (a, b) = (mults := !mults + 1; a * b)

val genSteps = ref 0

(* copying: y is spliced twice *)
fun copying n : [int -> int] =
    (genSteps := !genSteps + 1;
     if n = 0 then code (fn _ => 1)
     else if n mod 2 = 0 then
       let cogen y = copying (n div 2)
       in code (fn x => mul (y x, y x)) end
     else let cogen r = copying (n - 1) in code (fn x => mul (x, r x)) end)

(* let-inserted: the half is computed once per call *)
fun shared n : [int -> int] =
    (genSteps := !genSteps + 1;
     if n = 0 then code (fn _ => 1)
     else if n mod 2 = 0 then
       let cogen y = shared (n div 2)
       in code (fn x => let val h = y x in mul (h, h) end) end
     else let cogen r = shared (n - 1) in code (fn x => mul (x, r x)) end)

fun count (f, x) = (mults := 0; let val v = f x in (v, !mults) end)

val _ = app (fn n =>
               let val _ = genSteps := 0
                   val c = eval (copying n)
                   val gc = !genSteps
                   val _ = genSteps := 0
                   val s = eval (shared n)
                   val gs = !genSteps
                   val (v1, m1) = count (c, 2)
                   val (v2, m2) = count (s, 2)
               in pr ("2^" ^ pi n ^ " = " ^ pi v1 ^ (if v1 = v2 then "" else " MISMATCH " ^ pi v2) ^
                      ": copying " ^ pi m1 ^ " mults, shared " ^ pi m2 ^ " mults (generator steps " ^ pi gc ^ " / " ^ pi gs ^ ")")
               end) [0, 1, 2, 3, 4, 8, 16, 31, 32, 60, 61]

(* both are right on negative and zero bases *)
val c9 = eval (copying 9)
val s9 = eval (shared 9)
val _ = pr ("x^9 for x = ~3..3: " ^ String.concatWith " " (map (fn x => pi (c9 x) ^ "/" ^ pi (s9 x)) [~3, ~2, ~1, 0, 1, 2, 3]))

(* 3^39 fits in 63 bits, 3^40 does not *)
val s39 = eval (shared 39)
val _ = pr ("3^39 = " ^ pi (s39 3))
val _ = pr ("3^40 handled: " ^ (pi (eval (shared 40) 3) handle Overflow => "Overflow"))
val c40 = eval (copying 40)
val _ = pr ("2^40 by copying = " ^ pi (c40 2) ^ ", now 3^40 by copying, unhandled:")
val _ = pr (pi (c40 3))
