(* Tic-tac-toe with full minimax, in the manner of the game-tree examples of
   functional-programming courses (Hansen & Rischel's chapter on trees,
   15-150's game lab): a board as a list of 9 squares, a datatype for
   players, a value for each position, and the count of positions searched. *)

datatype player = X | O
datatype square = Empty | Taken of player

fun other X = O
  | other O = X

fun showSquare Empty = "."
  | showSquare (Taken X) = "X"
  | showSquare (Taken O) = "O"

val lines = [(0,1,2), (3,4,5), (6,7,8), (0,3,6), (1,4,7), (2,5,8), (0,4,8), (2,4,6)]

fun winner board =
  let
    fun sq i = List.nth (board, i)
    fun check [] = NONE
      | check ((a, b, c) :: rest) =
          (case (sq a, sq b, sq c) of
               (Taken p, Taken q, Taken r) => if p = q andalso q = r then SOME p else check rest
             | _ => check rest)
  in check lines end

fun moves board =
  List.mapPartial (fn (i, Empty) => SOME i | _ => NONE)
                  (ListPair.zip (List.tabulate (9, fn i => i), board))

fun play (board, i, p) =
  List.tabulate (9, fn j => if i = j then Taken p else List.nth (board, j))

val searched = ref 0

(* value from X's point of view: 1 win, 0 draw, ~1 loss *)
fun minimax (board, p) =
  (searched := !searched + 1;
   case winner board of
       SOME X => 1
     | SOME O => ~1
     | NONE =>
         (case moves board of
              [] => 0
            | ms =>
                let val values = map (fn m => minimax (play (board, m, p), other p)) ms
                in if p = X then foldl Int.max ~2 values else foldl Int.min 2 values end))

fun bestMove (board, p) =
  let
    fun better (a, b) = if p = X then a > b else a < b
    fun pick ([], best) = best
      | pick (m :: ms, NONE) = pick (ms, SOME (m, minimax (play (board, m, p), other p)))
      | pick (m :: ms, SOME (bm, bv)) =
          let val v = minimax (play (board, m, p), other p)
          in pick (ms, if better (v, bv) then SOME (m, v) else SOME (bm, bv)) end
  in pick (moves board, NONE) end

fun show board =
  let fun row r = String.concat (map (fn c => showSquare (List.nth (board, 3 * r + c))) [0, 1, 2])
  in print (row 0 ^ "\n" ^ row 1 ^ "\n" ^ row 2 ^ "\n") end

fun parse s = map (fn #"X" => Taken X | #"O" => Taken O | _ => Empty) (explode s)

fun game (board, p) =
  case (winner board, bestMove (board, p)) of
      (SOME w, _) => print (showSquare (Taken w) ^ " wins\n")
    | (NONE, NONE) => print "draw\n"
    | (NONE, SOME (m, v)) =>
        (print (showSquare (Taken p) ^ " plays " ^ Int.toString m
                ^ " (value " ^ Int.toString v ^ ")\n");
         game (play (board, m, p), other p))

val start = parse "X.O.O...X"
val _ = show start
val _ = game (start, X)
val _ = print (Int.toString (!searched) ^ " positions searched\n")

val _ = searched := 0
val midgame = parse "XO..X..O."
val _ = show midgame
val _ = game (midgame, O)
val _ = print (Int.toString (!searched) ^ " positions searched\n")

val full = parse "XOXXOOOXX"
val _ = print (case winner full of NONE => "no winner" | SOME p => showSquare (Taken p))
val _ = print (", value " ^ Int.toString (minimax (full, X)) ^ "\n")
val _ = List.nth (full, 9)
