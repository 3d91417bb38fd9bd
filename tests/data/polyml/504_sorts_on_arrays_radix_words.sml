(* Sorting on arrays: insertion sort, in-place quicksort (Hoare partition,
   median of three), heapsort, bottom-up merge sort with a buffer, and an
   LSD radix sort on words by bytes (shifts and masks); all checked against
   each other on pseudo-random data, counting comparisons. *)
val comparisons = ref 0
fun lt (a, b) = (comparisons := !comparisons + 1; a < b)

fun swap (a, i, j) = let val t = Array.sub (a, i) in Array.update (a, i, Array.sub (a, j)); Array.update (a, j, t) end

fun insertion a =
  let val n = Array.length a
      fun outer i = if i >= n then () else
        let val x = Array.sub (a, i)
            fun inner j = if j > 0 andalso lt (x, Array.sub (a, j - 1)) then (Array.update (a, j, Array.sub (a, j - 1)); inner (j - 1))
                          else Array.update (a, j, x)
        in inner i; outer (i + 1) end
  in outer 1 end

fun quick a =
  let fun part (lo, hi) =
        let val mid = lo + (hi - lo) div 2
            val _ = if lt (Array.sub (a, mid), Array.sub (a, lo)) then swap (a, mid, lo) else ()
            val _ = if lt (Array.sub (a, hi), Array.sub (a, lo)) then swap (a, hi, lo) else ()
            val _ = if lt (Array.sub (a, hi), Array.sub (a, mid)) then swap (a, hi, mid) else ()
            val pivot = Array.sub (a, mid)
            val i = ref (lo - 1) val j = ref (hi + 1)
            val result = ref NONE
        in while not (isSome (!result)) do
             (i := !i + 1; while lt (Array.sub (a, !i), pivot) do i := !i + 1;
              j := !j - 1; while lt (pivot, Array.sub (a, !j)) do j := !j - 1;
              if !i >= !j then result := SOME (!j) else swap (a, !i, !j));
           valOf (!result)
        end
      fun qs (lo, hi) = if lo < hi then let val p = part (lo, hi) in qs (lo, p); qs (p + 1, hi) end else ()
  in qs (0, Array.length a - 1) end

fun heapsort a =
  let val n = Array.length a
      fun sift (i, size) =
        let val l = 2 * i + 1 val r = l + 1
            val m = if l < size andalso lt (Array.sub (a, i), Array.sub (a, l)) then l else i
            val m = if r < size andalso lt (Array.sub (a, m), Array.sub (a, r)) then r else m
        in if m <> i then (swap (a, i, m); sift (m, size)) else () end
      fun build i = if i < 0 then () else (sift (i, n); build (i - 1))
      fun pop k = if k <= 1 then () else (swap (a, 0, k - 1); sift (0, k - 1); pop (k - 1))
  in build (n div 2 - 1); pop n end

fun mergesort a =
  let val n = Array.length a
      val buf = Array.array (n, Array.sub (a, 0) handle Subscript => 0)
      fun merge (lo, mid, hi) =
        let fun go (i, j, k) =
              if k >= hi then ()
              else if i < mid andalso (j >= hi orelse not (lt (Array.sub (a, j), Array.sub (a, i))))
              then (Array.update (buf, k, Array.sub (a, i)); go (i + 1, j, k + 1))
              else (Array.update (buf, k, Array.sub (a, j)); go (i, j + 1, k + 1))
        in go (lo, mid, lo); ArraySlice.appi (fn (k, x) => Array.update (a, lo + k, x)) (ArraySlice.slice (buf, lo, SOME (hi - lo))) end
      fun pass w = if w >= n then () else
        let fun each lo = if lo >= n then () else (merge (lo, Int.min (lo + w, n), Int.min (lo + 2 * w, n)); each (lo + 2 * w))
        in each 0; pass (2 * w) end
  in pass 1 end

(* radix sort of words, 8 bits a pass, 8 passes (63-bit words: the top pass holds 7 bits) *)
fun radix (a : word array) =
  let val n = Array.length a
      val tmp = Array.array (n, 0w0)
      fun pass (shift, src, dst) =
        let val counts = Array.array (257, 0)
            fun digit w = Word.toInt (Word.andb (Word.>> (w, shift), 0wxFF))
            val _ = Array.app (fn w => let val d = digit w + 1 in Array.update (counts, d, Array.sub (counts, d) + 1) end) src
            val _ = Array.modifyi (fn (i, c) => if i = 0 then c else c + Array.sub (counts, i - 1)) counts
        in Array.app (fn w => let val d = digit w in Array.update (dst, Array.sub (counts, d), w); Array.update (counts, d, Array.sub (counts, d) + 1) end) src end
      fun passes (k, src, dst) = if k = 8 then src else (pass (Word.fromInt (8 * k), src, dst); passes (k + 1, dst, src))
      val result = passes (0, a, tmp)
  in if result = a then () else Array.appi (fn (i, w) => Array.update (a, i, w)) result end

val seed = ref 0w42
fun next () = (seed := Word.xorb (!seed, Word.<< (!seed, 0w13)); seed := Word.xorb (!seed, Word.>> (!seed, 0w7));
               seed := Word.xorb (!seed, Word.<< (!seed, 0w17)); !seed)
val data = List.tabulate (600, fn _ => Word.toInt (Word.mod (next (), 0w100000)) - 50000)

fun sorted a = let fun go i = i + 1 >= Array.length a orelse (Array.sub (a, i) <= Array.sub (a, i + 1) andalso go (i + 1)) in go 0 end
fun run (name, sort) =
  let val a = Array.fromList data
      val _ = comparisons := 0
      val _ = sort a
  in print (name ^ ": sorted " ^ Bool.toString (sorted a) ^ ", " ^ Int.toString (!comparisons) ^ " comparisons, first "
            ^ Int.toString (Array.sub (a, 0)) ^ ", last " ^ Int.toString (Array.sub (a, 599)) ^ ", sum "
            ^ Int.toString (Array.foldl op+ 0 a) ^ "\n") end
val _ = app run [("insertion", insertion), ("quick", quick), ("heap", heapsort), ("merge", mergesort)]
val _ = app (fn (name, sort) => let val a = Array.fromList [3, 1, 2] in sort a; print (name ^ " small ok " ^ Bool.toString (sorted a) ^ "\n") end)
  [("insertion", insertion), ("quick", quick), ("heap", heapsort), ("merge", mergesort)]
val _ = app (fn sort => sort (Array.fromList [])) [insertion, quick, heapsort, mergesort]

val ws = Array.fromList (List.tabulate (300, fn _ => next ()))
val ws2 = Array.fromList (List.tabulate (300, fn _ => next ()))
val _ = radix ws
fun wsorted a = let fun go i = i + 1 >= Array.length a orelse (Array.sub (a, i) <= Array.sub (a, i + 1) andalso go (i + 1)) in go 0 end
val _ = print ("radix: sorted " ^ Bool.toString (wsorted ws) ^ ", min " ^ Word.toString (Array.sub (ws, 0)) ^ ", max "
               ^ Word.toString (Array.sub (ws, 299)) ^ "\n")
val _ = print ("xorshift samples: " ^ String.concatWith " " (map Word.toString (List.tabulate (4, fn i => Array.sub (ws2, i)))) ^ "\n")
