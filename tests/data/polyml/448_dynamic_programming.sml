(* Dynamic programming with arrays: longest common subsequence (length
   and one witness), edit distance, 0/1 knapsack, coin change (ways and
   fewest coins), longest increasing subsequence, and binomial
   coefficients in a Pascal table; tables are 1-D arrays indexed
   i * width + j. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun ints xs = String.concatWith " " (map pi xs)

fun table (rows, cols, init) = (Array.array (rows * cols, init), cols)
fun get ((a, w), i, j) = Array.sub (a, i * w + j)
fun set ((a, w), i, j, v) = Array.update (a, i * w + j, v)

fun lcs (s, t) =
    let val n = size s val m = size t
        val tb = table (n + 1, m + 1, 0)
        fun fill (i, j) =
            if i > n then ()
            else if j > m then fill (i + 1, 1)
            else (set (tb, i, j,
                       if String.sub (s, i - 1) = String.sub (t, j - 1) then get (tb, i - 1, j - 1) + 1
                       else Int.max (get (tb, i - 1, j), get (tb, i, j - 1)));
                  fill (i, j + 1))
        val _ = fill (1, 1)
        fun back (0, _, acc) = acc
          | back (_, 0, acc) = acc
          | back (i, j, acc) =
              if String.sub (s, i - 1) = String.sub (t, j - 1) then back (i - 1, j - 1, String.sub (s, i - 1) :: acc)
              else if get (tb, i - 1, j) >= get (tb, i, j - 1) then back (i - 1, j, acc)
              else back (i, j - 1, acc)
    in (get (tb, n, m), implode (back (n, m, []))) end
val _ = app (fn (a, b) => let val (l, w) = lcs (a, b) in pr ("lcs " ^ a ^ " " ^ b ^ " = " ^ pi l ^ " \"" ^ w ^ "\"") end)
            [("ABCBDAB", "BDCABA"), ("kitten", "sitting"), ("", "abc"), ("same", "same")]

fun edit (s, t) =
    let val n = size s val m = size t
        val tb = table (n + 1, m + 1, 0)
    in List.app (fn i => set (tb, i, 0, i)) (List.tabulate (n + 1, fn i => i));
       List.app (fn j => set (tb, 0, j, j)) (List.tabulate (m + 1, fn j => j));
       List.app (fn i => List.app (fn j =>
           let val cost = if String.sub (s, i - 1) = String.sub (t, j - 1) then 0 else 1
           in set (tb, i, j, Int.min (Int.min (get (tb, i - 1, j) + 1, get (tb, i, j - 1) + 1), get (tb, i - 1, j - 1) + cost)) end)
         (List.tabulate (m, fn j => j + 1))) (List.tabulate (n, fn i => i + 1));
       get (tb, n, m)
    end
val _ = pr ("edit distances: " ^ ints (map edit [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("intention", "execution"), ("a", "a")]))

fun knapsack (items, cap) =
    let val best = Array.array (cap + 1, 0)
        fun item (w, v) =
            let val c = ref cap
            in while !c >= w do
                 (Array.update (best, !c, Int.max (Array.sub (best, !c), Array.sub (best, !c - w) + v)); c := !c - 1)
            end
    in app item items; Array.sub (best, cap) end
val goods = [(12, 4), (2, 2), (1, 1), (1, 2), (4, 10)]
val _ = pr ("knapsack 15 = " ^ pi (knapsack (goods, 15)) ^ ", 5 = " ^ pi (knapsack (goods, 5)) ^ ", 0 = " ^ pi (knapsack (goods, 0)))

fun coinWays (coins, amount) =
    let val ways = Array.array (amount + 1, 0)
    in Array.update (ways, 0, 1);
       app (fn c => List.app (fn a => Array.update (ways, a, Array.sub (ways, a) + Array.sub (ways, a - c)))
                             (List.tabulate (Int.max (0, amount - c + 1), fn k => k + c))) coins;
       Array.sub (ways, amount)
    end
fun fewest (coins, amount) =
    let val inf = amount + 1
        val f = Array.tabulate (amount + 1, fn 0 => 0 | _ => inf)
    in List.app (fn a => app (fn c => if c <= a then Array.update (f, a, Int.min (Array.sub (f, a), Array.sub (f, a - c) + 1)) else ()) coins)
                (List.tabulate (amount, fn k => k + 1));
       if Array.sub (f, amount) >= inf then NONE else SOME (Array.sub (f, amount))
    end
val _ = pr ("ways to make 100 from 1,5,10,25,50: " ^ pi (coinWays ([1, 5, 10, 25, 50], 100)))
val _ = pr ("fewest coins: " ^ String.concatWith " " (map (fn a => case fewest ([1, 7, 10], a) of SOME k => pi k | NONE => "-") [0, 14, 15, 23, 100]))
val _ = pr ("fewest of 3 from [2]: " ^ (case fewest ([2], 3) of SOME k => pi k | NONE => "impossible"))

fun lis xs =
    let val a = Array.fromList xs
        val n = Array.length a
        val len = Array.array (n, 1)
    in List.app (fn i => List.app (fn j => if Array.sub (a, j) < Array.sub (a, i) then Array.update (len, i, Int.max (Array.sub (len, i), Array.sub (len, j) + 1)) else ())
                                  (List.tabulate (i, fn j => j))) (List.tabulate (n, fn i => i));
       Array.foldl Int.max 0 len
    end
val _ = pr ("lis: " ^ ints (map lis [[10, 9, 2, 5, 3, 7, 101, 18], [0, 1, 0, 3, 2, 3], [7, 7, 7], []]))

val pascal = table (31, 31, 0)
val _ = List.app (fn i => List.app (fn j => set (pascal, i, j, if j = 0 orelse j = i then 1 else get (pascal, i - 1, j - 1) + get (pascal, i - 1, j)))
                                    (List.tabulate (i + 1, fn j => j))) (List.tabulate (31, fn i => i))
val _ = pr ("C(10,k): " ^ ints (List.tabulate (11, fn k => get (pascal, 10, k))))
val _ = pr ("C(30,15) = " ^ pi (get (pascal, 30, 15)))
