(* Power by squaring, as the online-PE paper's Figure 2 shows it three
   ways: P_ann (the ordinary function), P_gen (a generator of program
   text, where "let r = ..." keeps the square shared) and P_spec, the
   residual program.  Next to the text generator runs an ML-box
   generator of the same shape; and, as in the dynamic-staging paper's
   Listings 3-6, power72 is also built in continuation-passing style: the
   generator hands the code it built to a continuation.  A counter shows
   how many multiplications each version performs. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val mults = ref 0
fun mul (a, b) = (mults := !mults + 1; a * b)

(* P_ann *)
fun pann (x, n) =
    if n = 0 then 1
    else if n mod 2 = 0 then let val r = pann (x, n div 2) in mul (r, r) end
    else mul (x, pann (x, n - 1))

(* P_gen as text: fresh names r1, r2, ... for the shared squares *)
val counter = ref 0
fun fresh () = (counter := !counter + 1; "r" ^ pi (!counter))
fun pgenText n =
    if n = 0 then "1"
    else if n mod 2 = 0 then
      let val inner = pgenText (n div 2)
          val r = fresh ()
      in "let " ^ r ^ " = " ^ inner ^ " in " ^ r ^ "*" ^ r ^ " end" end
    else "x*(" ^ pgenText (n - 1) ^ ")"
fun textFor n = (counter := 0; "fn x => " ^ pgenText n)

(* P_gen in ML-box *)
fun pgen n : [int -> int] =
    if n = 0 then code (fn _ => 1)
    else if n mod 2 = 0 then
      let cogen half = pgen (n div 2)
      in code (fn x => let val r = half x in mul (r, r) end) end
    else let cogen less = pgen (n - 1)
         in code (fn x => mul (x, less x)) end

(* the same generator in CPS: the continuation receives the code *)
fun powergen (n, k : [int -> int] -> [int -> int]) : [int -> int] =
    if n = 0 then k (code (fn _ => 1))
    else if n mod 2 = 0 then
      powergen (n div 2, fn half => let cogen h = half
                                    in k (code (fn x => let val r = h x in mul (r, r) end)) end)
    else powergen (n - 1, fn less => let cogen l = less
                                     in k (code (fn x => mul (x, l x))) end)

(* a naive unrolling for comparison *)
fun naive n : [int -> int] =
    if n = 0 then code (fn _ => 1)
    else let cogen less = naive (n - 1) in code (fn x => mul (x, less x)) end

val _ = app (fn n => pr ("P_spec for " ^ pi n ^ ": " ^ textFor n)) [0, 1, 2, 4, 5, 9]

fun measure (label, f, x) =
    let val _ = mults := 0
        val r = f x
    in pr (label ^ " " ^ pi x ^ " = " ^ pi r ^ " (" ^ pi (!mults) ^ " multiplications)") end

val power72 = eval (powergen (72, fn c => c))
val direct72 = eval (pgen 72)
val naive72 = eval (naive 72)
val _ = measure ("power72 (CPS)", power72, 1)
val _ = measure ("power72 (CPS)", power72, ~1)
val _ = measure ("pgen 72", direct72, 1)
val _ = measure ("naive 72", naive72, 1)
val _ = measure ("pann 72", fn x => pann (x, 72), 1)

(* a continuation that wraps the result: x^9 + 1, composed by the continuation *)
val plusOne = eval (powergen (9, fn c => let cogen p = c in code (fn x => p x + 1) end))
val _ = app (fn x => measure ("x^9 + 1 at", plusOne, x)) [0, 1, 2, 3, ~2]

(* all exponents 0..20 agree; count multiplications of the specialised code *)
val _ = app (fn n =>
               let val f = eval (pgen n)
                   val g = eval (powergen (n, fn c => c))
                   val _ = mults := 0
                   val a = f 3
                   val m = !mults
                   val b = g 3
               in pr ("3^" ^ pi n ^ " = " ^ pi a ^ " / " ^ pi b ^ " / " ^ pi (pann (3, n)) ^ ", " ^ pi m ^ " mults")
               end) [0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 17, 31, 32, 38]
