(* Generators over a polymorphic tree (sums, concatenations, shape-specialised flatteners), equality-typed lifted keys, explicit type variables, datatype replication, withtype and abstype under code *)
fun say s = print (s ^ "\n")
fun mem x = let cogen x' = lift x in code (fn l => List.exists (fn y => y = x') l) end
val _ = say (Bool.toString (eval (mem 3) [1, 2, 3]) ^ Bool.toString (eval (mem "a") ["b"]) ^ Bool.toString (eval (mem (SOME [#"c"])) [NONE, SOME [#"c"]]))
val 'a dupl = fn (g : ['a]) => let cogen u = g in code [u, u] end
val _ = say (Int.toString (length (eval (dupl (code 1)))) ^ hd (eval (dupl (code "z"))))
fun 'a pairWith (x : 'a) = let cogen x' = lift x in code (fn (y : 'a) => (x', y)) end
val _ = case eval (pairWith "p") "q" of (a, b) => say (a ^ b)
fun assoc (k : ''k) (tbl : (''k * 'v) list) = let cogen k' = lift k cogen t = lift tbl in code (let fun f [] = NONE | f ((a, b) :: r) = if a = k' then SOME b else f r in f t end) end
val _ = say (case eval (assoc "b" [("a", 1), ("b", 2)]) of SOME n => Int.toString n | NONE => "none")
val _ = say (case eval (assoc 2 [(1, "x")]) of SOME s => s | NONE => "none")
datatype 'a tree = L of 'a | N of 'a tree * 'a tree
fun sumGen (L n) = let cogen n' = lift n in code n' end
  | sumGen (N (a, b)) = let cogen x = sumGen a cogen y = sumGen b in code (x + y) end
fun catGen (L s) = let cogen s' = lift s in code s' end
  | catGen (N (a, b)) = let cogen x = catGen a cogen y = catGen b in code (x ^ y) end
fun build 0 v = L v | build n v = N (build (n - 1) v, build (n - 1) (v + n))
fun mapT f (L x) = L (f x) | mapT f (N (a, b)) = N (mapT f a, mapT f b)
val _ = say (Int.toString (eval (sumGen (build 8 1))))
val _ = say (eval (catGen (mapT Int.toString (build 4 0))))
fun shapeGen (L _) = code (fn (L v) => [v] | N _ => raise Fail "shape")
  | shapeGen (N (a, b)) = let cogen f = shapeGen a cogen g = shapeGen b in code (fn (N (x, y)) => f x @ g y | L _ => raise Fail "shape") end
val fl = eval (shapeGen (build 3 0))
val _ = say (String.concatWith "," (map Int.toString (fl (build 3 5))))
val _ = say (String.concatWith "," (eval (shapeGen (build 3 0)) (mapT Int.toString (build 3 7))))
val _ = say ((String.concatWith "," (map Int.toString (fl (build 2 5)))) handle Fail m => m)
datatype t2 = datatype tree
val rep = code (fn (N (L a, L b)) => a + b | _ => 0)
val _ = say (Int.toString ((eval rep) (N (L 1, L 2))))
datatype expr = Lit of int | Add of expr * expr | Let of string * expr * body
withtype body = expr
val wt = code (let fun ev (Lit n) = n | ev (Add (a, b)) = ev a + ev b | ev (Let (_, a, b)) = ev a * ev b in ev end)
val _ = say (Int.toString ((eval wt) (Let ("x", Lit 3, Add (Lit 1, Lit 2)))))
abstype stack = S of int list with
  val empty = S []
  val pushc = code (fn (x, S l) => S (x :: l))
  fun top (S (x :: _)) = x | top _ = ~1
end
val _ = say (Int.toString (top ((eval pushc) (4, (eval pushc) (3, empty)))))
