(* Scanning numbers and text from odd inputs: prefixes, signs, radix markers cut short *)
fun say s = print (s ^ "\n")
fun showi NONE = "NONE" | showi (SOME n) = Int.toString n
fun showw NONE = "NONE" | showw (SOME w) = "0w" ^ Word.toString w
fun rest scan s =
  case scan Substring.getc (Substring.full s) of
      NONE => "NONE"
    | SOME (v, r) => v ^ " rest=\"" ^ Substring.string r ^ "\""
val ints = ["0x", "0x1", "0X1f", "~0x10", "-5", "+5", "~", " \n\t12abc", "0w5", "00012", "12 34", "0xg", "~ 5", "1_000", "0b101"]
val _ = app (fn s => say (String.toString s ^ ": dec " ^ rest (fn g => fn src => Option.map (fn (n, r) => (Int.toString n, r)) (Int.scan StringCvt.DEC g src)) s
                          ^ " | hex " ^ rest (fn g => fn src => Option.map (fn (n, r) => (Int.toString n, r)) (Int.scan StringCvt.HEX g src)) s
                          ^ " | fromString " ^ showi (Int.fromString s))) ints
val _ = app (fn s => say (String.toString s ^ ": oct " ^ showi (StringCvt.scanString (Int.scan StringCvt.OCT) s)
                          ^ " bin " ^ showi (StringCvt.scanString (Int.scan StringCvt.BIN) s))) ["17", "18", "~101", "2", "0", "0o7"]
val words = ["0w", "0wx", "0wxF", "0xF", "F", "0wX1", "~1", "0w12a", " 0wx10 ", "1x"]
val _ = app (fn s => say (String.toString s ^ ": hex " ^ showw (StringCvt.scanString (Word.scan StringCvt.HEX) s)
                          ^ " dec " ^ showw (StringCvt.scanString (Word.scan StringCvt.DEC) s) ^ " from " ^ showw (Word.fromString s))) words
val bools = ["true", "false", "TRUE", " true", "truex", "tru", "False"]
val _ = app (fn s => say (s ^ ": " ^ (case Bool.fromString s of SOME b => Bool.toString b | NONE => "NONE"))) bools
val _ = say (StringCvt.padLeft #"*" 6 "abc" ^ "|" ^ StringCvt.padRight #"-" 6 "abc" ^ "|" ^ StringCvt.padLeft #" " 2 "abcdef" ^ "|" ^ StringCvt.padRight #" " 0 "xy")
val _ = say (StringCvt.takel Char.isDigit Substring.getc (Substring.full "123abc") ^ "|" ^ Substring.string (StringCvt.dropl Char.isAlpha Substring.getc (Substring.full "abc123")) ^ "|")
val (a, b) = StringCvt.splitl Char.isAlpha Substring.getc (Substring.full "ab12")
val _ = say (a ^ "/" ^ Substring.string b)
val _ = say (Substring.string (StringCvt.skipWS Substring.getc (Substring.full "  \t\n x ")))
val _ = say (case StringCvt.scanString (Char.scan) "\\n" of SOME c => Int.toString (ord c) | NONE => "NONE")
val _ = say (case StringCvt.scanString (String.scan) "ab\\tc\\" of SOME s => String.toString s | NONE => "NONE")
val _ = say (case String.fromCString "a\\x41\\101\\?" of SOME s => s | NONE => "NONE")
val _ = say (case String.fromString "abc\"def" of SOME s => s | NONE => "NONE")
val _ = say (case String.fromString "\\   \\xyz" of SOME s => s | NONE => "NONE")
val _ = say (case String.fromString "" of SOME s => "[" ^ s ^ "]" | NONE => "NONE")
val _ = say (Int.fmt StringCvt.HEX 255 ^ " " ^ Int.fmt StringCvt.HEX ~255 ^ " " ^ Int.fmt StringCvt.BIN 0 ^ " " ^ Word.fmt StringCvt.HEX 0wxABC)
