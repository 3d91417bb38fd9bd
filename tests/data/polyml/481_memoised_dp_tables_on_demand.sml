(* Memoised dynamic programming with arrays used as tables filled on
   demand (an option array per subproblem): matrix-chain multiplication
   order with the parenthesisation rebuilt, integer partitions, the
   number of binary trees (Catalan numbers), the longest palindromic
   substring, and rod cutting. Each reports how many subproblems it
   solved. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun memo2 (n, m, f) =
    let val table = Array.array (n * m, NONE)
        val solved = ref 0
        fun get (i, j) =
            case Array.sub (table, i * m + j) of
                SOME v => v
              | NONE => let val v = f get (i, j)
                        in Array.update (table, i * m + j, SOME v); solved := !solved + 1; v end
    in (get, solved) end

(* matrix chain: dims has n + 1 entries for n matrices *)
fun matrixChain dims =
    let val d = Array.fromList dims
        val n = Array.length d - 1
        val split = Array.array (n * n, ~1)
        fun cost get (i, j) =
            if i = j then 0
            else let fun try (k, best) =
                         if k >= j then best
                         else let val c = get (i, k) + get (k + 1, j) + Array.sub (d, i) * Array.sub (d, k + 1) * Array.sub (d, j + 1)
                              in if best < 0 orelse c < best then (Array.update (split, i * n + j, k); try (k + 1, c))
                                 else try (k + 1, best)
                              end
                 in try (i, ~1) end
        val (get, solved) = memo2 (n, n, cost)
        fun paren (i, j) = if i = j then "M" ^ pi (i + 1)
                           else let val k = Array.sub (split, i * n + j)
                                in "(" ^ paren (i, k) ^ " " ^ paren (k + 1, j) ^ ")" end
        val best = get (0, n - 1)
    in (best, paren (0, n - 1), !solved) end

val _ = app (fn dims => let val (c, p, s) = matrixChain dims
                        in pr ("matrix chain " ^ String.concatWith "x" (map pi dims) ^ ": cost " ^ pi c ^ " " ^ p ^ " (" ^ pi s ^ " subproblems)") end)
            [[10, 20, 30], [40, 20, 30, 10, 30], [10, 20, 30, 40, 30], [30, 35, 15, 5, 10, 20, 25], [5, 10]]

(* partitions of n into parts of size at most k *)
fun partitions n =
    let fun p get (m, k) =
            if m = 0 then 1
            else if k = 0 then 0
            else get (m, k - 1) + (if k <= m then get (m - k, k) else 0)
        val (get, solved) = memo2 (n + 1, n + 1, p)
        val v = get (n, n)
    in (v, !solved) end
val _ = app (fn n => let val (v, s) = partitions n in pr ("partitions of " ^ pi n ^ " = " ^ pi v ^ " (" ^ pi s ^ ")") end) [1, 5, 10, 30, 60]

(* Catalan numbers by counting binary trees with n internal nodes *)
fun catalan n =
    let val table = Array.array (n + 1, 0)
        fun fill k =
            if k > n then ()
            else (Array.update (table, k,
                    if k = 0 then 1
                    else List.foldl (fn (i, acc) => acc + Array.sub (table, i) * Array.sub (table, k - 1 - i)) 0 (List.tabulate (k, fn i => i)));
                  fill (k + 1))
    in fill 0; Array.foldr (fn (x, acc) => x :: acc) [] table end
val _ = pr ("catalan: " ^ String.concatWith " " (map pi (catalan 15)))

(* longest palindromic substring with a boolean table *)
fun longestPalindrome s =
    let val n = size s
        fun isPal get (i, j) =
            if i >= j then true
            else String.sub (s, i) = String.sub (s, j) andalso get (i + 1, j - 1)
        val (get, solved) = memo2 (n + 1, n + 1, isPal)
        fun search (i, j, best as (bi, bl)) =
            if i >= n then best
            else if j >= n then search (i + 1, i + 1, best)
            else search (i, j + 1, if j - i + 1 > bl andalso get (i, j) then (i, j - i + 1) else best)
        val (bi, bl) = search (0, 0, (0, 0))
    in (String.substring (s, bi, bl), !solved) end
val _ = app (fn s => let val (p, k) = longestPalindrome s in pr ("longest palindrome in \"" ^ s ^ "\": \"" ^ p ^ "\" (" ^ pi k ^ ")") end)
            ["babad", "forgeeksskeegfor", "abacdfgdcaba", "x", "", "abcba_racecar_"]

(* rod cutting: best price and the cuts *)
fun rodCut (prices, n) =
    let val p = Array.fromList prices
        val best = Array.array (n + 1, 0)
        val cut = Array.array (n + 1, 0)
        fun fill len =
            if len > n then ()
            else (List.app (fn i => let val v = Array.sub (p, i - 1) + Array.sub (best, len - i)
                                    in if v > Array.sub (best, len) then (Array.update (best, len, v); Array.update (cut, len, i)) else () end)
                           (List.tabulate (Int.min (len, Array.length p), fn i => i + 1));
                  fill (len + 1))
        fun pieces 0 = []
          | pieces len = Array.sub (cut, len) :: pieces (len - Array.sub (cut, len))
    in fill 1; (Array.sub (best, n), pieces n) end
val _ = app (fn n => let val (v, cs) = rodCut ([1, 5, 8, 9, 10, 17, 17, 20], n)
                     in pr ("rod " ^ pi n ^ ": " ^ pi v ^ " from " ^ String.concatWith "+" (map pi cs)) end) [1, 4, 8, 10, 13]
