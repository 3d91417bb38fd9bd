(* Algorithms written over slices, as an ML programmer writes them: a
   merge sort that splits an ArraySlice in halves and merges through a
   scratch array, an in-place quicksort on subslices, binary search on a
   VectorSlice, sliding-window sums and the best window, an in-place
   reversal and rotation of a slice, and run-length groups read off with
   getItem. Every step counts through the slices' own indices. *)
fun sI (x : int) = Int.toString x
fun sL f l = "[" ^ String.concatWith "," (map f l) ^ "]"
fun pr s = print (s ^ "\n")
fun sA a = sL sI (Array.foldr op :: [] a)

(* merge sort: sorts sl using scratch (as long as sl) *)
fun mergeSort sl =
    let val n = ArraySlice.length sl
    in if n <= 1 then ()
       else let val half = n div 2
                val left = ArraySlice.subslice (sl, 0, SOME half)
                val right = ArraySlice.subslice (sl, half, NONE)
                val () = (mergeSort left; mergeSort right)
                val l = ArraySlice.vector left
                val r = ArraySlice.vector right
                fun merge (i, j, k) =
                    if k = n then ()
                    else if j >= Vector.length r orelse (i < Vector.length l andalso Vector.sub (l, i) <= Vector.sub (r, j))
                    then (ArraySlice.update (sl, k, Vector.sub (l, i)); merge (i + 1, j, k + 1))
                    else (ArraySlice.update (sl, k, Vector.sub (r, j)); merge (i, j + 1, k + 1))
            in merge (0, 0, 0) end
    end

val data = Array.fromList [38, 27, 43, 3, 9, 82, 10, 3, ~5, 0, 64, 27]
val _ = mergeSort (ArraySlice.slice (data, 2, SOME 8))
val _ = pr ("merge sort of [2+8]: " ^ sA data)
val _ = mergeSort (ArraySlice.full data)
val _ = pr ("merge sort of all:  " ^ sA data)

(* quicksort in place: partition around the last item, recurse on subslices *)
fun swap (sl, i, j) = let val t = ArraySlice.sub (sl, i) in ArraySlice.update (sl, i, ArraySlice.sub (sl, j)); ArraySlice.update (sl, j, t) end
fun quick sl =
    let val n = ArraySlice.length sl
    in if n <= 1 then ()
       else let val pivot = ArraySlice.sub (sl, n - 1)
                val store = ArraySlice.foldli (fn (i, x, store) => if i < n - 1 andalso x < pivot then (swap (sl, i, store); store + 1) else store) 0 sl
            in swap (sl, store, n - 1);
               quick (ArraySlice.subslice (sl, 0, SOME store));
               quick (ArraySlice.subslice (sl, store + 1, NONE))
            end
    end
val q = Array.fromList [5, ~1, 12, 7, 7, 0, 3, 99, 4, 4, 1]
val _ = quick (ArraySlice.slice (q, 1, SOME 9))
val _ = pr ("quicksort of [1+9]: " ^ sA q)

(* binary search over a sorted vector: the index in the whole vector *)
val sorted = Vector.fromList [~5, 0, 3, 3, 9, 10, 27, 27, 38, 43, 64, 82]
fun search x sl =
    let val (_, start, _) = VectorSlice.base sl
        val n = VectorSlice.length sl
    in if n = 0 then NONE
       else let val mid = n div 2
                val y = VectorSlice.sub (sl, mid)
            in if x = y then SOME (start + mid)
               else if x < y then search x (VectorSlice.subslice (sl, 0, SOME mid))
               else search x (VectorSlice.subslice (sl, mid + 1, NONE))
            end
    end
val _ = pr ("search: " ^ String.concatWith " " (map (fn x => sI x ^ "->" ^ (case search x (VectorSlice.full sorted) of
                                                                                 NONE => "none" | SOME i => sI i))
                                                  [~5, 3, 82, 10, 11, ~6, 100, 64]))

(* sums of every window of width w, and the best *)
fun windows w v =
    List.tabulate (Vector.length v - w + 1, fn i => VectorSlice.foldl op + 0 (VectorSlice.slice (v, i, SOME w)))
val series = Vector.fromList [4, ~2, 7, 1, ~8, 3, 9, ~1, 0, 5]
val _ = app (fn w => pr ("windows " ^ sI w ^ ": " ^ sL sI (windows w series))) [1, 3, 10]
fun best w v =
    let val n = Vector.length v
        fun go (i, bestAt, bestSum) =
            if i + w > n then (bestAt, bestSum)
            else let val s = VectorSlice.foldl op + 0 (VectorSlice.slice (v, i, SOME w))
                 in if s > bestSum then go (i + 1, i, s) else go (i + 1, bestAt, bestSum) end
    in go (0, 0, valOf Int.minInt) end
val _ = pr ("best of width 4: " ^ (fn (i, s) => sI i ^ " sum " ^ sI s) (best 4 series))
val _ = pr ("windows 11: " ^ (sL sI (windows 11 series) handle Subscript => "Subscript" | Size => "Size"))

(* reversal and rotation in place *)
fun reverse sl =
    let val n = ArraySlice.length sl
        fun go i = if i < n div 2 then (swap (sl, i, n - 1 - i); go (i + 1)) else ()
    in go 0 end
fun rotate (sl, k) = (reverse (ArraySlice.subslice (sl, 0, SOME k)); reverse (ArraySlice.subslice (sl, k, NONE)); reverse sl)
val r = Array.tabulate (10, fn i => i)
val _ = reverse (ArraySlice.slice (r, 2, SOME 5))
val _ = pr ("reverse [2+5]: " ^ sA r)
val _ = rotate (ArraySlice.full r, 3)
val _ = pr ("rotate by 3: " ^ sA r)
val _ = rotate (ArraySlice.slice (r, 5, NONE), 5)
val _ = pr ("rotate [5+5] by 5: " ^ sA r)

(* run-length groups *)
fun groups sl =
    case VectorSlice.getItem sl of
        NONE => []
      | SOME (x, rest) =>
        let fun count (sl, k) = case VectorSlice.getItem sl of
                                    SOME (y, more) => if y = x then count (more, k + 1) else (sl, k)
                                  | NONE => (sl, k)
            val (after, k) = count (rest, 1)
        in (x, k) :: groups after end
val runs = Vector.fromList (explode "aaabccddddde")
val _ = pr ("runs: " ^ String.concatWith " " (map (fn (c, k) => str c ^ sI k) (groups (VectorSlice.full runs))))
val _ = pr ("runs of [3+6]: " ^ String.concatWith " " (map (fn (c, k) => str c ^ sI k) (groups (VectorSlice.slice (runs, 3, SOME 6)))))
val _ = pr ("as a string: " ^ implode (VectorSlice.foldr op :: [] (VectorSlice.slice (runs, 4, NONE))))
