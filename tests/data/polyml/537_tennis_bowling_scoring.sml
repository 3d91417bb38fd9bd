(* Scoring state machines: tennis games (nested datatypes, `as`, wildcards)
   and ten-pin bowling (list patterns over the rolls), with exceptions
   carrying the offending value. *)
datatype player = P1 | P2
datatype point = Love | Fifteen | Thirty | Forty
datatype game = Points of point * point | Deuce | Advantage of player | Won of player

exception GameOver of player
exception BadFrame of int list

fun other P1 = P2 | other P2 = P1
fun next Love = Fifteen | next Fifteen = Thirty | next Thirty = Forty
  | next Forty = raise Fail "next Forty"

fun score (Won p, _) = raise GameOver p
  | score (Deuce, w) = Advantage w
  | score (Advantage p, w) = if p = w then Won w else Deuce
  | score (Points (Forty, _), P1) = Won P1
  | score (Points (_, Forty), P2) = Won P2
  | score (Points (Thirty, Forty), P1) = Deuce
  | score (Points (Forty, Thirty), P2) = Deuce
  | score (Points (a, b), P1) = Points (next a, b)
  | score (Points (a, b), P2) = Points (a, next b)

fun pname P1 = "P1" | pname P2 = "P2"
fun pt Love = "love" | pt Fifteen = "15" | pt Thirty = "30" | pt Forty = "40"
fun show (Points (a, b)) = if a = b then pt a ^ "-all" else pt a ^ "-" ^ pt b
  | show Deuce = "deuce"
  | show (Advantage p) = "advantage " ^ pname p
  | show (Won p) = "game " ^ pname p

fun play rallies =
  let fun go (g, []) = [show g]
        | go (g, (w as P1) :: rest) = show g :: go (score (g, w), rest)
        | go (g, w :: rest) = show g :: go (score (g, w), rest)
  in String.concatWith ", " (go (Points (Love, Love), rallies)) end

val _ = print (play [P1, P1, P2, P1, P1] ^ "\n")
val _ = print (play [P1, P2, P1, P2, P1, P2, P2, P1, P1, P1] ^ "\n")
val _ = print ((play [P2, P2, P2, P2, P1] handle GameOver p => "already won by " ^ pname p) ^ "\n")

(* bowling: frames 1-9 then a tenth with bonus balls *)
fun bowling rolls =
  let fun frame (10, rest) = tenth rest
        | frame (n, 10 :: (rest as a :: b :: _)) = 10 + a + b + frame (n + 1, rest)
        | frame (n, a :: b :: (rest as c :: _)) =
            if a + b = 10 then 10 + c + frame (n + 1, rest)
            else if a + b > 10 then raise BadFrame [a, b] else a + b + frame (n + 1, rest)
        | frame (n, (rest as [a, b])) = if a + b < 10 andalso n = 10 then a + b else raise BadFrame rest
        | frame (_, rest) = raise BadFrame rest
      and tenth [10, a, b] = 10 + a + b
        | tenth [a, b, c] = if a + b = 10 then 10 + c else raise BadFrame [a, b, c]
        | tenth (frame as [a, b]) = if a + b < 10 then a + b else raise BadFrame frame
        | tenth other = raise BadFrame other
  in frame (1, rolls) end

fun rollsToString rs = String.concatWith " " (map (fn 10 => "X" | n => Int.toString n) rs)
fun report rolls =
  print (StringCvt.padLeft #" " 4 ((Int.toString (bowling rolls))
         handle BadFrame f => "bad[" ^ rollsToString f ^ "]") ^ "  " ^ rollsToString rolls ^ "\n")

val _ = app report
  [List.tabulate (12, fn _ => 10),
   List.tabulate (20, fn _ => 0),
   List.tabulate (21, fn _ => 5),
   [10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1],
   [9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0],
   [7, 5, 1, 1],
   [10, 10, 10],
   [1, 2, 3, 4, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 4, 7]]
val _ = bowling [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]
