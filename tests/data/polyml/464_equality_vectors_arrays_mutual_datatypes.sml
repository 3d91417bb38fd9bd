(* Structural equality beyond lists: vectors compare by contents, arrays
   and refs by identity; equality on a parameterised datatype instantiated
   at equality types, on mutually recursive datatypes, on pairs of
   options of vectors; an ''a-polymorphic memo table keyed by any
   equality type; sorting-free set operations by equality; and the
   order of evaluation of both operands of = when they have effects. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun pb b = Bool.toString b

val v1 = Vector.fromList [1, 2, 3]
val v2 = Vector.tabulate (3, fn i => i + 1)
val a1 = Array.fromList [1, 2, 3]
val a2 = Array.fromList [1, 2, 3]
val _ = pr ("vectors by contents: " ^ pb (v1 = v2) ^ " " ^ pb (v1 = Vector.fromList [1, 2]) ^ " " ^ pb (Vector.fromList ([] : int list) = Vector.fromList []))
val _ = pr ("arrays by identity: " ^ pb (a1 = a2) ^ " " ^ pb (a1 = a1) ^ " " ^ pb (Array.vector a1 = Array.vector a2))
val _ = pr ("vectors of strings: " ^ pb (Vector.fromList ["a", "b"] = Vector.map (fn c => str c) (Vector.fromList [#"a", #"b"])))
val _ = pr ("pairs of options of vectors: " ^ pb ((SOME v1, NONE : int vector option) = (SOME v2, NONE)))
val _ = pr ("lists of arrays: " ^ pb ([a1, a2] = [a1, a2]) ^ " " ^ pb ([a1, a2] = [a2, a1]))

datatype ('k, 'v) assoc = Empty | Entry of 'k * 'v * ('k, 'v) assoc
fun insertA (k, v, m) = Entry (k, v, m)
fun lookupA (k, Empty) = NONE
  | lookupA (k, Entry (k', v, rest)) = if k = k' then SOME v else lookupA (k, rest)
val m1 = insertA ("x", [1], insertA ("y", [2, 3], Empty))
val m2 = insertA ("x", [1], insertA ("y", [2, 3], Empty))
val _ = pr ("assoc equal: " ^ pb (m1 = m2) ^ " " ^ pb (m1 = insertA ("y", [2, 3], insertA ("x", [1], Empty))))
val _ = pr ("lookupA with tuple keys: " ^ (case lookupA ((1, #"b"), insertA ((1, #"a"), "first", insertA ((1, #"b"), "second", Empty))) of
                                                SOME s => s | NONE => "none"))

datatype expr = Lit of int | Add of expr * expr | Block of stmt list
and stmt = Assign of string * expr | Print of expr
val prog1 = Block [Assign ("x", Add (Lit 1, Lit 2)), Print (Lit 3)]
val prog2 = Block [Assign ("x", Add (Lit 1, Lit 2)), Print (Lit 3)]
val prog3 = Block [Assign ("x", Add (Lit 2, Lit 1)), Print (Lit 3)]
val _ = pr ("mutual datatypes: " ^ pb (prog1 = prog2) ^ " " ^ pb (prog1 = prog3) ^ " " ^ pb (Print (Lit 3) = Print (Lit 3)))

(* a memo table for any function whose argument is an equality type *)
fun memo f =
    let val table = ref []
        val misses = ref 0
        fun call x = case List.find (fn (y, _) => y = x) (!table) of
                         SOME (_, v) => v
                       | NONE => let val v = f x in misses := !misses + 1; table := (x, v) :: !table; v end
    in (call, fn () => !misses) end
val (slowLen, lenMisses) = memo (fn (s : string) => size s)
val _ = map slowLen ["a", "bb", "a", "ccc", "bb", "a"]
val _ = pr ("memo on strings: misses " ^ pi (lenMisses ()))
val (sumPair, pairMisses) = memo (fn (xs : int list, o1 : int option) => foldl op + (getOpt (o1, 0)) xs)
val sums = map sumPair [([1, 2], NONE), ([1, 2], SOME 1), ([1, 2], NONE), ([], SOME 5), ([1, 2], SOME 1)]
val _ = pr ("memo on (list, option): " ^ String.concatWith " " (map pi sums) ^ ", misses " ^ pi (pairMisses ()))

(* set operations by equality *)
fun union (xs, ys) = xs @ List.filter (fn y => not (List.exists (fn x => x = y) xs)) ys
fun inter (xs, ys) = List.filter (fn x => List.exists (fn y => x = y) ys) xs
fun subset (xs, ys) = List.all (fn x => List.exists (fn y => x = y) ys) xs
fun setEq (xs, ys) = subset (xs, ys) andalso subset (ys, xs)
val s1 = [[1], [2, 3], []]
val s2 = [[], [4], [1]]
val _ = pr ("union size " ^ pi (length (union (s1, s2))) ^ ", inter size " ^ pi (length (inter (s1, s2))) ^
            ", setEq " ^ pb (setEq (s1, rev s1)) ^ " " ^ pb (setEq (s1, s2)))
val _ = pr ("sets of chars: " ^ implode (union (explode "hello", explode "world")) ^ " " ^ implode (inter (explode "hello", explode "world")))

(* effects in both operands of = : left first *)
val order = ref ""
fun tick (name, v) = (order := !order ^ name; v)
val eq = tick ("L", [1, 2]) = tick ("R", [1, 2])
val _ = pr ("operands of = evaluated " ^ !order ^ ", result " ^ pb eq)
val _ = order := ""
val ne = tick ("L", SOME "a") <> tick ("R", NONE)
val _ = pr ("operands of <> evaluated " ^ !order ^ ", result " ^ pb ne)

(* refs inside structures: identity of the ref, not its contents *)
val shared = ref 0
val t1 = (shared, "t")
val t2 = (shared, "t")
val t3 = (ref 0, "t")
val _ = pr ("tuples with refs: " ^ pb (t1 = t2) ^ " " ^ pb (t1 = t3))
val _ = shared := 5
val _ = pr ("after update: " ^ pb (t1 = t2) ^ " " ^ pi (!(#1 t2)))
