(* Int.fromString: signs, white space, trailing garbage, overflow *)
fun show NONE = "NONE"
  | show (SOME n) = "SOME " ^ Int.toString n

fun try s = show (Int.fromString s) handle Overflow => "Overflow"

fun visible s =
  String.concat (map (fn c => if ord c < 32 then "\\" ^ Int.toString (ord c)
                              else implode [c]) (explode s))

val inputs =
  ["0", "~0", "-0", "+0", "42", "~42", "-42", "+42", "~", "-", "+", "",
   "   17", "\t\n 8x", "12abc", "1 2", "0x1F", "0w12", "+-3", "~~3", "--3",
   "4611686018427387903", "4611686018427387904", "~4611686018427387904",
   "-4611686018427387905", "99999999999999999999999999", "000000000000000000000000000007",
   "~000000000000000000000000000000000000000000000000000000000000004611686018427387904",
   "\v\f\r5", "abc", " ~ 5", "3.14", "7~", "\2005", "0000", "~+1"]

val _ = app (fn s => print ("[" ^ visible s ^ "] " ^ try s ^ "\n")) inputs

fun roundTrip n = valOf (Int.fromString (Int.toString n)) = n
val _ = print (if List.all roundTrip [0, 1, ~1, 4611686018427387903, ~4611686018427387904]
               then "round trip ok\n" else "round trip FAILED\n")
val _ = print (Int.toString (valOf (Int.fromString "12") + valOf (Int.fromString "~30")) ^ "\n")
val _ = print (Int.toString (valOf (Int.fromString "x")) handle Option => "Option\n")
