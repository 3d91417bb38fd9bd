(* Equality: structural on nested datatypes, lists of options of tuples,
   mutually recursive datatypes; identity on refs and arrays even when
   nested inside structures; refs compared after aliasing and mutation;
   a memo table keyed by structural equality *)
fun p s = print (s ^ "\n")
fun b true = "T" | b false = "F"
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
datatype expr = Num of int | Add of expr * expr | Let of string * expr * body
and body = Body of expr list | Empty
datatype cell = Cell of int ref * string
val t1 = Node (Node (Leaf, 1, Leaf), 2, Node (Leaf, 3, Leaf))
val t2 = Node (Node (Leaf, 1, Leaf), 2, Node (Leaf, 3, Leaf))
val t3 = Node (Node (Leaf, 1, Leaf), 2, Node (Leaf, 4, Leaf))
val _ = p (String.concat (map b [t1 = t2, t1 = t3, t1 <> t3, Leaf = (Leaf : int tree), Node (Leaf, "a", Leaf) = Node (Leaf, "a", Leaf)]))
val e1 = Let ("x", Num 1, Body [Add (Num 1, Num 2), Num 3])
val e2 = Let ("x", Num 1, Body [Add (Num 1, Num 2), Num 3])
val e3 = Let ("x", Num 1, Body [Add (Num 1, Num 2)])
val _ = p (String.concat (map b [e1 = e2, e1 = e3, Body [] = Empty, Body [] = Body [], Let ("", Num 0, Empty) = Let ("", Num 0, Empty)]))
val _ = p (String.concat (map b [[SOME (1, "a"), NONE] = [SOME (1, "a"), NONE], [SOME (1, "a")] = [SOME (1, "b")], [[]] = [[], []],
                                 ([] : int list) = [], (1, (2, (3, [4]))) = (1, (2, (3, [4]))), SOME (SOME NONE) = SOME (SOME (NONE : int option))]))
(* refs: identity, not contents *)
val r1 = ref 1
val r2 = ref 1
val r3 = r1
val _ = p (String.concat (map b [r1 = r2, r1 = r3, !r1 = !r2, ref 0 = ref 0]))
val _ = (r3 := 5)
val _ = p (Int.toString (!r1) ^ " " ^ b (r1 = r3) ^ b (!r1 = !r2))
(* refs inside data: the structure is compared, the refs by identity *)
val c1 = Cell (r1, "x")
val c2 = Cell (r1, "x")
val c3 = Cell (r2, "x")
val _ = p (String.concat (map b [c1 = c2, c1 = c3, [c1, c3] = [c2, c3], SOME r1 = SOME r3, (r1, 1) = (r2, 1)]))
val rr = ref r1
val _ = p (String.concat (map b [!rr = r1, rr = ref r1, !(!rr) = 5]))
(* arrays: identity *)
val a1 = Array.fromList [1, 2]
val a2 = Array.fromList [1, 2]
val _ = p (String.concat (map b [a1 = a2, a1 = a1, [a1] = [a1], (a1, a2) = (a1, a2), (a1, a2) = (a2, a1)]))
(* memo table with structural keys *)
val table : (int tree * int) list ref = ref []
val lookups = ref 0
fun size' Leaf = 0 | size' (Node (l, _, r)) = size' l + 1 + size' r
fun memoSize t = case List.find (fn (k, _) => k = t) (!table) of
                   SOME (_, v) => (lookups := !lookups + 1; v)
                 | NONE => let val v = size' t in table := (t, v) :: !table; v end
val _ = app (fn t => ignore (memoSize t)) [t1, t2, t3, t1, Leaf, Leaf, t3]
val _ = p (Int.toString (length (!table)) ^ " entries, " ^ Int.toString (!lookups) ^ " hits")
(* equality on strings and chars with every byte *)
val all = implode (List.tabulate (256, chr))
val _ = p (b (all = implode (explode all)) ^ b (all = implode (rev (explode all))) ^ b (String.substring (all, 10, 5) = "\n\v\f\r\^N"))
(* polymorphic equality function over equality types *)
fun count x xs = length (List.filter (fn y => y = x) xs)
val _ = p (String.concatWith " " [Int.toString (count 1 [1, 2, 1]), Int.toString (count "a" ["a", "b"]), Int.toString (count t1 [t2, t3, t1]),
                                  Int.toString (count r1 [r2, r3, r1]), Int.toString (count (SOME #"x") [NONE, SOME #"x"])])
