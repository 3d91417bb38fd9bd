(* Basis conversions to and from text: StringCvt.radix with Int.fmt and
   Word.fmt, Word.fromString (Poly/ML's reading of its prefixes),
   Bool.fromString, Char.toCString and String.toCString; and Word.~,
   List.@, Array.findi, Array.collate. *)

fun radixName StringCvt.BIN = "BIN"
  | radixName StringCvt.OCT = "OCT"
  | radixName StringCvt.DEC = "DEC"
  | radixName StringCvt.HEX = "HEX"

val radixes = [StringCvt.BIN, StringCvt.OCT, StringCvt.DEC, StringCvt.HEX]

(* radix is an equality type; HEX alone is an ordinary identifier *)
val HEX = 16
val _ = print (Bool.toString (StringCvt.HEX = StringCvt.HEX) ^ " "
               ^ Bool.toString (StringCvt.HEX = StringCvt.DEC) ^ " " ^ Int.toString HEX ^ "\n")

val ints = [0, 1, ~1, 5, ~5, 255, ~256, 4611686018427387903, ~4611686018427387904]
val words = [0w0, 0w1, 0w5, 0w8, 0w255, Word.fromInt ~1, Word.fromInt ~1 div 0w2 + 0w1]

val _ = List.app (fn r =>
          (print (radixName r ^ ":");
           List.app (fn i => print (" " ^ Int.fmt r i)) ints;
           print "\n";
           print (radixName r ^ ":");
           List.app (fn w => print (" " ^ Word.fmt r w)) words;
           print "\n")) radixes

fun showWord NONE = "NONE"
  | showWord (SOME w) = "SOME 0wx" ^ Word.toString w

val _ = List.app (fn s => print (String.toString s ^ " -> "
                                 ^ (showWord (Word.fromString s) handle Overflow => "Overflow") ^ "\n"))
          ["ff", "0wxff", "0xff", "0wff", " \t\n 12g", "0wxg", "0x", "0w", "", "g", "~1",
           "7FFFFFFFFFFFFFFF", "8000000000000000", "FFFFFFFFFFFFFFFFF", "0WXff", "0Xff", "0",
           " 0wx1", "00wx1", "0wX1A", "0wxx", "0g", " ", "0w12345678901234567890", "aBcDeF"]

fun showBool NONE = "NONE"
  | showBool (SOME b) = "SOME " ^ Bool.toString b

val _ = List.app (fn s => print (String.toString s ^ " -> " ^ showBool (Bool.fromString s) ^ "\n"))
          ["true", "false", " true", "trueX", "TRUE", "tru", "", "\nfalse ", "FaLsE", "t", "xtrue"]

val _ = print (String.toCString "a\n\"\\'?\001\127\200\t\a\v\f\r\b ~" ^ "\n")
val _ = List.app (fn c => print (Char.toCString c ^ " ")) (List.tabulate (256, chr))
val _ = print "\n"
val _ = print (Bool.toString (String.toCString "plain text" = "plain text") ^ "\n")

val _ = print (Word.toString (Word.~ 0w1) ^ " " ^ Word.toString (Word.~ 0w0) ^ " "
               ^ Word.toString (Word.~ (Word.~ 0w12345)) ^ "\n")

val joined = List.@ ([1, 2], [3]) @ List.@ ([], [4])
val _ = print (String.concatWith "," (map Int.toString joined) ^ "\n")

val a = Array.fromList [3, 1, 4, 1, 5]
fun showFound NONE = "NONE"
  | showFound (SOME (i, x)) = "SOME (" ^ Int.toString i ^ ", " ^ Int.toString x ^ ")"
val _ = print (showFound (Array.findi (fn (i, x) => x = 1 andalso i > 1) a) ^ " "
               ^ showFound (Array.findi (fn (i, _) => i > 10) a) ^ "\n")
(* findi stops at the first match: later items are not visited *)
val visited = ref 0
val _ = Array.findi (fn (_, x) => (visited := !visited + 1; x = 4)) a
val _ = print (Int.toString (!visited) ^ "\n")

fun showOrder LESS = "LESS" | showOrder EQUAL = "EQUAL" | showOrder GREATER = "GREATER"
val _ = List.app (fn (x, y) => print (showOrder (Array.collate Int.compare (Array.fromList x, Array.fromList y)) ^ " "))
          [([], []), ([], [1]), ([1], []), ([1, 2], [1, 3]), ([1, 3], [1, 2]), ([1, 2], [1, 2]), ([2], [1, 9])]
val _ = print "\n"
