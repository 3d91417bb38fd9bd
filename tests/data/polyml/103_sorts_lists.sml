(* insertion sort, selection sort, mergesort and quicksort on int lists,
   polymorphic in the comparison, checked against each other *)
fun insert cmp (x, []) = [x]
  | insert cmp (x, l as y :: ys) = if cmp (x, y) <> GREATER then x :: l else y :: insert cmp (x, ys)
fun isort cmp l = foldl (insert cmp) [] l
fun split [] = ([], [])
  | split [x] = ([x], [])
  | split (x :: y :: rest) = let val (a, b) = split rest in (x :: a, y :: b) end
fun merge cmp ([], ys) = ys
  | merge cmp (xs, []) = xs
  | merge cmp (xs as x :: xt, ys as y :: yt) =
      (case cmp (x, y) of GREATER => y :: merge cmp (xs, yt) | _ => x :: merge cmp (xt, ys))
fun msort cmp [] = []
  | msort cmp [x] = [x]
  | msort cmp l = let val (a, b) = split l in merge cmp (msort cmp a, msort cmp b) end
fun qsort cmp [] = []
  | qsort cmp (p :: rest) =
      let val (small, big) = List.partition (fn x => cmp (x, p) = LESS) rest
      in qsort cmp small @ p :: qsort cmp big end
fun ssort cmp [] = []
  | ssort cmp (l as x :: _) =
      let val m = foldl (fn (y, m) => if cmp (y, m) = LESS then y else m) x l
          fun remove [] = []
            | remove (y :: ys) = if cmp (y, m) = EQUAL then ys else y :: remove ys
      in m :: ssort cmp (remove l) end
fun lcg seed = (seed * 1103515245 + 12345) mod 2147483648
fun randoms (0, _) = []
  | randoms (n, s) = let val s' = lcg s in s' mod 1000 :: randoms (n - 1, s') end
val data = randoms (200, 42)
val sorted = isort Int.compare data
val _ = print (if msort Int.compare data = sorted then "msort ok\n" else "msort BAD\n")
val _ = print (if qsort Int.compare data = sorted then "qsort ok\n" else "qsort BAD\n")
val _ = print (if ssort Int.compare data = sorted then "ssort ok\n" else "ssort BAD\n")
val _ = print (String.concatWith " " (map Int.toString (List.take (sorted, 10))) ^ "\n")
val _ = print (String.concatWith " " (map Int.toString (List.drop (sorted, 190))) ^ "\n")
val desc = msort (fn (a, b) => Int.compare (b, a)) [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
val _ = print (String.concatWith " " (map Int.toString desc) ^ "\n")
val words = ["pear", "apple", "fig", "banana", "kiwi", "cherry"]
val _ = print (String.concatWith " " (qsort String.compare words) ^ "\n")
val bylen = msort (fn (a, b) => Int.compare (size a, size b)) words
val _ = print (String.concatWith " " bylen ^ "\n")
(* stability: equal keys keep their order in merge and insertion sort *)
val pairs = [(2, "a"), (1, "b"), (2, "c"), (1, "d"), (0, "e")]
fun byKey ((a, _), (b, _)) = Int.compare (a, b)
val _ = print (concat (map (fn (_, s) => s) (msort byKey pairs)) ^ " " ^ concat (map (fn (_, s) => s) (isort byKey pairs)) ^ "\n")
