(* Dynamic programming tasks from Rosetta Code, written with arrays of
   arrays and Vector.tabulate as the Standard ML entries do: "Levenshtein
   distance" (kitten/sitting, rosettacode/raisethysword), "Longest common
   subsequence" (with the traceback), "Knapsack problem/0-1" (a subset of
   the task's items) and "Count the coins" (ways to make change). *)

fun levenshtein (s, t) =
  let
    val m = size s
    val n = size t
    val d = Array.tabulate (m + 1, fn i => Array.tabulate (n + 1, fn j => if i = 0 then j else if j = 0 then i else 0))
    fun get (i, j) = Array.sub (Array.sub (d, i), j)
  in
    Array.appi (fn (i, row) =>
                  if i = 0 then ()
                  else Array.modifyi (fn (j, v) =>
                                        if j = 0 then v
                                        else let val cost = if String.sub (s, i - 1) = String.sub (t, j - 1) then 0 else 1
                                             in Int.min (Int.min (get (i - 1, j) + 1, get (i, j - 1) + 1),
                                                         get (i - 1, j - 1) + cost) end) row) d;
    get (m, n)
  end

val _ = List.app (fn (a, b) => print (a ^ " -> " ^ b ^ ": " ^ Int.toString (levenshtein (a, b)) ^ "\n"))
                 [("kitten", "sitting"), ("rosettacode", "raisethysword"), ("", "abc"), ("same", "same"),
                  ("saturday", "sunday")]

fun lcs (a, b) =
  let
    val m = size a
    val n = size b
    val table = Vector.tabulate (m + 1, fn _ => Array.array (n + 1, 0))
    fun get (i, j) = Array.sub (Vector.sub (table, i), j)
    fun fill i j =
      if i > m then ()
      else if j > n then fill (i + 1) 1
      else (Array.update (Vector.sub (table, i), j,
                          if String.sub (a, i - 1) = String.sub (b, j - 1) then get (i - 1, j - 1) + 1
                          else Int.max (get (i - 1, j), get (i, j - 1)));
            fill i (j + 1))
    fun trace (0, _, acc) = acc
      | trace (_, 0, acc) = acc
      | trace (i, j, acc) =
          if String.sub (a, i - 1) = String.sub (b, j - 1) then trace (i - 1, j - 1, String.sub (a, i - 1) :: acc)
          else if get (i - 1, j) >= get (i, j - 1) then trace (i - 1, j, acc)
          else trace (i, j - 1, acc)
  in fill 1 1; implode (trace (m, n, [])) end

val _ = List.app (fn (a, b) => print ("lcs " ^ a ^ " " ^ b ^ " = \"" ^ lcs (a, b) ^ "\"\n"))
                 [("1234", "1224533324"), ("thisisatest", "testing123testing"), ("abc", "xyz")]

(* 0-1 knapsack: (name, weight, value), capacity 400 *)
val items = [("map", 9, 150), ("compass", 13, 35), ("water", 153, 200), ("sandwich", 50, 160),
             ("glucose", 15, 60), ("tin", 68, 45), ("banana", 27, 60), ("apple", 39, 40),
             ("cheese", 23, 30), ("beer", 52, 10), ("suntan cream", 11, 70), ("camera", 32, 30)]

fun knapsack (items, capacity) =
  let
    val best = Array.array (capacity + 1, (0, []))
    fun consider (name, w, v) =
      let fun down c =
            if c < w then ()
            else (let val (bv, bl) = Array.sub (best, c - w)
                      val (cv, _) = Array.sub (best, c)
                  in if bv + v > cv then Array.update (best, c, (bv + v, name :: bl)) else () end;
                  down (c - 1))
      in down capacity end
  in List.app consider items; Array.sub (best, capacity) end

val (value, chosen) = knapsack (items, 400)
val weight = foldl (fn (n, s) => s + (case List.find (fn (m, _, _) => m = n) items of
                                          SOME (_, w, _) => w | NONE => 0)) 0 chosen
val _ = print ("knapsack: value " ^ Int.toString value ^ ", weight " ^ Int.toString weight ^ ": "
               ^ String.concatWith ", " (rev chosen) ^ "\n")

(* Count the coins *)
fun countChange (amount, coins) =
  let val ways = Array.tabulate (amount + 1, fn i => if i = 0 then 1 else 0)
  in
    List.app (fn c => let fun up i = if i > amount then ()
                                     else (Array.update (ways, i, Array.sub (ways, i) + Array.sub (ways, i - c)); up (i + 1))
                      in up c end) coins;
    Array.sub (ways, amount)
  end
val _ = print ("ways to change 100: " ^ Int.toString (countChange (100, [1, 5, 10, 25])) ^ "\n")
val _ = print ("ways to change 1000 with 6 coins: " ^ Int.toString (countChange (1000, [1, 5, 10, 25, 50, 100])) ^ "\n")
val _ = countChange (10, [~1])
