(* in-place sorts on arrays: insertion, heap sort and quicksort (Lomuto),
   binary search on the result *)
fun swap (a, i, j) = let val t = Array.sub (a, i) in Array.update (a, i, Array.sub (a, j)); Array.update (a, j, t) end
fun toList a = Array.foldr (op ::) [] a
fun show a = print (String.concatWith " " (map Int.toString (toList a)) ^ "\n")
fun insertionSort a =
  let val n = Array.length a
      val i = ref 1
  in while !i < n do
       (let val x = Array.sub (a, !i)
            val j = ref (!i - 1)
        in while !j >= 0 andalso Array.sub (a, !j) > x do
             (Array.update (a, !j + 1, Array.sub (a, !j)); j := !j - 1);
           Array.update (a, !j + 1, x)
        end;
        i := !i + 1)
  end
fun heapSort a =
  let val n = Array.length a
      fun sift (i, size) =
        let val l = 2 * i + 1 val r = l + 1
            val m = if l < size andalso Array.sub (a, l) > Array.sub (a, i) then l else i
            val m = if r < size andalso Array.sub (a, r) > Array.sub (a, m) then r else m
        in if m <> i then (swap (a, i, m); sift (m, size)) else () end
      fun build i = if i < 0 then () else (sift (i, n); build (i - 1))
      fun extract k = if k <= 0 then () else (swap (a, 0, k); sift (0, k); extract (k - 1))
  in build (n div 2 - 1); extract (n - 1) end
fun quickSort a =
  let fun part (lo, hi) =
        let val p = Array.sub (a, hi)
            val i = ref lo
        in Array.appi (fn (j, x) => if j >= lo andalso j < hi andalso x < p then (swap (a, !i, j); i := !i + 1) else ()) a;
           swap (a, !i, hi); !i end
      fun qs (lo, hi) = if lo < hi then let val p = part (lo, hi) in qs (lo, p - 1); qs (p + 1, hi) end else ()
  in qs (0, Array.length a - 1) end
val input = [38, 27, 43, 3, 9, 82, 10, 3, ~5, 0, 100, 27]
val a1 = Array.fromList input val a2 = Array.fromList input val a3 = Array.fromList input
val _ = (insertionSort a1; show a1)
val _ = (heapSort a2; show a2)
val _ = (quickSort a3; show a3)
fun bsearch (a, x) =
  let fun go (lo, hi) =
        if lo > hi then NONE
        else let val mid = lo + (hi - lo) div 2
                 val v = Array.sub (a, mid)
             in if v = x then SOME mid else if v < x then go (mid + 1, hi) else go (lo, mid - 1) end
  in go (0, Array.length a - 1) end
val _ = List.app (fn x => print (Int.toString x ^ ": " ^ (case bsearch (a1, x) of NONE => "absent" | SOME i => "at " ^ Int.toString i) ^ "\n"))
                 [~5, 43, 100, 7, 200]
val empty = Array.fromList ([] : int list)
val _ = (heapSort empty; quickSort empty; insertionSort empty; print (Int.toString (Array.length empty) ^ "\n"))
val big = Array.tabulate (2000, fn i => (i * 7919) mod 2003)
val _ = heapSort big
val _ = print (if Array.foldli (fn (i, x, ok) => ok andalso (i = 0 orelse Array.sub (big, i - 1) <= x)) true big then "sorted\n" else "unsorted\n")
