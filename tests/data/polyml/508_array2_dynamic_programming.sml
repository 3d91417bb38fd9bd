(* Array2 as ML programmers use it: tables of dynamic programming (edit
   distance with its alignment read back, the longest common subsequence,
   a knapsack, paths through a grid), matrix products and powers, a
   transpose, Floyd-Warshall's shortest paths, Pascal's triangle and a
   step of Conway's game of life on a torus. *)
fun sI (x : int) = Int.toString x
fun sL f l = "[" ^ String.concatWith "," (map f l) ^ "]"
fun sV v = sL sI (Vector.foldr op :: [] v)
fun showRows a = String.concatWith "\n" (List.tabulate (Array2.nRows a, fn i => "  " ^ sV (Array2.row (a, i))))
fun min3 (a, b, c) = Int.min (a, Int.min (b, c))

(* edit distance, and one alignment read back from the table *)
fun editDistance (s, t) =
  let val (m, n) = (size s, size t)
      val d = Array2.tabulate Array2.RowMajor (m + 1, n + 1, fn (i, j) => if i = 0 then j else if j = 0 then i else 0)
      fun fill (i, j) =
        if i > m then ()
        else if j > n then fill (i + 1, 1)
        else let val cost = if String.sub (s, i - 1) = String.sub (t, j - 1) then 0 else 1
             in Array2.update (d, i, j, min3 (Array2.sub (d, i - 1, j) + 1, Array2.sub (d, i, j - 1) + 1,
                                              Array2.sub (d, i - 1, j - 1) + cost));
                fill (i, j + 1)
             end
      val () = fill (1, 1)
      fun back (0, 0, ops) = ops
        | back (i, 0, ops) = back (i - 1, 0, "-" ^ str (String.sub (s, i - 1)) :: ops)
        | back (0, j, ops) = back (0, j - 1, "+" ^ str (String.sub (t, j - 1)) :: ops)
        | back (i, j, ops) =
          let val here = Array2.sub (d, i, j)
              val same = String.sub (s, i - 1) = String.sub (t, j - 1)
          in if same andalso here = Array2.sub (d, i - 1, j - 1) then back (i - 1, j - 1, str (String.sub (s, i - 1)) :: ops)
             else if here = Array2.sub (d, i - 1, j - 1) + 1 then
               back (i - 1, j - 1, implode [String.sub (s, i - 1), #"/", String.sub (t, j - 1)] :: ops)
             else if here = Array2.sub (d, i - 1, j) + 1 then back (i - 1, j, "-" ^ str (String.sub (s, i - 1)) :: ops)
             else back (i, j - 1, "+" ^ str (String.sub (t, j - 1)) :: ops)
          end
  in (Array2.sub (d, m, n), String.concatWith " " (back (m, n, [])), d) end
val _ = app (fn (s, t) =>
          let val (k, ops, _) = editDistance (s, t)
          in print ("edit " ^ s ^ " -> " ^ t ^ ": " ^ sI k ^ "  " ^ ops ^ "\n") end)
        [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("abc", ""), ("same", "same"), ("intention", "execution")]
val (_, _, table) = editDistance ("sun", "sat")
val _ = print ("the table for sun -> sat:\n" ^ showRows table ^ "\n")

(* the longest common subsequence *)
fun lcs (a, b) =
  let val (m, n) = (size a, size b)
      val t = Array2.array (m + 1, n + 1, 0)
      val () = Array2.modify Array2.RowMajor (fn x => x) t
      fun at (i, j) = Array2.sub (t, i, j)
      fun fill (i, j) =
        if i > m then ()
        else if j > n then fill (i + 1, 1)
        else (Array2.update (t, i, j, if String.sub (a, i - 1) = String.sub (b, j - 1) then at (i - 1, j - 1) + 1
                                      else Int.max (at (i - 1, j), at (i, j - 1)));
              fill (i, j + 1))
      val () = fill (1, 1)
      fun read (0, _, acc) = acc
        | read (_, 0, acc) = acc
        | read (i, j, acc) =
          if String.sub (a, i - 1) = String.sub (b, j - 1) then read (i - 1, j - 1, String.sub (a, i - 1) :: acc)
          else if at (i - 1, j) >= at (i, j - 1) then read (i - 1, j, acc) else read (i, j - 1, acc)
  in implode (read (m, n, [])) end
val _ = app (fn (a, b) => print ("lcs " ^ a ^ " " ^ b ^ " = " ^ lcs (a, b) ^ "\n"))
        [("AGGTAB", "GXTXAYB"), ("ABCBDAB", "BDCABA"), ("", "x"), ("abc", "def")]

(* 0/1 knapsack: items (weight, value), capacity *)
fun knapsack (items, cap) =
  let val v = Vector.fromList items
      val n = Vector.length v
      val best = Array2.array (n + 1, cap + 1, 0)
      fun fill (i, w) =
        if i > n then ()
        else if w > cap then fill (i + 1, 0)
        else let val (wi, vi) = Vector.sub (v, i - 1)
                 val skip = Array2.sub (best, i - 1, w)
             in Array2.update (best, i, w, if wi <= w then Int.max (skip, Array2.sub (best, i - 1, w - wi) + vi) else skip);
                fill (i, w + 1)
             end
  in fill (1, 0); Array2.sub (best, n, cap) end
val _ = print ("knapsack: " ^ sI (knapsack ([(1, 1), (3, 4), (4, 5), (5, 7)], 7)) ^ " "
               ^ sI (knapsack ([(10, 60), (20, 100), (30, 120)], 50)) ^ " " ^ sI (knapsack ([], 10)) ^ "\n")

(* paths through a grid with walls (#), moving right or down *)
val grid = Array2.fromList (map explode ["...#", ".#..", "....", "#..."])
val paths = Array2.tabulate Array2.RowMajor (Array2.nRows grid, Array2.nCols grid, fn _ => 0)
val () = Array2.update (paths, 0, 0, 1)
fun countPaths (i, j) =
  if i = Array2.nRows grid then ()
  else if j = Array2.nCols grid then countPaths (i + 1, 0)
  else (if Array2.sub (grid, i, j) = #"#" then Array2.update (paths, i, j, 0)
        else if i = 0 andalso j = 0 then ()
        else Array2.update (paths, i, j, (if i > 0 then Array2.sub (paths, i - 1, j) else 0)
                                         + (if j > 0 then Array2.sub (paths, i, j - 1) else 0));
        countPaths (i, j + 1))
val () = countPaths (0, 0)
val _ = print ("paths:\n" ^ showRows paths ^ "\n")

(* matrices *)
fun multiply (a, b) =
  if Array2.nCols a <> Array2.nRows b then raise Size
  else Array2.tabulate Array2.RowMajor (Array2.nRows a, Array2.nCols b, fn (i, j) =>
         Vector.foldli (fn (k, x, acc) => acc + x * Array2.sub (b, k, j)) 0 (Array2.row (a, i)))
fun transpose a = Array2.tabulate Array2.ColMajor (Array2.nCols a, Array2.nRows a, fn (i, j) => Array2.sub (a, j, i))
fun identity n = Array2.tabulate Array2.RowMajor (n, n, fn (i, j) => if i = j then 1 else 0)
fun power (a, 0) = identity (Array2.nRows a)
  | power (a, k) = let val h = power (a, k div 2) val h2 = multiply (h, h)
                   in if k mod 2 = 0 then h2 else multiply (h2, a) end
val fib = Array2.fromList [[1, 1], [1, 0]]
val _ = print ("fib^10:\n" ^ showRows (power (fib, 10)) ^ "\nfib^50 (0,1) = " ^ sI (Array2.sub (power (fib, 50), 0, 1)) ^ "\n")
val r = Array2.fromList [[1, 2, 3], [4, 5, 6]]
val _ = print ("r^T:\n" ^ showRows (transpose r) ^ "\nr r^T:\n" ^ showRows (multiply (r, transpose r)) ^ "\n")
val _ = print ("r r: " ^ ((showRows (multiply (r, r))) handle Size => "Size") ^ "\n")

(* Floyd-Warshall on 5 nodes; inf as a large int *)
val inf = 1000000
val dist = Array2.tabulate Array2.RowMajor (5, 5, fn (i, j) => if i = j then 0 else inf)
val _ = app (fn (u, v, w) => Array2.update (dist, u, v, w)) [(0, 1, 3), (1, 2, 4), (0, 2, 10), (2, 3, 1), (3, 0, 2), (3, 4, 8), (1, 4, 20)]
fun relax k =
  let fun go (i, j) = if i = 5 then () else if j = 5 then go (i + 1, 0)
                      else (Array2.update (dist, i, j, Int.min (Array2.sub (dist, i, j), Array2.sub (dist, i, k) + Array2.sub (dist, k, j)));
                            go (i, j + 1))
  in go (0, 0) end
val _ = List.app relax [0, 1, 2, 3, 4]
val () = Array2.modify Array2.ColMajor (fn d => if d >= inf then ~1 else d) dist
val _ = print ("shortest paths (~1: none):\n" ^ showRows dist ^ "\n")

(* Pascal's triangle in a square, row by row *)
val pascal = Array2.array (7, 7, 0)
val () = Array2.update (pascal, 0, 0, 1)
val _ = List.app (fn i => List.app (fn j =>
          Array2.update (pascal, i, j, Array2.sub (pascal, i - 1, j) + (if j > 0 then Array2.sub (pascal, i - 1, j - 1) else 0)))
          (List.tabulate (i + 1, fn j => j))) (List.tabulate (6, fn i => i + 1))
val _ = print ("pascal's last row: " ^ sV (Array2.row (pascal, 6)) ^ ", its sum " ^ sI (Array2.fold Array2.RowMajor op + 0 pascal) ^ "\n")

(* the game of life on a 6 x 6 torus: a glider, four steps *)
fun step board =
  let val (r, c) = Array2.dimensions board
      fun alive (i, j) = if Array2.sub (board, (i + r) mod r, (j + c) mod c) then 1 else 0
  in Array2.tabulate Array2.RowMajor (r, c, fn (i, j) =>
       let val n = foldl op + 0 (map alive [(i - 1, j - 1), (i - 1, j), (i - 1, j + 1), (i, j - 1), (i, j + 1),
                                            (i + 1, j - 1), (i + 1, j), (i + 1, j + 1)])
       in n = 3 orelse (n = 2 andalso Array2.sub (board, i, j)) end)
  end
fun picture board = String.concatWith "/" (List.tabulate (Array2.nRows board, fn i =>
                      Vector.foldr (fn (b, s) => (if b then "#" else ".") ^ s) "" (Array2.row (board, i))))
val glider = Array2.tabulate Array2.RowMajor (6, 6, fn p => List.exists (fn q => q = p) [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)])
val _ = List.foldl (fn (k, b) => (print ("gen " ^ sI k ^ ": " ^ picture b ^ "\n"); step b)) glider [0, 1, 2, 3, 4]
