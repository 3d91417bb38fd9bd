(* ArraySlice.collate and VectorSlice.collate: lexicographic, the first
   unequal pair deciding, else the shorter slice first; empty slices,
   proper prefixes, slices of one base at different offsets, and reversed
   and constant comparisons. The comparison's calls are logged: left to
   right, pairs of items at the same slice index, none past the first
   order other than EQUAL. *)
fun sI (x : int) = Int.toString x
fun sOrd LESS = "LESS" | sOrd EQUAL = "EQUAL" | sOrd GREATER = "GREATER"
val log = ref [] : string list ref
fun cmp (x, y) = (log := (sI x ^ "?" ^ sI y) :: !log; Int.compare (x, y))
fun report name result = (print (name ^ " = " ^ result ^ " | " ^ String.concatWith ";" (rev (!log)) ^ "\n"); log := [])

val a = Array.fromList [1, 2, 3, 1, 2, 4, 1, 2]
val v = Vector.fromList [1, 2, 3, 1, 2, 4, 1, 2]
(* (start, length) pairs of a and v *)
val windows = [(0, 0), (8, 0), (0, 2), (6, 2), (0, 3), (3, 3), (0, 8), (3, 5), (2, 1), (5, 1)]
fun name (i, n) = "[" ^ sI i ^ "+" ^ sI n ^ "]"
val _ = app (fn (i, n) => app (fn (j, m) =>
            (report ("ArraySlice.collate " ^ name (i, n) ^ " " ^ name (j, m))
                    (sOrd (ArraySlice.collate cmp (ArraySlice.slice (a, i, SOME n), ArraySlice.slice (a, j, SOME m))));
             report ("VectorSlice.collate " ^ name (i, n) ^ " " ^ name (j, m))
                    (sOrd (VectorSlice.collate cmp (VectorSlice.slice (v, i, SOME n), VectorSlice.slice (v, j, SOME m))))))
            windows) windows

(* other orders: reversed, and a comparison that finds everything equal *)
fun rev_ (x, y) = cmp (y, x)
fun same (x, y) = (log := "same" :: !log; EQUAL)
val _ = report "reversed" (sOrd (VectorSlice.collate rev_ (VectorSlice.slice (v, 0, SOME 3), VectorSlice.slice (v, 3, SOME 3))))
val _ = report "all equal, shorter first" (sOrd (ArraySlice.collate same (ArraySlice.slice (a, 0, SOME 2), ArraySlice.slice (a, 4, SOME 3))))
val _ = report "all equal, same length" (sOrd (ArraySlice.collate same (ArraySlice.slice (a, 0, SOME 3), ArraySlice.slice (a, 5, NONE))))
val _ = report "all equal, longer first" (sOrd (VectorSlice.collate same (VectorSlice.full v, VectorSlice.slice (v, 1, NONE))))
val _ = report "strings" (sOrd (VectorSlice.collate String.compare
                                    (VectorSlice.full (Vector.fromList ["ab", "c"]), VectorSlice.full (Vector.fromList ["ab", "b", "z"]))))
val _ = report "different bases, same items" (sOrd (ArraySlice.collate cmp (ArraySlice.full (Array.fromList [1, 2]),
                                                                         ArraySlice.slice (a, 6, NONE))))
(* after an update through another slice *)
val _ = ArraySlice.update (ArraySlice.slice (a, 6, NONE), 1, 0)
val _ = report "after update" (sOrd (ArraySlice.collate cmp (ArraySlice.slice (a, 0, SOME 2), ArraySlice.slice (a, 6, NONE))))

(* sorting slices with collate *)
fun insert (x, []) = [x]
  | insert (x, y :: ys) = if VectorSlice.collate Int.compare (x, y) = GREATER then y :: insert (x, ys) else x :: y :: ys
val sorted = foldl insert [] (map (fn (i, n) => VectorSlice.slice (v, i, SOME n)) windows)
val _ = report "sorted windows" (String.concatWith " " (map (fn s => let val (_, i, n) = VectorSlice.base s in name (i, n) end) sorted))
