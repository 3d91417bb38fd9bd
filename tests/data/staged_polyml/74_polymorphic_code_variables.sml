(* Code variables bound to syntactic values are polymorphic: in a let
   outside code, in a let whose body is code, nested through a second
   cogen of code u, and at top level; exceptions carrying generators are
   raised by ordinary and by generated code and their generators
   evaluated in the handler; a polymorphic datatype of functions in
   code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun f () = let cogen u = code (fn x => x) in (u 1, u "a") end
val _ = pr (case f () of (a, b) => pi a ^ b)
val g = let cogen u = code (fn x => (x, x)) in code (case (u 1, u "b") of ((a, _), (b, _)) => pi a ^ b) end
val _ = pr (eval g)
exception Gen of [int]
val r = (raise Gen (code 42)) handle Gen g => eval g
val _ = pr (pi r)
val h = code (fn () => raise Gen (code 7))
val _ = pr (pi ((eval h (); 0) handle Gen g => eval g + 1))
val nested = let cogen a = code (fn x => x) in let cogen b = code a in (b 3, b true) end end
val _ = pr (case nested of (n, t) => pi n ^ Bool.toString t)
datatype 'a box = Box of 'a
val bg = code (Box (fn x => x))
val _ = pr (case eval bg of Box f => pi (f 5))
cogen pairG = code (fn x => fn y => (y, x))
val _ = pr (case (pairG 1 "x", pairG "y" 2) of ((s, n), (m, t)) => s ^ pi n ^ pi m ^ t)
