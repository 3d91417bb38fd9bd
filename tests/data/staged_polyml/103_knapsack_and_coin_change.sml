(* Staged dynamic programming: 0/1 knapsack with the item weights and
   values known at generation time (one generated row update per item,
   with its weight and value lifted), coin change with the coin set known
   (the inner loop unrolled over coins), and the longest common
   subsequence with one string known; the capacities and other inputs
   come at run time, and results are checked against unstaged versions. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun knapsack (items : (int * int) list) : [int -> int] =
    let fun rows [] = code (fn (_ : int array) => ())
          | rows ((w, v) :: rest) =
              let cogen w' = lift w cogen v' = lift v cogen more = rows rest
              in code (fn best => let fun down c = if c < w' then ()
                                                  else (Array.update (best, c, Int.max (Array.sub (best, c), Array.sub (best, c - w') + v')); down (c - 1))
                                  in down (Array.length best - 1); more best end) end
        cogen all = rows items
    in code (fn cap => let val best = Array.array (cap + 1, 0) in all best; Array.sub (best, cap) end) end

fun knapsackPlain items cap =
    let val best = Array.array (cap + 1, 0)
    in List.app (fn (w, v) => let fun down c = if c < w then () else (Array.update (best, c, Int.max (Array.sub (best, c), Array.sub (best, c - w) + v)); down (c - 1))
                              in down cap end) items;
       Array.sub (best, cap) end

val items = [(12, 4), (2, 2), (1, 1), (1, 2), (4, 10), (3, 7), (7, 13), (5, 8)]
val ks = eval (knapsack items)
val _ = pr (String.concatWith " " (map (fn c => pi (ks c)) [0, 1, 5, 10, 15, 20, 45]))
val _ = pr ("agree " ^ Bool.toString (List.all (fn c => ks c = knapsackPlain items c) (List.tabulate (60, fn c => c))))

(* coin change: number of ways, coins unrolled *)
fun ways (coins : int list) : [int -> int] =
    let fun per [] = code (fn (_ : int array) => ())
          | per (c :: rest) = let cogen c' = lift c cogen more = per rest
                              in code (fn t => (List.app (fn a => Array.update (t, a, Array.sub (t, a) + Array.sub (t, a - c')))
                                                         (List.tabulate (Int.max (0, Array.length t - c'), fn k => k + c'));
                                                more t)) end
        cogen all = per coins
    in code (fn amount => let val t = Array.array (amount + 1, 0) in Array.update (t, 0, 1); all t; Array.sub (t, amount) end) end
val euro = eval (ways [1, 2, 5, 10, 20, 50, 100, 200])
val us = eval (ways [1, 5, 10, 25])
val _ = pr (pi (euro 200) ^ " " ^ pi (us 100) ^ " " ^ pi (us 0) ^ " " ^ pi (eval (ways [7, 3]) 20) ^ " " ^ pi (eval (ways []) 5))

(* minimum coins, with an impossible amount raising an exception from generated code *)
exception Impossible of int
fun minCoins (coins : int list) : [int -> int] =
    let fun best [] = code (fn (_ : int array, _ : int) => 1000000000)
          | best (c :: rest) = let cogen c' = lift c cogen r = best rest
                               in code (fn (t, a) => let val here = if a >= c' then Array.sub (t, a - c') + 1 else 1000000000
                                                     in Int.min (here, r (t, a)) end) end
        cogen b = best coins
    in code (fn amount => let val t = Array.array (amount + 1, 0)
                          in List.app (fn a => Array.update (t, a, b (t, a))) (List.tabulate (amount, fn k => k + 1));
                             if Array.sub (t, amount) >= 1000000000 then raise Impossible amount else Array.sub (t, amount) end) end
val mc = eval (minCoins [4, 7, 13])
val _ = pr (String.concatWith " " (map (fn a => (pi (mc a)) handle Impossible x => "no" ^ pi x) [0, 4, 5, 8, 11, 20, 26, 27, 100]))

(* LCS with the first string known: one generated column pass per character *)
fun lcsWith (s : string) : [string -> int] =
    let fun cols i = if i = size s then code (fn (_ : int array, _ : string) => ())
                     else let cogen c = lift (String.sub (s, i)) cogen more = cols (i + 1)
                          in code (fn (row, t) =>
                                 let val diag = ref 0
                                 in List.app (fn j => let val up = Array.sub (row, j + 1)
                                                          val v = if String.sub (t, j) = c then !diag + 1 else Int.max (up, Array.sub (row, j))
                                                      in diag := up; Array.update (row, j + 1, v) end) (List.tabulate (size t, fn j => j));
                                    more (row, t) end) end
        cogen all = cols 0
    in code (fn t => let val row = Array.array (size t + 1, 0) in all (row, t); Array.sub (row, size t) end) end
val lcs = eval (lcsWith "AGGTAB")
val _ = pr (String.concatWith " " (map (fn t => t ^ ":" ^ pi (lcs t)) ["GXTXAYB", "AGGTAB", "", "BATGGA", "TTTT"]))
