(* Deliberately non-exhaustive functions and bindings: a traffic-light
   state machine whose step misses a case, a val binding that can fail,
   and handlers for Match and Bind before the last one escapes. *)
datatype light = Red | RedAmber | Green | Amber | Flashing of int

fun next Red = RedAmber
  | next RedAmber = Green
  | next Green = Amber
  | next Amber = Red

fun name Red = "red"
  | name RedAmber = "red+amber"
  | name Green = "green"
  | name Amber = "amber"
  | name (Flashing n) = "flashing(" ^ Int.toString n ^ ")"

fun run (l, 0) = [name l]
  | run (l, n) = name l :: run (next l, n - 1)
val _ = print (String.concatWith " -> " (run (Red, 6)) ^ "\n")
val _ = print ((String.concatWith " -> " (run (Flashing 3, 2))) handle Match => "no step from flashing") 
val _ = print "\n"

fun firstTwo (a :: b :: _) = (a, b)
val (x, y) = firstTwo [10, 20, 30]
val _ = print (Int.toString x ^ "," ^ Int.toString y ^ "\n")
val _ = print ((Int.toString (#1 (firstTwo [1]))) handle Match => "firstTwo: Match") 
val _ = print "\n"

fun describe n =
    let val SOME v = if n > 0 then SOME (n * 2) else NONE
    in "got " ^ Int.toString v end
val _ = print (describe 21 ^ "\n")
val _ = print (describe 0 ^ "\n") handle Bind => print "describe: Bind\n"

fun digitName d =
    case d of
      0 => "zero" | 1 => "one" | 2 => "two" | 3 => "three" | 4 => "four"
    | 5 => "five" | 6 => "six" | 7 => "seven" | 8 => "eight" | 9 => "nine"
fun spell n = String.concatWith "-" (map (fn c => digitName (ord c - ord #"0")) (explode (Int.toString n)))
val _ = print (spell 2024 ^ "\n")
val _ = print (spell 907 ^ "\n")
val _ = print (spell ~5 ^ "\n") handle Match => print "spell: Match on the minus sign\n"

val counter = ref 0
fun onlyPositive n = if n > 0 then n else raise Match
val total = foldl (fn (n, acc) => (acc + onlyPositive n) handle Match => (counter := !counter + 1; acc)) 0 [3, ~1, 4, 0, 5]
val _ = print ("total " ^ Int.toString total ^ ", skipped " ^ Int.toString (!counter) ^ "\n")

fun pairUp [] = []
  | pairUp (a :: b :: rest) = (a, b) :: pairUp rest
val _ = print (String.concatWith " " (map (fn (a, b) => Int.toString (a * b)) (pairUp [1, 2, 3, 4, 5, 6])) ^ "\n")
fun classify (0, _) = "zero first"
  | classify (_, 0) = "zero second"
  | classify (a, b) = if a = b then "equal" else if a < b then "rising" else "falling"
val _ = print (String.concatWith ", " (map classify [(0, 1), (3, 0), (2, 2), (1, 5), (~9, ~10)]) ^ "\n")
fun headOr (x :: _) = x
val firsts = map headOr [[5, 6], [7], [8, 9, 10]]
val _ = print ("heads: " ^ String.concatWith " " (map Int.toString firsts) ^ "\n")
val _ = print ("head of empty: " ^ (Int.toString (headOr []) handle Match => "Match") ^ "\n")
val lights = [Green, Amber, Red, RedAmber]
val _ = print (String.concatWith ", " (map (name o next) lights) ^ "\n")
val _ = print (name (next (Flashing 1)) ^ "\n")
val _ = print "unreachable\n"
