(* The order of evaluation made visible: every subexpression prints a
   tag. Tuples and lists left to right, the function before its argument,
   both operands of infix operators (built-in and user-declared) left to
   right, `before` after its left side, andalso/orelse short-circuiting,
   arguments of constructors, of := and of Array.update, case scrutinee
   before arms, and an exception that stops a tuple half-way. *)
val trace = ref [] : string list ref
fun t tag v = (trace := tag :: !trace; v)
fun show label = (print (label ^ ": " ^ String.concatWith " " (rev (!trace)) ^ "\n"); trace := [])

val _ = (t "a" 1, t "b" 2, t "c" 3)
val () = show "tuple"
val _ = [t "x" 1, t "y" 2, t "z" 3]
val () = show "list"
val _ = (t "f" (fn x => x + 1)) (t "arg" 5)
val () = show "application"
val _ = (t "g" (fn x => fn y => x + y)) (t "1st" 1) (t "2nd" 2)
val () = show "curried"
val _ = t "l" 10 + t "r" 20 * t "m" 30
val () = show "arith"
val _ = t "s1" "a" ^ t "s2" "b" ^ t "s3" "c"
val () = show "concat"
infixr 5 +++
fun a +++ b = (t "body" (); a @ b)
val _ = t "p" [1] +++ t "q" [2] +++ t "r" [3]
val () = show "user infixr"
infix 4 <=>
fun a <=> b = Int.compare (a, b)
val _ = t "u" 1 <=> t "v" 2
val () = show "user infix"
val _ = t "left" 7 before t "unit" ()
val () = show "before"
val _ = (t "a1" false andalso t "a2" true) orelse (t "o1" true orelse t "o2" false)
val () = show "andalso/orelse"
val _ = if t "cond" true then t "then" 1 else t "else" 2
val () = show "if"
val _ = case t "scrut" (SOME 3) of NONE => t "none" 0 | SOME n => t "some" n
val () = show "case"
val cell = ref 0
val () = (t "ref" cell) := (t "value" 9)
val () = show ":="
val arr = Array.array (3, 0)
val () = Array.update (t "arr" arr, t "idx" 1, t "val" 5)
val () = show "update"
val _ = SOME (t "inner" (t "deep" 1, t "deeper" 2))
val () = show "constructor"
val _ = let val a = t "let1" 1 val b = t "let2" 2 in t "in" (a + b) end
val () = show "let"
val _ = (t "before-raise" 1, raise Fail "stop", t "never" 3) handle Fail _ => (t "handler" 0, 0, 0)
val () = show "raise in tuple"
val _ = (t "fn-raises" (fn _ => raise Div)) (t "arg-first" 1) handle Div => t "div" 0
val () = show "raise in application"
val _ = foldl (fn (x, acc) => t (Int.toString x) (acc + x)) 0 [1, 2, 3]
val () = show "foldl"
val _ = foldr (fn (x, acc) => t (Int.toString x) (acc + x)) 0 [1, 2, 3]
val () = show "foldr"
val _ = map (fn x => t ("m" ^ Int.toString x) x) [1, 2, 3]
val () = show "map"
val _ = List.tabulate (3, fn i => t ("tab" ^ Int.toString i) i)
val () = show "tabulate"
val _ = (t "seq1" (); t "seq2" (); t "seq3" 3)
val () = show "sequence"
val _ = t "w" 0w1 + t "w2" 0w2
val () = show "word op"
fun pick (x, y) = (t "pick-body" (); x)
val _ = pick (t "first" 1, t "second" 2)
val () = show "tuple argument"
val _ = Int.max (t "mx1" 4, t "mx2" 9) + Int.min (t "mn1" 4, t "mn2" 9)
val () = show "basis calls"
val _ = t "eq-l" [1, 2] = t "eq-r" [1, 2]
val () = show "equality"
val _ = while (t "test" (!cell) > 7) do cell := t "dec" (!cell - 1)
val () = show "while"
val _ = (fn (a, b) => a) (t "lam1" 1, t "lam2" 2)
val () = show "fn tuple"
val _ = String.concat [t "sc1" "a", t "sc2" "b"] before (t "b1" (); t "b2" ())
val () = show "concat before"
