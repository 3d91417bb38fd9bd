(* The order of evaluation made visible: function before argument,
   operands of infix operators and of := left to right, tuple and list
   items, constructor arguments, the scrutinee before any rule, andalso
   and orelse short-circuits, while's test each time round, a raise in
   the middle of a tuple; and ref patterns, equality on refs and arrays
   (identity) against vectors, lists and datatypes (structure). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val trace = ref ([] : string list)
fun t s v = (trace := s :: !trace; v)
fun show label = (pr (label ^ ": " ^ String.concatWith " " (rev (!trace))); trace := [])

val _ = (t "f" (fn x => x + 1)) (t "arg" 1)
val () = show "application"
val _ = t "left" 1 + t "right" 2 * t "third" 3
val () = show "operators"
val cell = ref 0
val () = (t "target" cell) := t "value" 5
val () = show ("assignment " ^ pi (!cell))
val _ = (t "a" 1, t "b" 2, [t "c" 3, t "d" 4], SOME (t "e" 5))
val () = show "tuple, list, constructor"
val _ = case t "scrutinee" 3 of 0 => t "rule0" 0 | n => t "rule n" n
val () = show "case"
val _ = t "l1" false andalso t "l2" true
val _ = t "o1" true orelse t "o2" false
val _ = t "o3" false orelse t "o4" true
val () = show "andalso/orelse"
val i = ref 0
val () = while t "test" (!i < 3) do (t "body" (); i := !i + 1)
val () = show "while"
val _ = (t "x" 1, t "y" (raise Fail "stop"), t "z" 3) handle Fail _ => (0, 0, 0)
val () = show "raise mid-tuple"
fun curried a b c = a + b + c
val _ = curried (t "1st" 1) (t "2nd" 2) (t "3rd" 3)
val () = show "curried"
val _ = (t "fun" curried) (t "A" 1)
val () = show "partial"
val r = ref 10
val _ = (r := !r + 1; t ("read " ^ pi (!r)) ()) before (r := !r * 2)
val () = show ("before " ^ pi (!r))
val _ = let val a = t "let1" 1 val b = t "let2" 2 in t "body" (a + b) end
val () = show "let"
val rec loopy = fn 0 => t "base" 0 | n => t ("step " ^ pi n) (loopy (n - 1))
val _ = loopy 2
val () = show "recursion unwinds"
val _ = String.concat [t "s1" "a", t "s2" "b"] ^ t "s3" "c"
val () = show "concat"

(* ref patterns *)
fun bump (r as ref n) = (r := n + 1; n)
val c = ref 41
val old = bump c
val () = pr ("ref pattern: old " ^ pi old ^ ", now " ^ pi (!c))
val (ref x, ref y) = (ref "left", ref "right")
val () = pr ("pair of ref patterns: " ^ x ^ " " ^ y)
fun deref [] = 0 | deref (ref v :: rest) = v + deref rest
val () = pr ("sum of refs: " ^ pi (deref [ref 1, ref 2, c]))
val nested = ref (SOME (ref 3))
val () = pr (case nested of ref (SOME (ref n)) => "nested ref " ^ pi n | ref NONE => "none")

(* equality: identity on refs and arrays, structure elsewhere *)
val r1 = ref 1 and r2 = ref 1
val a1 = Array.fromList [1] and a2 = Array.fromList [1]
fun b x = Bool.toString x
val () = pr ("refs: " ^ b (r1 = r2) ^ " " ^ b (r1 = r1) ^ " " ^ b (!r1 = !r2) ^ " " ^ b ([r1] = [r1]) ^ " " ^ b (SOME r1 = SOME r2))
val () = pr ("arrays: " ^ b (a1 = a2) ^ " " ^ b (a1 = a1) ^ " vectors: " ^ b (Vector.fromList [1, 2] = Vector.fromList [1, 2])
             ^ " " ^ b (Vector.fromList [r1] = Vector.fromList [r2]) ^ " " ^ b (Array.vector a1 = Array.vector a2))
val () = pr ("structures: " ^ b ((1, "a", [#"x"]) = (1, "a", [#"x"])) ^ " " ^ b ([[1], []] = [[1], [2]])
             ^ " " ^ b (SOME (SOME ()) = SOME (SOME ())) ^ " " ^ b ("" = "") ^ " " ^ b (0w0 = 0w0 - 0w0) ^ " " ^ b (LESS <> GREATER))
val () = r1 := 5
val () = pr ("after assignment: " ^ b (r1 = r2) ^ " " ^ pi (!r1) ^ " " ^ pi (!r2))
(* an assignment through an alias is seen through the other name *)
val alias = r2
val () = alias := 9
val () = pr ("alias: " ^ pi (!r2) ^ " " ^ b (alias = r2))
