(* Conway's game of life on a list of strings with a fixed border: a
   blinker, a glider over several generations, population counts *)
fun cell (board, r, c) =
  r >= 0 andalso r < length board andalso c >= 0 andalso c < size (List.nth (board, r))
  andalso String.sub (List.nth (board, r), c) = #"#"
fun neighbours (board, r, c) =
  foldl (fn ((dr, dc), n) => if cell (board, r + dr, c + dc) then n + 1 else n) 0
        [(~1, ~1), (~1, 0), (~1, 1), (0, ~1), (0, 1), (1, ~1), (1, 0), (1, 1)]
fun tabulateString (n, f) = implode (List.tabulate (n, f))
fun step board =
  List.tabulate (length board, fn r =>
    tabulateString (size (List.nth (board, r)), fn c =>
      let val n = neighbours (board, r, c) in
        if n = 3 orelse (n = 2 andalso cell (board, r, c)) then #"#" else #"."
      end))
fun show board = (app (fn row => print (row ^ "\n")) board; print "\n")
fun population board = foldl (fn (row, n) => n + length (List.filter (fn c => c = #"#") (explode row))) 0 board
fun generations (board, 0) = board
  | generations (board, n) = generations (step board, n - 1)
val blinker = [".....", "..#..", "..#..", "..#..", "....."]
val _ = show blinker
val _ = show (step blinker)
val _ = print (Bool.toString (generations (blinker, 2) = blinker) ^ "\n")
val glider = [".#......", "..#.....", "###.....", "........", "........", "........"]
val _ = show (generations (glider, 4))
val _ = print (String.concatWith " " (List.tabulate (5, fn g => Int.toString (population (generations (glider, g))))) ^ "\n")
val block = ["....", ".##.", ".##.", "...."]
val _ = print ("block still: " ^ Bool.toString (step block = block) ^ "\n")
val diehard = ["..........", "......#...", "#.........", ".#...###..", ".........."]
fun untilDead (b, g) = if population b = 0 orelse g > 10 then g else untilDead (step b, g + 1)
val _ = print ("diehard-ish ends after " ^ Int.toString (untilDead (diehard, 0)) ^ "\n")
val _ = cell (["#"], 0, 0) andalso String.sub ("", 0) = #"#"
