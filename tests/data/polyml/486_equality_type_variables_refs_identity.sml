(* Equality: polymorphic equality on lists, tuples, options, datatypes
   (nested and recursive), chars and strings; functions over equality type
   variables (''a): membership, removing duplicates, counting, association
   lookup, list difference; refs compare by identity; equality on
   datatypes whose constructors carry other equality types. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun pb b = Bool.toString b

datatype shape = Circle of int | Rect of int * int | Group of shape list
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree

fun member (x, []) = false
  | member (x, y :: ys) = x = y orelse member (x, ys)
fun nub [] = []
  | nub (x :: xs) = x :: nub (List.filter (fn y => y <> x) xs)
fun count x xs = foldl (fn (y, n) => if x = y then n + 1 else n) 0 xs
fun assoc (k, []) = NONE
  | assoc (k, (k', v) :: rest) = if k = k' then SOME v else assoc (k, rest)
fun diff (xs, ys) = List.filter (fn x => not (member (x, ys))) xs
fun allEqual [] = true
  | allEqual (x :: xs) = List.all (fn y => y = x) xs

val _ = pr ("lists: " ^ pb ([1, 2, 3] = [1, 2, 3]) ^ " " ^ pb ([1, 2] = [1, 2, 3]) ^ " " ^ pb ([] = ([] : int list)))
val _ = pr ("tuples: " ^ pb ((1, "a", #"c") = (1, "a", #"c")) ^ " " ^ pb ((1, (2, 3)) = (1, (3, 2))))
val _ = pr ("options: " ^ pb (SOME [1] = SOME [1]) ^ " " ^ pb (SOME 0 = NONE) ^ " " ^ pb (NONE = (NONE : string option)))
val _ = pr ("shapes: " ^ pb (Group [Circle 1, Rect (2, 3)] = Group [Circle 1, Rect (2, 3)]) ^ " " ^
            pb (Group [Circle 1] = Group [Circle 1, Circle 1]) ^ " " ^ pb (Rect (1, 2) = Rect (2, 1)))
fun fromList xs = foldl (fn (x, t) => let fun ins Leaf = Node (Leaf, x, Leaf)
                                              | ins (n as Node (l, y, r)) =
                                                  if x < y then Node (ins l, y, r)
                                                  else if x > y then Node (l, y, ins r) else n
                                          in ins t end) Leaf xs
val _ = pr ("trees: " ^ pb (fromList [2, 1, 3] = fromList [2, 3, 1]) ^ " " ^ pb (fromList [1, 2, 3] = fromList [2, 1, 3]))

val _ = pr ("member: " ^ pb (member ("b", ["a", "b"])) ^ " " ^ pb (member ([1], [[2], [1, 1]])) ^ " " ^ pb (member (Circle 2, [Rect (2, 2), Circle 2])))
val _ = pr ("nub: " ^ String.concatWith "," (map pi (nub [3, 1, 3, 2, 1, 4, 3])) ^ " / " ^ implode (nub (explode "mississippi")))
val _ = pr ("count: " ^ pi (count #"s" (explode "mississippi")) ^ " " ^ pi (count (SOME 1) [SOME 1, NONE, SOME 1, SOME 2]))
val _ = pr ("assoc: " ^ (case assoc ((1, 2), [((2, 1), "x"), ((1, 2), "y")]) of SOME v => v | NONE => "none") ^ " " ^
            (case assoc ("z", [("a", 1)]) of SOME v => pi v | NONE => "none"))
val _ = pr ("diff: " ^ String.concatWith "," (map pi (diff ([1, 2, 3, 4, 5, 6], [2, 4, 7]))))
val _ = pr ("allEqual: " ^ pb (allEqual [[1], [1], [1]]) ^ " " ^ pb (allEqual ["a", "a", "b"]) ^ " " ^ pb (allEqual ([] : bool list)))

(* refs: identity, not contents *)
val r1 = ref 5
val r2 = ref 5
val r3 = r1
val _ = pr ("refs: r1=r2 " ^ pb (r1 = r2) ^ ", r1=r3 " ^ pb (r1 = r3) ^ ", !r1=!r2 " ^ pb (!r1 = !r2))
val _ = r3 := 6
val _ = pr ("after r3 := 6: !r1 = " ^ pi (!r1) ^ ", member r2 [r1] " ^ pb (member (r2, [r1])) ^ ", member r3 [r1] " ^ pb (member (r3, [r1])))
datatype cell = Cell of int ref * string
val c1 = Cell (r1, "x")
val _ = pr ("cells: " ^ pb (c1 = Cell (r1, "x")) ^ " " ^ pb (c1 = Cell (ref 6, "x")))

(* equality on characters and strings is exact, ordering is by code *)
val _ = pr ("strings: " ^ pb ("abc" = "ab" ^ "c") ^ " " ^ pb ("Abc" = "abc") ^ " " ^ pb ("a" < "b") ^ " " ^ pb ("Z" < "a") ^ " " ^ pb ("" < "a"))
val _ = pr ("chars: " ^ pb (#"a" = chr 97) ^ " " ^ pb (#"\n" = chr 10) ^ " " ^ pb (str #"x" = "x"))

(* an equality-typed polymorphic function used at many types *)
fun positions x xs =
    let fun go (_, [], acc) = rev acc
          | go (i, y :: ys, acc) = go (i + 1, ys, if x = y then i :: acc else acc)
    in go (0, xs, []) end
val _ = pr ("positions: " ^ String.concatWith "," (map pi (positions 1 [1, 0, 1, 1])) ^ " | " ^
            String.concatWith "," (map pi (positions "b" ["a", "b", "c", "b"])) ^ " | " ^
            String.concatWith "," (map pi (positions (Leaf : int tree) [Leaf, Node (Leaf, 1, Leaf), Leaf])))
