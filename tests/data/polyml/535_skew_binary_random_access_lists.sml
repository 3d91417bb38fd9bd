(* Okasaki's skew-binary random-access lists: O(log n) lookup and update
   with list-like cons/head/tail; checked against plain lists. *)
datatype 'a tree = Leaf of 'a | Node of 'a * 'a tree * 'a tree
type 'a ral = (int * 'a tree) list

exception Index of string * int

val empty : 'a ral = []
fun cons (x, ts as (w1, t1) :: (w2, t2) :: rest) =
      if w1 = w2 then (1 + w1 + w2, Node (x, t1, t2)) :: rest else (1, Leaf x) :: ts
  | cons (x, ts) = (1, Leaf x) :: ts
fun head [] = raise Empty
  | head ((_, Leaf x) :: _) = x
  | head ((_, Node (x, _, _)) :: _) = x
fun tail [] = raise Empty
  | tail ((_, Leaf _) :: ts) = ts
  | tail ((w, Node (_, t1, t2)) :: ts) = (w div 2, t1) :: (w div 2, t2) :: ts

fun lookupTree (1, 0, Leaf x) = x
  | lookupTree (_, 0, Node (x, _, _)) = x
  | lookupTree (w, i, Node (_, t1, t2)) =
      if i <= w div 2 then lookupTree (w div 2, i - 1, t1) else lookupTree (w div 2, i - 1 - w div 2, t2)
  | lookupTree (w, i, Leaf _) = raise Index ("leaf", i)
fun updateTree (1, 0, y, Leaf _) = Leaf y
  | updateTree (_, 0, y, Node (_, t1, t2)) = Node (y, t1, t2)
  | updateTree (w, i, y, Node (x, t1, t2)) =
      if i <= w div 2 then Node (x, updateTree (w div 2, i - 1, y, t1), t2)
      else Node (x, t1, updateTree (w div 2, i - 1 - w div 2, y, t2))
  | updateTree (_, i, _, Leaf _) = raise Index ("leaf", i)

fun lookup ([], i) = raise Index ("lookup", i)
  | lookup ((w, t) :: ts, i) = if i < w then lookupTree (w, i, t) else lookup (ts, i - w)
fun update ([], i, _) = raise Index ("update", i)
  | update ((w, t) :: ts, i, y) = if i < w then (w, updateTree (w, i, y, t)) :: ts
                                  else (w, t) :: update (ts, i - w, y)

fun fromList xs = foldr cons empty xs
fun toList r = if null r then [] else head r :: toList (tail r)
fun shape (r : 'a ral) = String.concatWith "+" (map (Int.toString o #1) r)

val _ = List.app (fn n => print (StringCvt.padLeft #" " 3 (Int.toString n) ^ ": "
                                 ^ shape (fromList (List.tabulate (n, fn i => i))) ^ "\n"))
                 [0, 1, 2, 3, 4, 7, 10, 15, 16, 30, 31, 100]

val n = 50
val r0 = fromList (List.tabulate (n, fn i => i * i))
val ok = List.all (fn i => lookup (r0, i) = i * i) (List.tabulate (n, fn i => i))
val _ = print ("lookups agree: " ^ Bool.toString ok ^ "\n")
val r1 = foldl (fn (i, r) => update (r, i, ~i)) r0 [0, 7, 13, 49, 25]
val _ = print (String.concatWith " " (map Int.toString (List.take (toList r1, 16))) ^ "\n")
val _ = print ("sum " ^ Int.toString (foldl op + 0 (toList r1)) ^ " shape " ^ shape r1 ^ "\n")
val r2 = tail (tail (tail r1))
val _ = print ("after 3 tails: " ^ shape r2 ^ " head " ^ Int.toString (head r2) ^ "\n")
fun try f = (Int.toString (f ()) handle Index (w, i) => w ^ " out of range at " ^ Int.toString i
                                      | Empty => "empty")
val _ = print (String.concatWith "; " [try (fn () => lookup (r1, 50)), try (fn () => lookup (r2, 46)),
                                       try (fn () => lookup (r2, 47)), try (fn () => head (tail (fromList [1])))] ^ "\n")
val strs = fromList (explode "skew binary")
val _ = print (implode (toList (update (update (strs, 0, #"S"), 5, #"B"))) ^ "\n")
val _ = lookup (strs, ~1)
