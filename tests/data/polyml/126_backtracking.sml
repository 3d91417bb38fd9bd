(* backtracking with exceptions: subset sum, a sudoku-like 4x4 solver,
   change making, and a maze search, each failing branch raising *)
exception NoSolution
fun subsetSum (_, 0) = []
  | subsetSum ([], _) = raise NoSolution
  | subsetSum (x :: xs, target) =
      if x > target then subsetSum (xs, target)
      else (x :: subsetSum (xs, target - x)) handle NoSolution => subsetSum (xs, target)
fun showInts l = "[" ^ String.concatWith "," (map Int.toString l) ^ "]"
val _ = app (fn t => print (Int.toString t ^ ": " ^ (showInts (subsetSum ([8, 6, 7, 5, 3, 10, 9], t)) handle NoSolution => "none") ^ "\n"))
            [15, 2, 30, 48, 49, 1]
fun change (0, _) = []
  | change (_, []) = raise NoSolution
  | change (amount, coins as c :: rest) =
      if c > amount then change (amount, rest)
      else (c :: change (amount - c, coins)) handle NoSolution => change (amount, rest)
val _ = app (fn a => print (Int.toString a ^ " = " ^ (showInts (change (a, [25, 10, 4])) handle NoSolution => "impossible") ^ "\n"))
            [41, 30, 13, 3, 0]
(* 4x4 latin square with given cells *)
val grid = Array.fromList [1, 0, 0, 0,
                           0, 0, 3, 0,
                           0, 4, 0, 0,
                           0, 0, 0, 2]
fun ok (i, v) =
  let val r = i div 4 and c = i mod 4
      fun check k = k = 4 orelse (Array.sub (grid, r * 4 + k) <> v andalso Array.sub (grid, k * 4 + c) <> v andalso check (k + 1))
  in check 0 end
exception Solved
fun solve i =
  if i = 16 then raise Solved
  else if Array.sub (grid, i) <> 0 then solve (i + 1)
  else
    let fun try v = if v > 4 then ()
                    else (if ok (i, v) then (Array.update (grid, i, v); solve (i + 1); Array.update (grid, i, 0)) else ();
                          try (v + 1))
    in try 1 end
val _ = (solve 0; print "no solution\n")
        handle Solved => Array.appi (fn (i, v) => print (Int.toString v ^ (if i mod 4 = 3 then "\n" else " "))) grid
val maze = ["S.#.....",
            ".##.###.",
            "....#...",
            "##.##.#.",
            "...#..#E"]
fun at (r, c) = if r < 0 orelse r >= length maze orelse c < 0 orelse c >= size (hd maze) then #"#"
                else String.sub (List.nth (maze, r), c)
exception Found of (int * int) list
fun walk (pos as (r, c), path) =
  if at pos = #"E" then raise Found (rev (pos :: path))
  else if at pos = #"#" orelse List.exists (fn p => p = pos) path then ()
  else app (fn d => walk (d, pos :: path)) [(r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)]
val _ = (walk ((0, 0), []); print "no path\n")
        handle Found p => print (Int.toString (length p) ^ " steps: " ^ String.concatWith " " (map (fn (r, c) => Int.toString r ^ "," ^ Int.toString c) p) ^ "\n")
val _ = subsetSum ([2, 4], 5)
