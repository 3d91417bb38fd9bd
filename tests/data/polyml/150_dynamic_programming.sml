(* dynamic programming with arrays: edit distance, longest common
   subsequence (with reconstruction), 0/1 knapsack, coin change counts,
   and longest increasing subsequence *)
fun table (r, c, v) = Array.tabulate (r, fn _ => Array.array (c, v))
fun get t (i, j) = Array.sub (Array.sub (t, i), j)
fun set t (i, j, v) = Array.update (Array.sub (t, i), j, v)
fun min3 (a, b, c) = Int.min (a, Int.min (b, c))
fun editDistance (s, t) =
  let val m = size s and n = size t
      val d = table (m + 1, n + 1, 0)
      fun fill (i, j) =
        if i > m then ()
        else if j > n then fill (i + 1, 0)
        else (set d (i, j,
                if i = 0 then j else if j = 0 then i
                else min3 (get d (i - 1, j) + 1, get d (i, j - 1) + 1,
                           get d (i - 1, j - 1) + (if String.sub (s, i - 1) = String.sub (t, j - 1) then 0 else 1)));
              fill (i, j + 1))
  in fill (0, 0); get d (m, n) end
val _ = app (fn (a, b) => print (a ^ " -> " ^ b ^ ": " ^ Int.toString (editDistance (a, b)) ^ "\n"))
            [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("same", "same"), ("intention", "execution")]
fun lcs (s, t) =
  let val m = size s and n = size t
      val d = table (m + 1, n + 1, 0)
      val _ = List.app (fn i => List.app (fn j =>
                set d (i, j, if String.sub (s, i - 1) = String.sub (t, j - 1) then get d (i - 1, j - 1) + 1
                             else Int.max (get d (i - 1, j), get d (i, j - 1))))
                (List.tabulate (n, fn j => j + 1))) (List.tabulate (m, fn i => i + 1))
      fun back (0, _, acc) = acc
        | back (_, 0, acc) = acc
        | back (i, j, acc) =
            if String.sub (s, i - 1) = String.sub (t, j - 1) then back (i - 1, j - 1, String.sub (s, i - 1) :: acc)
            else if get d (i - 1, j) >= get d (i, j - 1) then back (i - 1, j, acc)
            else back (i, j - 1, acc)
  in implode (back (m, n, [])) end
val _ = print (lcs ("ABCBDAB", "BDCABA") ^ " " ^ lcs ("AGGTAB", "GXTXAYB") ^ " [" ^ lcs ("abc", "xyz") ^ "]\n")
fun knapsack (items, capacity) =
  let val best = Array.array (capacity + 1, 0)
      fun add (w, v) =
        let fun go c = if c < w then () else (Array.update (best, c, Int.max (Array.sub (best, c), Array.sub (best, c - w) + v)); go (c - 1))
        in go capacity end
  in app add items; Array.sub (best, capacity) end
val _ = print (Int.toString (knapsack ([(12, 4), (2, 2), (1, 1), (1, 2), (4, 10)], 15)) ^ " "
               ^ Int.toString (knapsack ([(5, 10), (4, 40), (6, 30), (3, 50)], 10)) ^ "\n")
fun coinWays (coins, amount) =
  let val ways = Array.array (amount + 1, 0)
  in Array.update (ways, 0, 1);
     app (fn c => let fun go a = if a > amount then () else (Array.update (ways, a, Array.sub (ways, a) + Array.sub (ways, a - c)); go (a + 1))
                  in go c end) coins;
     Array.sub (ways, amount) end
val _ = print (Int.toString (coinWays ([1, 2, 5], 5)) ^ " " ^ Int.toString (coinWays ([2, 5, 3, 6], 10)) ^ " " ^ Int.toString (coinWays ([1, 5, 10, 25, 50], 100)) ^ "\n")
fun lis l =
  let val a = Array.fromList l
      val n = Array.length a
      val len = Array.array (n, 1)
      val _ = Array.appi (fn (i, x) =>
                Array.appi (fn (j, y) => if j < i andalso y < x then Array.update (len, i, Int.max (Array.sub (len, i), Array.sub (len, j) + 1)) else ()) a) a
  in Array.foldl Int.max 0 len end
val _ = print (Int.toString (lis [10, 9, 2, 5, 3, 7, 101, 18]) ^ " " ^ Int.toString (lis [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15]) ^ " " ^ Int.toString (lis []) ^ "\n")
val _ = get (table (2, 2, 0)) (0, 2)
