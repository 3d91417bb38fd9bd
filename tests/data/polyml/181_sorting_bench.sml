(* Sorting 20000 integers several ways (merge sort on lists, quicksort
   and heap sort in arrays, a radix sort on words), checking they agree,
   plus binary search and a median-of-medians selection. *)

val n = 20000
val seed = ref 0w12345
fun next () =
  (seed := Word.andb (Word.xorb (!seed, Word.<< (!seed, 0w13)), 0wxFFFFFFFF);
   seed := Word.xorb (!seed, Word.>> (!seed, 0w17));
   seed := Word.andb (Word.xorb (!seed, Word.<< (!seed, 0w5)), 0wxFFFFFFFF);
   Word.toInt (Word.mod (!seed, 0w1000000)))

val data = List.tabulate (n, fn _ => next ())

fun mergeSort [] = []
  | mergeSort [x] = [x]
  | mergeSort xs =
      let
        fun split ([], l, r) = (l, r)
          | split ([x], l, r) = (x :: l, r)
          | split (x :: y :: rest, l, r) = split (rest, x :: l, y :: r)
        fun merge ([], ys, acc) = List.revAppend (acc, ys)
          | merge (xs, [], acc) = List.revAppend (acc, xs)
          | merge (xs as x :: xt, ys as y :: yt, acc) =
              if x <= y then merge (xt, ys, x :: acc) else merge (xs, yt, y :: acc)
        val (l, r) = split (xs, [], [])
      in merge (mergeSort l, mergeSort r, []) end

fun quickSort arr =
  let
    fun swap (i, j) = let val t = Array.sub (arr, i) in Array.update (arr, i, Array.sub (arr, j)); Array.update (arr, j, t) end
    fun insertion (lo, hi) =
      let fun outer i = if i > hi then ()
                        else let val x = Array.sub (arr, i)
                                 fun inner j = if j > lo andalso Array.sub (arr, j - 1) > x
                                               then (Array.update (arr, j, Array.sub (arr, j - 1)); inner (j - 1))
                                               else Array.update (arr, j, x)
                             in inner i; outer (i + 1) end
      in outer (lo + 1) end
    fun sort (lo, hi) =
      if hi - lo < 16 then insertion (lo, hi)
      else
        let
          val mid = lo + (hi - lo) div 2
          val () = if Array.sub (arr, mid) < Array.sub (arr, lo) then swap (mid, lo) else ()
          val () = if Array.sub (arr, hi) < Array.sub (arr, lo) then swap (hi, lo) else ()
          val () = if Array.sub (arr, hi) < Array.sub (arr, mid) then swap (hi, mid) else ()
          val pivot = Array.sub (arr, mid)
          fun partition (i, j) =
            let
              val i = let fun go i = if Array.sub (arr, i) < pivot then go (i + 1) else i in go i end
              val j = let fun go j = if Array.sub (arr, j) > pivot then go (j - 1) else j in go j end
            in if i <= j then (swap (i, j); partition (i + 1, j - 1)) else (i, j) end
          val (i, j) = partition (lo, hi)
        in sort (lo, j); sort (i, hi) end
  in sort (0, Array.length arr - 1) end

fun heapSort arr =
  let
    val len = Array.length arr
    fun siftDown (start, stop) =
      let fun go root =
            let val child = 2 * root + 1
            in if child > stop then ()
               else
                 let val child = if child + 1 <= stop andalso Array.sub (arr, child) < Array.sub (arr, child + 1)
                                 then child + 1 else child
                 in if Array.sub (arr, root) < Array.sub (arr, child)
                    then let val t = Array.sub (arr, root)
                         in Array.update (arr, root, Array.sub (arr, child)); Array.update (arr, child, t); go child end
                    else ()
                 end
            end
      in go start end
    fun heapify k = if k < 0 then () else (siftDown (k, len - 1); heapify (k - 1))
    fun extract e = if e <= 0 then ()
                    else let val t = Array.sub (arr, 0)
                         in Array.update (arr, 0, Array.sub (arr, e)); Array.update (arr, e, t);
                            siftDown (0, e - 1); extract (e - 1) end
  in heapify ((len - 2) div 2); extract (len - 1) end

(* LSD radix sort, 8 bits at a time, on non-negative ints as words *)
fun radixSort (xs : int list) =
  let
    fun pass (shift, xs) =
      let val buckets = Array.array (256, [])
          val () = List.app (fn x =>
                     let val b = Word.toInt (Word.andb (Word.>> (Word.fromInt x, shift), 0wxFF))
                     in Array.update (buckets, b, x :: Array.sub (buckets, b)) end) xs
      in Array.foldr (fn (bucket, acc) => List.revAppend (bucket, acc)) [] buckets end
  in foldl pass xs [0w0, 0w8, 0w16] end

fun sameList (a :: x, b :: y) = a = b andalso sameList (x, y)
  | sameList ([], []) = true
  | sameList _ = false

val sortedM = mergeSort data
val arrQ = Array.fromList data
val () = quickSort arrQ
val arrH = Array.fromList data
val () = heapSort arrH
val sortedR = radixSort data
val toList = Array.foldr op:: []
val () = print ("merge = quick: " ^ Bool.toString (sameList (sortedM, toList arrQ)) ^ "\n")
val () = print ("merge = heap: " ^ Bool.toString (sameList (sortedM, toList arrH)) ^ "\n")
val () = print ("merge = radix: " ^ Bool.toString (sameList (sortedM, sortedR)) ^ "\n")
val () = print ("min " ^ Int.toString (hd sortedM) ^ ", max " ^ Int.toString (List.last sortedM) ^
                ", median " ^ Int.toString (Array.sub (arrQ, n div 2)) ^ "\n")
val sum = foldl op+ 0 data
val () = print ("sum " ^ Int.toString sum ^ ", first five " ^ String.concatWith " " (map Int.toString (List.take (data, 5))) ^ "\n")

(* Count distinct values with one pass over the sorted array. *)
val (_, distinct) = Array.foldl (fn (x, (prev, k)) => if SOME x = prev then (prev, k) else (SOME x, k + 1)) (NONE, 0) arrQ
val () = print ("distinct " ^ Int.toString distinct ^ "\n")

fun binarySearch (arr, x) =
  let fun go (lo, hi) =
        if lo > hi then NONE
        else let val mid = (lo + hi) div 2
                 val v = Array.sub (arr, mid)
             in if v = x then SOME mid else if v < x then go (mid + 1, hi) else go (lo, mid - 1) end
  in go (0, Array.length arr - 1) end

val found = List.filter (fn x => isSome (binarySearch (arrQ, x))) (List.tabulate (1000, fn i => i * 997))
val () = print ("present among 1000 probes: " ^ Int.toString (length found) ^ "\n")

(* Median of medians selection on lists *)
fun select (xs, k) =
  let
    fun groups (a :: b :: c :: d :: e :: rest) = [a, b, c, d, e] :: groups rest
      | groups [] = []
      | groups short = [short]
    fun median5 g = List.nth (mergeSort g, length g div 2)
  in
    if length xs <= 10 then List.nth (mergeSort xs, k)
    else
      let val pivot = select (map median5 (groups xs), (length xs div 5) div 2)
          val lows = List.filter (fn x => x < pivot) xs
          val pivots = List.filter (fn x => x = pivot) xs
      in if k < length lows then select (lows, k)
         else if k < length lows + length pivots then pivot
         else select (List.filter (fn x => x > pivot) xs, k - length lows - length pivots)
      end
  end
val () = print ("select median: " ^ Int.toString (select (data, n div 2)) ^ "\n")
val () = print ("select 10th: " ^ Int.toString (select (data, 9)) ^ " = " ^ Int.toString (List.nth (sortedM, 9)) ^ "\n")
val _ = select ([], 0)
