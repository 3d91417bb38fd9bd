(* Rosetta Code tasks about closures, in the manner of their Standard ML
   entries: "Man or boy test" (Knuth's test of call-by-name and closures,
   with a ref cell per activation), "Y combinator" (through a recursive
   datatype, since ML types are not recursive), "Closures/Value capture",
   "Accumulator factory" (ints only here) and "Function composition". *)

(* Man or boy: A(k, x1, x2, x3, x4, x5) with thunks *)
fun a (k, x1, x2, x3, x4, x5) =
  let
    val k = ref k
    fun b () = (k := !k - 1; a (!k, b, x1, x2, x3, x4))
  in
    if !k <= 0 then x4 () + x5 () else b ()
  end

fun konst n () = n
val _ = List.app (fn k => print ("A(" ^ Int.toString k ^ ") = "
                                 ^ Int.toString (a (k, konst 1, konst ~1, konst ~1, konst 1, konst 0)) ^ "\n"))
                 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

(* Y combinator *)
datatype 'a mu = Roll of ('a mu -> 'a)
fun unroll (Roll x) = x

fun fix f = (fn x => fn a => f (unroll x x) a) (Roll (fn x => fn a => f (unroll x x) a))

val fac = fix (fn f => fn 0 => 1 | n => n * f (n - 1))
val fib = fix (fn f => fn 0 => 0 | 1 => 1 | n => f (n - 1) + f (n - 2))
val _ = print ("fac: " ^ String.concatWith " " (map (Int.toString o fac) [0, 1, 5, 10]) ^ "\n")
val _ = print ("fib: " ^ String.concatWith " " (map (Int.toString o fib) (List.tabulate (12, fn i => i))) ^ "\n")

(* Closures/Value capture: each closure captures its own i *)
val funcs = List.tabulate (10, fn i => fn () => i * i)
val _ = print ("captured: " ^ Int.toString (List.nth (funcs, 3) ()) ^ " "
               ^ Int.toString (List.nth (funcs, 9) ()) ^ "\n")

(* the same with a shared ref cell shows the difference *)
val shared = ref 0
val funcs2 = List.tabulate (10, fn i => (shared := i; fn () => !shared * !shared))
val _ = print ("shared: " ^ Int.toString (List.nth (funcs2, 3) ()) ^ "\n")

(* Accumulator factory *)
fun foo n = let val acc = ref n in fn i => (acc := !acc + i; !acc) end
val x = foo 1
val _ = x 5
val _ = foo 3
val _ = print ("accumulator: " ^ Int.toString (x 2) ^ "\n")

(* Function composition, and a list of functions folded with o *)
fun compose (f, g) = fn x => f (g x)
val inc = fn x => x + 1
val dbl = fn x => x * 2
val _ = print (Int.toString (compose (inc, dbl) 5) ^ " " ^ Int.toString ((inc o dbl) 5) ^ " "
               ^ Int.toString ((dbl o inc) 5) ^ "\n")
val pipeline = foldr (op o) (fn x => x) [inc, dbl, inc, dbl]
val _ = print (Int.toString (pipeline 3) ^ "\n")
val _ = print (Int.toString (unroll (Roll (fn _ => 0)) (Roll (fn _ => 1))) ^ "\n")
val _ = fib (valOf (Int.fromString "x"))
