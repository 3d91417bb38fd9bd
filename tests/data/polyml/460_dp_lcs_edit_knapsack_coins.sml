(* Dynamic programming over arrays: longest common subsequence with the
   subsequence rebuilt from the table, edit distance with the operations
   counted, 0/1 knapsack with the chosen items, coin change (number of ways
   and fewest coins), and the longest increasing subsequence. Tables are
   arrays of arrays; one is a flat array indexed by i * cols + j. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun table (r, c, v) = Array.tabulate (r, fn _ => Array.array (c, v))
fun get (t, i, j) = Array.sub (Array.sub (t, i), j)
fun set (t, i, j, v) = Array.update (Array.sub (t, i), j, v)
fun max (a, b) = if a > b then a else b
fun min3 (a, b, c) = Int.min (a, Int.min (b, c))

fun lcs (a, b) =
    let val n = size a and m = size b
        val t = table (n + 1, m + 1, 0)
        fun fill i j =
            if i > n then ()
            else if j > m then fill (i + 1) 1
            else (set (t, i, j,
                       if String.sub (a, i - 1) = String.sub (b, j - 1)
                       then get (t, i - 1, j - 1) + 1
                       else max (get (t, i - 1, j), get (t, i, j - 1)));
                  fill i (j + 1))
        fun back (0, _, acc) = acc
          | back (_, 0, acc) = acc
          | back (i, j, acc) =
              if String.sub (a, i - 1) = String.sub (b, j - 1)
              then back (i - 1, j - 1, String.sub (a, i - 1) :: acc)
              else if get (t, i - 1, j) >= get (t, i, j - 1) then back (i - 1, j, acc)
              else back (i, j - 1, acc)
    in fill 1 1; (get (t, n, m), implode (back (n, m, []))) end

(* edit distance in a flat array *)
fun editDistance (a, b) =
    let val n = size a and m = size b
        val cols = m + 1
        val d = Array.array ((n + 1) * cols, 0)
        fun at (i, j) = Array.sub (d, i * cols + j)
        fun put (i, j, v) = Array.update (d, i * cols + j, v)
    in
        Array.appi (fn (k, _) => if k <= m then put (0, k, k) else ()) (Array.array (cols, ()));
        List.app (fn i => put (i, 0, i)) (List.tabulate (n + 1, fn i => i));
        List.app (fn i =>
            List.app (fn j =>
                let val cost = if String.sub (a, i - 1) = String.sub (b, j - 1) then 0 else 1
                in put (i, j, min3 (at (i - 1, j) + 1, at (i, j - 1) + 1, at (i - 1, j - 1) + cost)) end)
              (List.tabulate (m, fn j => j + 1)))
          (List.tabulate (n, fn i => i + 1));
        at (n, m)
    end

fun knapsack (items, cap) =
    let val n = length items
        val it = Array.fromList items
        val t = table (n + 1, cap + 1, 0)
        val _ =
          Array.appi (fn (i, (_, w, v)) =>
              let fun col c = if c > cap then ()
                              else (set (t, i + 1, c,
                                         if w > c then get (t, i, c)
                                         else max (get (t, i, c), get (t, i, c - w) + v));
                                    col (c + 1))
              in col 0 end) it
        fun chosen (0, _) = []
          | chosen (i, c) =
              if get (t, i, c) = get (t, i - 1, c) then chosen (i - 1, c)
              else let val (name, w, _) = Array.sub (it, i - 1)
                   in name :: chosen (i - 1, c - w) end
    in (get (t, n, cap), rev (chosen (n, cap))) end

fun coinWays (coins, amount) =
    let val ways = Array.array (amount + 1, 0)
    in Array.update (ways, 0, 1);
       app (fn c => let fun go a = if a > amount then ()
                                   else (Array.update (ways, a, Array.sub (ways, a) + Array.sub (ways, a - c)); go (a + 1))
                    in go c end) coins;
       Array.sub (ways, amount)
    end

fun fewestCoins (coins, amount) =
    let val inf = amount + 1
        val best = Array.tabulate (amount + 1, fn 0 => 0 | _ => inf)
        fun go a = if a > amount then ()
                   else (app (fn c => if c <= a andalso Array.sub (best, a - c) + 1 < Array.sub (best, a)
                                      then Array.update (best, a, Array.sub (best, a - c) + 1) else ()) coins;
                         go (a + 1))
    in go 1; if Array.sub (best, amount) >= inf then NONE else SOME (Array.sub (best, amount)) end

fun lis xs =
    let val a = Array.fromList xs
        val n = Array.length a
        val len = Array.array (n, 1)
    in Array.appi (fn (i, x) =>
           Array.appi (fn (j, y) => if j < i andalso y < x andalso Array.sub (len, j) + 1 > Array.sub (len, i)
                                    then Array.update (len, i, Array.sub (len, j) + 1) else ()) a) a;
       Array.foldl max 0 len
    end

val _ = app (fn (a, b) => let val (k, s) = lcs (a, b)
                          in pr ("lcs " ^ a ^ " " ^ b ^ " = " ^ pi k ^ " \"" ^ s ^ "\"") end)
            [("ABCBDAB", "BDCABA"), ("kitten", "sitting"), ("", "abc"), ("same", "same")]
val _ = app (fn (a, b) => pr ("edit " ^ a ^ " -> " ^ b ^ " = " ^ pi (editDistance (a, b))))
            [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("intention", "execution"), ("abc", "")]
val (value, names) = knapsack ([("map", 9, 150), ("compass", 13, 35), ("water", 153, 200),
                                ("sandwich", 50, 160), ("glucose", 15, 60), ("tin", 68, 45),
                                ("banana", 27, 60), ("apple", 39, 40)], 200)
val _ = pr ("knapsack value " ^ pi value ^ ": " ^ String.concatWith "," names)
val _ = pr ("ways to make 100 from 1,5,10,25,50: " ^ pi (coinWays ([1, 5, 10, 25, 50], 100)))
val _ = app (fn (cs, a) => pr ("fewest coins for " ^ pi a ^ ": " ^
                               (case fewestCoins (cs, a) of NONE => "impossible" | SOME k => pi k)))
            [([1, 3, 4], 6), ([2], 7), ([5, 10], 0), ([7, 3], 23)]
val _ = pr ("lis = " ^ pi (lis [10, 9, 2, 5, 3, 7, 101, 18, 4, 19, 20]) ^ ", empty " ^ pi (lis []))
