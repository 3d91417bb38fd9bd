(* Conway's game of life on a 12 x 12 torus stored in one array: a
   glider and a blinker evolve for 9 generations; then a variant
   without wrap-around reads outside the board and the program dies
   of Subscript *)
fun p s = print (s ^ "\n")
val size' = 12
fun idx (r, c) = r * size' + c
fun wrap k = (k + size') mod size'
fun make cells = let val a = Array.array (size' * size', false) in app (fn rc => Array.update (a, idx rc, true)) cells; a end
fun neighbours get (board, r, c) =
  foldl (fn ((dr, dc), n) => if get (board, r + dr, c + dc) then n + 1 else n) 0
        [(~1, ~1), (~1, 0), (~1, 1), (0, ~1), (0, 1), (1, ~1), (1, 0), (1, 1)]
fun torus (board, r, c) = Array.sub (board, idx (wrap r, wrap c))
fun bounded (board, r, c) = Array.sub (board, idx (r, c))
fun step get board =
  Array.tabulate (size' * size', fn k =>
    let val r = k div size' val c = k mod size'
        val n = neighbours get (board, r, c)
    in n = 3 orelse (n = 2 andalso Array.sub (board, k)) end)
fun render board = List.tabulate (size', fn r => implode (List.tabulate (size', fn c => if Array.sub (board, idx (r, c)) then #"#" else #".")))
fun population board = Array.foldl (fn (b, n) => if b then n + 1 else n) 0 board
val start = make [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2), (6, 6), (6, 7), (6, 8)]
fun run (0, b, _) = b
  | run (n, b, get) = run (n - 1, step get b, get)
val _ = app p (render start)
val _ = p ""
val after4 = run (4, start, torus)
val _ = app p (render after4)
val _ = p ""
val after9 = run (9, start, torus)
val _ = app p (render after9)
val _ = p ("population " ^ Int.toString (population start) ^ " " ^ Int.toString (population after4) ^ " " ^ Int.toString (population after9))
(* an empty board stays empty; a full board dies of overcrowding *)
val _ = p (Int.toString (population (run (3, make [], torus))) ^ " " ^ Int.toString (population (step torus (Array.array (size' * size', true)))))
(* without wrap-around the corner cell reads index ~13: Subscript (caught once) *)
val _ = p ((Int.toString (population (step bounded start))) handle Subscript => "Subscript at the edge")
(* the same read, not caught *)
val _ = p (Int.toString (neighbours bounded (start, 11, 11)))
val _ = p "unreached"
