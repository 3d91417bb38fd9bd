(* The Vector structure and Array.vector: every function, its evaluation
   order (tabulate, map, mapi, app and the folds call f in a visible
   order), its exceptions (Subscript, Size), and equality on vectors, which
   compares them item by item (unlike arrays, which are equal only to
   themselves). *)

fun ints v = "[" ^ String.concatWith "," (Vector.foldr (fn (x, acc) => Int.toString x :: acc) [] v) ^ "]"
fun line parts = print (String.concatWith " " parts ^ "\n")
fun show b = if b then "T" else "F"
fun orderName LESS = "LESS" | orderName EQUAL = "EQUAL" | orderName GREATER = "GREATER"
fun trace tag x = (print (tag ^ Int.toString x ^ " "); x)

(* Poly/ML's optimiser fails on a constant negative index: compute it *)
val minus1 = ~ (!(ref 1))
val empty : int vector = Vector.fromList []
val v = Vector.fromList [3, 1, 4, 1, 5]
val _ = line [ints v, ints empty, Int.toString (Vector.length v), Int.toString (Vector.length empty)]
val _ = line [Int.toString (Vector.sub (v, 0)), Int.toString (Vector.sub (v, 4))]
val _ = line [Int.toString (Vector.sub (v, 5)) handle Subscript => "Subscript",
              Int.toString (Vector.sub (v, minus1)) handle Subscript => "Subscript",
              Int.toString (Vector.sub (empty, 0)) handle Subscript => "Subscript"]

(* tabulate calls f from 0 upwards; a negative length is Size, before any call *)
val upToFive = Vector.tabulate (5, trace "t")
val _ = print "\n"
val _ = line [ints upToFive, ints (Vector.tabulate (0, trace "never"))]
val _ = line [ints (Vector.tabulate (minus1, trace "never")) handle Size => "Size"]

(* update makes a new vector and leaves the old one alone *)
val w = Vector.update (v, 2, 40)
val _ = line [ints w, ints v, ints (Vector.update (v, 5, 0)) handle Subscript => "Subscript",
              ints (Vector.update (v, minus1, 0)) handle Subscript => "Subscript"]

val _ = line [ints (Vector.concat [v, empty, w, Vector.fromList [9]]), ints (Vector.concat []),
              ints (Vector.concat [empty, empty])]

val _ = line [ints (Vector.map (trace "m") v)]
val _ = line [ints (Vector.mapi (fn (i, x) => (print (Int.toString i ^ ":" ^ Int.toString x ^ " "); i * x)) v)]
val _ = (Vector.app (fn x => print (Int.toString x ^ ";")) v; print "\n")
val _ = (Vector.appi (fn (i, x) => print (Int.toString i ^ "=" ^ Int.toString x ^ ";")) v; print "\n")

val _ = line [Vector.foldl (fn (x, s) => s ^ Int.toString x) "l" v,
              Vector.foldr (fn (x, s) => s ^ Int.toString x) "r" v,
              Vector.foldli (fn (i, x, s) => s ^ Int.toString (i * 10 + x) ^ ".") "li:" v,
              Vector.foldri (fn (i, x, s) => s ^ Int.toString (i * 10 + x) ^ ".") "ri:" v,
              Vector.foldl (fn (x, s) => s ^ Int.toString x) "e" empty]

(* the searches stop at the first hit, from the left *)
val _ = line [show (Vector.exists (fn x => trace "e" x > 3) v), show (Vector.all (fn x => trace "a" x < 4) v),
              show (Vector.exists (fn _ => true) empty), show (Vector.all (fn _ => false) empty)]
val _ = line [case Vector.find (fn x => x > 3) v of SOME x => Int.toString x | NONE => "none",
              case Vector.find (fn x => x > 9) v of SOME x => Int.toString x | NONE => "none",
              case Vector.findi (fn (i, x) => i > 1 andalso x = 1) v of
                  SOME (i, x) => Int.toString i ^ "," ^ Int.toString x
                | NONE => "none",
              case Vector.findi (fn _ => true) empty of SOME _ => "some" | NONE => "none"]

val _ = line (map (orderName o Vector.collate Int.compare)
                  [(v, v), (v, w), (w, v), (empty, v), (v, empty), (empty, empty),
                   (Vector.fromList [3, 1], v), (v, Vector.fromList [3, 1, 4, 1, 5, 0])])
val _ = line [orderName (Vector.collate (fn (a, b) => Int.compare (b, a)) (v, w))]

(* equality: item by item, at any type that admits it *)
val _ = line (map show [v = Vector.fromList [3, 1, 4, 1, 5], v = w, empty = Vector.fromList [],
                        v <> Vector.tabulate (5, fn i => i), Vector.fromList [v] = Vector.fromList [v],
                        Vector.fromList ["a", "b"] = Vector.fromList ["a", "b"],
                        Vector.fromList [SOME [1], NONE] = Vector.fromList [SOME [1], NONE],
                        Vector.fromList [(1, "x")] = Vector.fromList [(1, "y")],
                        Vector.fromList [v, empty] = Vector.fromList [v]])
val r = ref 1
val _ = line (map show [Vector.fromList [r] = Vector.fromList [r], Vector.fromList [r] = Vector.fromList [ref 1]])

(* Array.vector copies the array's current items *)
val a = Array.fromList [10, 20, 30]
val frozen = Array.vector a
val _ = Array.update (a, 0, 99)
val _ = line [ints frozen, ints (Array.vector a), ints (Array.vector (Array.fromList []))]
val _ = line [show (Array.vector a = Array.vector a), show (frozen = Array.vector a)]

(* a vector of vectors, and vectors inside datatypes *)
datatype tree = Leaf of int | Node of tree vector
fun sum (Leaf n) = n
  | sum (Node kids) = Vector.foldl (fn (t, s) => s + sum t) 0 kids
val t = Node (Vector.fromList [Leaf 1, Node (Vector.fromList [Leaf 2, Leaf 3]), Node (Vector.fromList [])])
val _ = line [Int.toString (sum t), show (t = t),
              show (Node (Vector.fromList [Leaf 1]) = Node (Vector.fromList [Leaf 2]))]
val grid = Vector.tabulate (3, fn i => Vector.tabulate (4, fn j => i * 4 + j))
val _ = line [Int.toString (Vector.sub (Vector.sub (grid, 2), 3)),
              ints (Vector.map (fn row => Vector.foldl op+ 0 row) grid)]
