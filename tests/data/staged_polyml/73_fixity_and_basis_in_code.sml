(* User infix operators and infix constructors used inside generated code,
   op sections of built-in operators, order and String.compare, rebinding
   of basis names inside code and at top level (a top-level rev shadowing
   the basis one is the one the code uses), lift inside code (two
   stages), curried generated functions partially applied, Vector and
   fromString functions, handlers with string constant patterns. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
infix 6 +++
fun a +++ b = a * 100 + b
datatype 'a chain = End | ::: of 'a * 'a chain
infixr 5 :::
val g1 = code (fn x => x +++ 1 +++ 2)
val g2 = code (let fun tot End = 0 | tot (x ::: r) = x + tot r in tot (1 ::: 2 ::: 3 ::: End) end)
val _ = pr (pi (eval g1 7) ^ " " ^ pi (eval g2))
val g3 = code (fn xs => (foldl (op ::) [] xs, foldr (op +) 0 xs, map (op ~) xs, List.map (fn x => op* (x, x)) xs))
val _ = case eval g3 [1, 2, 3] of (a, b, c, d) => pr (String.concatWith "," (map pi (a @ [b] @ c @ d)))
val g4 = code (fn (a, b) => case String.compare (a, b) of LESS => "<" | EQUAL => "=" | GREATER => ">")
val _ = pr (String.concat (map (eval g4) [("a", "b"), ("b", "b"), ("c", "b")]))
val g5 = code (let val map = 5 val op + = fn (a, b) => a * b in map + 3 end)
val _ = pr (pi (eval g5))
fun rev xs = ["shadowed"]
val g6 = code (rev [1])
val _ = pr (String.concat (eval g6))
val g7 = code (fn x => let cogen y = lift (x + 1) in code (y * 2) end)
val _ = pr (pi (eval (eval g7 20)))
val g8 = code (fn f => fn x => fn y => f (x, y))
val curried = eval g8 (op -)
val minus10 = curried 10
val _ = pr (pi (minus10 3) ^ " " ^ pi (curried 1 1))
val g9 = code (fn n => Vector.foldl op+ 0 (Vector.tabulate (n, fn i => i * i)))
val _ = pr (pi (eval g9 10))
val g10 = code (fn s => (Int.fromString s, Bool.fromString s, Char.fromString s))
val _ = case eval g10 "42" of (a, b, c) => pr (pi (getOpt (a, ~1)) ^ (case b of NONE => "nb" | SOME _ => "b") ^ (case c of SOME ch => String.str ch | NONE => "-"))
val g11 = code (fn x => x handle Fail "a" => 1 | Fail s => size s | Div => 2)
val _ = pr (pi (eval g11 (raise Fail "a") handle _ => ~1))
val h = eval g11
val _ = pr (String.concatWith " " (map pi [(h (raise Fail "a")) handle _ => ~1]))
