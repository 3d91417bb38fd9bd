(* Tuple selectors #1, #2, ...: applied, passed to map and foldl, nested,
   written with a space, over tuples of every width met, and a function of
   a selector whose tuple type a later use in the same unit fixes. *)
val triple = (1, "two", #"3")
val _ = print (Int.toString (#1 triple) ^ " " ^ #2 triple ^ " " ^ str (#3 triple) ^ "\n")

val scores = [("ann", 3), ("bob", 5), ("cy", 2)]
val names = map #1 scores
val total = foldl (fn (s, acc) => #2 s + acc) 0 scores
val _ = print (String.concatWith "," names ^ " " ^ Int.toString total ^ "\n")

fun best (p : string * int) (q : string * int) = if #2 q > #2 p then q else p
val _ = print (#1 (foldl (fn (x, b) => best b x) ("", 0) scores) ^ "\n")

val nested = ((1, 2), (3, (4, 5)))
val _ = print (Int.toString (#2 (#2 (#2 nested)) + #1 (#1 nested)) ^ "\n")
val _ = print (Int.toString (# 2 (10, 20, 30, 40)) ^ "\n")
val _ = print (Int.toString (#4 (10, 20, 30, 40)) ^ "\n")

(* the width of second's tuple is fixed by the use below, before any `;` *)
fun second p = #2 p
val s = second (true, 7)
val _ = print (Int.toString s ^ "\n")

(* selectors in a pattern-matching function and compared for equality *)
fun sameEnds t = #1 (t : int * string * int) = #3 t
val _ = print (Bool.toString (sameEnds (1, "x", 1)) ^ " " ^ Bool.toString (sameEnds (1, "x", 2)) ^ "\n")

val pairs = ListPair.zip ([1, 2, 3], ["a", "b", "c"])
val _ = print (String.concat (map (fn p => #2 p ^ Int.toString (#1 p)) pairs) ^ "\n")
val _ = List.app (fn (p : int * int) => print (Int.toString (#1 p * #2 p) ^ " ")) [(1, 2), (3, 4)]
val _ = print "\n"
