(* Structural equality on every equality type: datatypes (with and
   without arguments, recursive, parameterised), lists, tuples, strings,
   chars, words, options, units, nested combinations; identity equality on
   refs and arrays *)
fun p s = print (s ^ "\n")
fun b true = "T" | b false = "F"
datatype color = Red | Green | Blue
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
datatype shape = Pt | Seg of int * int | Poly of (int * int) list | Named of string * shape
val _ = p (b (Red = Red) ^ b (Red = Blue) ^ b (Red <> Green) ^ b ([Red, Green] = [Red, Green]) ^ b ([Red] = [Red, Red]))
val t1 = Node (Node (Leaf, 1, Leaf), 2, Leaf)
val t2 = Node (Node (Leaf, 1, Leaf), 2, Leaf)
val t3 = Node (Leaf, 1, Node (Leaf, 2, Leaf))
val _ = p (b (t1 = t2) ^ b (t1 = t3) ^ b (Leaf = (Leaf : int tree)) ^ b (Node (Leaf, "a", Leaf) = Node (Leaf, "a", Leaf)))
val _ = p (b (Named ("sq", Poly [(0, 0), (0, 1)]) = Named ("sq", Poly [(0, 0), (0, 1)])) ^ b (Seg (1, 2) = Seg (2, 1)) ^ b (Pt = Named ("", Pt)))
val _ = p (b ((1, 2) = (1, 2)) ^ b ((1, (2, 3)) = (1, (2, 4))) ^ b (((), ()) = ((), ())) ^ b ((true, #"x", "y") = (true, #"x", "y")))
val _ = p (b ("" = "") ^ b ("abc" = "abc") ^ b ("abc" = "abd") ^ b ("a" = "a\000") ^ b ("\255" = "\255"))
val _ = p (b (#"a" = #"a") ^ b (#"a" = #"A") ^ b (chr 0 = #"\000"))
val _ = p (b (0w0 = 0w0) ^ b (0wxFF = 0w255) ^ b (Word.fromInt ~1 = 0wx7FFFFFFFFFFFFFFF) ^ b (0w1 <> 0w2))
val _ = p (b (SOME 1 = SOME 1) ^ b (SOME [1] = SOME [2]) ^ b (NONE = SOME "") ^ b ([NONE, SOME true] = [NONE, SOME true]))
val _ = p (b ([[1, 2], [3]] = [[1, 2], [3]]) ^ b ([[1, 2], [3]] = [[1], [2, 3]]) ^ b ([[]] = ([[]] : int list list)))
val r1 = ref 1 val r2 = ref 1 val r3 = r1
val _ = p (b (r1 = r2) ^ b (r1 = r3) ^ b (!r1 = !r2) ^ b ([r1] = [r3]) ^ b ((r1, 1) = (r2, 1)) ^ b (SOME r1 = SOME r3))
val a1 = Array.fromList [1] val a2 = Array.fromList [1]
val _ = p (b (a1 = a2) ^ b (a1 = a1) ^ b ([a1] = [a1, a1]))
datatype holder = H of int ref
val h1 = H r1
val _ = p (b (h1 = H r1) ^ b (h1 = H r2))
val rr = ref (ref 0)
val _ = p (b (!rr = !rr) ^ b (rr = ref (!rr)))
fun member (x, []) = false | member (x, y :: r) = x = y orelse member (x, r)
val _ = p (b (member ((1, "a"), [(2, "b"), (1, "a")])) ^ b (member (Blue, [Red])) ^ b (member (t3, [t1, t2])))
fun dedup [] = [] | dedup (x :: r) = x :: dedup (List.filter (fn y => y <> x) r)
val _ = p (String.concat (map (fn s => s ^ ",") (dedup ["a", "b", "a", "c", "b", ""])))
val _ = p (b (explode "xy" = [#"x", #"y"]) ^ b (implode [] = "") ^ b (rev [1, 2] = [2, 1]) ^ b ([1] @ [2] = [1, 2]))
val _ = p (b (Int.fromString "7" = SOME 7) ^ b (Int.toString 7 = "7") ^ b (SOME (SOME ()) = SOME NONE))
fun eqList eq ([], []) = true | eqList eq (x :: r, y :: s) = eq (x, y) andalso eqList eq (r, s) | eqList _ _ = false
val _ = p (b (eqList (op =) ([1, 2], [1, 2])) ^ b (eqList (fn (a, b) => a mod 2 = b mod 2) ([1, 2], [3, 4])))
val big1 = List.map (fn x => (x, Int.toString x)) [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
val big2 = List.map (fn x => (x, Int.toString x)) [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
val _ = p (b (big1 = big2) ^ b (big1 = rev big2))
val _ = p (b (Red = Red andalso Blue <> Green orelse false) ^ b (1 = 1 = true) ^ b ((1 = 2) = false))
