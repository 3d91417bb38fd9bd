(* Longest increasing subsequence by patience sorting: piles' tops in an
   array searched by binary search, back-pointers to rebuild one witness;
   checked against the quadratic DP on pseudo-random sequences. *)
fun lis (xs : int vector) =
  let val n = Vector.length xs
      val tops = Array.array (n + 1, 0)      (* index of the top of each pile *)
      val back = Array.array (n, ~1)
      fun search (lo, hi, x) =                 (* first pile whose top >= x *)
        if lo >= hi then lo
        else let val mid = (lo + hi) div 2
             in if Vector.sub (xs, Array.sub (tops, mid)) < x then search (mid + 1, hi, x) else search (lo, mid, x) end
      fun go (i, piles) =
        if i >= n then piles
        else let val x = Vector.sub (xs, i)
                 val p = search (0, piles, x)
             in if p > 0 then Array.update (back, i, Array.sub (tops, p - 1)) else ();
                Array.update (tops, p, i);
                go (i + 1, if p = piles then piles + 1 else piles)
             end
      val piles = go (0, 0)
      fun walk (~1, acc) = acc | walk (i, acc) = walk (Array.sub (back, i), Vector.sub (xs, i) :: acc)
  in if piles = 0 then [] else walk (Array.sub (tops, piles - 1), []) end

fun lisDP (xs : int vector) =
  let val n = Vector.length xs
      val best = Array.array (n, 1)
      val _ = Vector.appi (fn (i, x) => Vector.appi (fn (j, y) =>
                if j < i andalso y < x then Array.update (best, i, Int.max (Array.sub (best, i), Array.sub (best, j) + 1)) else ()) xs) xs
  in Array.foldl Int.max 0 best end

fun increasing (a :: (rest as b :: _)) = a < b andalso increasing rest
  | increasing _ = true
fun isSubseq ([], _) = true
  | isSubseq (_, []) = false
  | isSubseq (l as x :: xs, y :: ys) = if x = y then isSubseq (xs, ys) else isSubseq (l, ys)

fun show xs = "[" ^ String.concatWith " " (map Int.toString xs) ^ "]"
fun report xs =
  let val v = Vector.fromList xs val w = lis v
  in print (show xs ^ "\n  -> " ^ show w ^ " length " ^ Int.toString (length w)
            ^ (if length w = lisDP v andalso increasing w andalso isSubseq (w, xs) then "" else "  WRONG") ^ "\n") end
val _ = app report [[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9], [], [7], [5, 4, 3, 2, 1], [1, 2, 3, 4], [2, 2, 2],
                    [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15], [~5, ~10, 0, ~3, ~1, 7, ~2]]
val state = ref 0w99
fun rand () = (state := Word.andb (!state * 0w6364136223846793005 + 0w1442695040888963407, 0wx3FFFFFFFFFFFFFFF);
               Word.toInt (Word.>> (!state, 0w40)) mod 100)
val trials = List.tabulate (30, fn k => List.tabulate (5 + k * 2, fn _ => rand ()))
val bad = List.filter (fn xs => let val v = Vector.fromList xs in length (lis v) <> lisDP v end) trials
val _ = print ("random trials agreeing: " ^ Int.toString (30 - length bad) ^ "/30; lengths "
               ^ String.concatWith "," (map (fn xs => Int.toString (length (lis (Vector.fromList xs)))) trials) ^ "\n")
