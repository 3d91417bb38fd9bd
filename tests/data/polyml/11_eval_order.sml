(* Evaluation order: function before argument, tuples/lists/infix left to right *)
val log = ref ""
fun t s x = (log := !log ^ s; x)
fun flush label = (print (label ^ ": " ^ !log ^ "\n"); log := "")
val _ = (t "f" (fn x => x + 1)) (t "a" 1)
val _ = flush "app"
val _ = (t "1" 1, t "2" 2, t "3" 3)
val _ = flush "tuple"
val _ = [t "1" 1, t "2" 2, t "3" 3]
val _ = flush "list"
val _ = t "l" 1 + t "r" 2 * t "m" 3
val _ = flush "infix"
val _ = t "h" 1 :: t "t" []
val _ = flush "cons"
val _ = t "s1" "a" ^ t "s2" "b"
val _ = flush "concat"
val _ = (t "x" false) andalso (t "never" true)
val _ = (t "y" true) orelse (t "never" true)
val _ = (t "z" true) andalso (t "w" false) orelse (t "v" true)
val _ = flush "short circuit"
fun curried a b c = a + b + c
val _ = curried (t "a" 1) (t "b" 2) (t "c" 3)
val _ = flush "curried"
val partial = (t "p" curried) (t "1" 1)
val _ = flush "partial"
val _ = partial (t "2" 2) (t "3" 3)
val _ = flush "rest"
val _ = if t "cond" true then t "then" () else t "else" ()
val _ = flush "if"
val _ = case (t "scrut" 3) of 1 => t "one" () | _ => t "other" ()
val _ = flush "case"
val _ = SOME (t "arg" 5)
val _ = flush "constructor"
val r = ref 0
val _ = (t "ref" r) := (t "val" 4)
val _ = flush "assign"
val _ = (t "lhs" 1 div t "rhs" 0) handle Div => t "handler" 0
val _ = flush "div"
val _ = ((t "before1" 1) before (t "before2" ()))
val _ = flush "before"
val _ = ((fn _ => t "body" ()) o (fn _ => t "inner" ())) (t "compose-arg" ())
val _ = flush "compose"
val _ = let val a = t "first" 1 val b = t "second" 2 in t "body" (a + b) end
val _ = flush "let"
val _ = (raise (t "exn" (Fail "x"))) handle Fail m => t m ()
val _ = flush "raise"
fun loop 0 = () | loop n = (t (Int.toString n) (); loop (n - 1))
val _ = loop 5
val _ = flush "loop"
val _ = map (fn x => t (Int.toString x) x) [1, 2, 3]
val _ = foldl (fn (x, _) => t (Int.toString x) ()) () [4, 5, 6]
val _ = foldr (fn (x, _) => t (Int.toString x) ()) () [7, 8, 9]
val _ = flush "map foldl foldr"
val _ = Array.tabulate (3, fn i => t (Int.toString i) i)
val _ = List.filter (fn x => t (Int.toString x) true) [1, 2]
val _ = List.exists (fn x => t (Int.toString x) (x = 2)) [1, 2, 3]
val _ = List.all (fn x => t (Int.toString x) (x < 2)) [1, 2, 3]
val _ = flush "library"
