(* Int.scan and Word.scan in every radix over the same inputs (prefixes
   0x, 0w, 0wx, signs, white space, too many digits), what each scanner
   leaves unread, Bool, Char and String scanners, and Substring functions
   at their edges. *)
fun pr s = print (s ^ "\n")
fun io NONE = "NONE" | io (SOME i) = "SOME " ^ Int.toString i
fun wo NONE = "NONE" | wo (SOME w) = "SOME " ^ Word.toString w
val radices = [(StringCvt.BIN, "B"), (StringCvt.OCT, "O"), (StringCvt.DEC, "D"), (StringCvt.HEX, "H")]
val inputs = ["0x1F", "~0x1f", "0X", "0xg", "  +101", "-777", "1012", "~", "0w1", "0wx1F", "ff", "FFFFFFFFFFFFFFFFF", "\n\t 9z", "0", "08", "~0x", "+0xA"]
val _ = app (fn (r, n) => app (fn s => pr (n ^ " " ^ String.toString s ^ " " ^
    (io (StringCvt.scanString (Int.scan r) s) handle Overflow => "Overflow") ^ " / " ^
    (wo (StringCvt.scanString (Word.scan r) s) handle Overflow => "Overflow"))) inputs) radices
fun rest scan s = case scan Substring.getc (Substring.full s) of
    NONE => "NONE" | SOME (_, ss) => "rest=" ^ String.toString (Substring.string ss)
val _ = app (fn s => pr (s ^ ": " ^ rest (Int.scan StringCvt.HEX) s ^ " " ^ rest (Word.scan StringCvt.HEX) s ^ " " ^ rest (Int.scan StringCvt.DEC) s)) ["0x", "0xz", "0wx", "0wxZ", "12ab", "~0x5q", "0w", "0w5"]
val _ = app (fn s => pr (s ^ ": " ^ (case StringCvt.scanString Bool.scan s of NONE => "NONE" | SOME b => Bool.toString b))) ["true", " false", "TRUE", "truex", "t", "fals"]
val _ = app (fn s => pr (String.toString s ^ ": " ^ (case StringCvt.scanString Char.scan s of NONE => "NONE" | SOME c => Char.toString c))) ["a", "\\n", "\\", "", "\\^", "\\256"]
val _ = app (fn s => pr (String.toString s ^ ": " ^ (case StringCvt.scanString String.scan s of NONE => "NONE" | SOME c => String.toString c))) ["abc", "a\\qb", "\\", "", "\"", "\\\\"]
val ss = Substring.full "  hello, world  "
val _ = pr ("[" ^ Substring.string (Substring.dropl Char.isSpace (Substring.dropr Char.isSpace ss)) ^ "]")
val (l, r) = Substring.splitl Char.isAlpha (Substring.triml 2 ss)
val _ = pr (Substring.string l ^ "|" ^ Substring.string r)
val (a, b) = Substring.position "wor" ss
val _ = pr (Substring.string a ^ "|" ^ Substring.string b)
val (a2, b2) = Substring.position "xyz" ss
val _ = pr (Int.toString (Substring.size a2) ^ "|" ^ Int.toString (Substring.size b2))
val _ = pr (String.concatWith ";" (map Substring.string (Substring.tokens (fn c => c = #"l" orelse c = #" ") ss)))
val _ = pr (String.concatWith ";" (map Substring.string (Substring.fields (fn c => c = #"l") ss)))
val _ = (pr (Substring.string (Substring.slice (ss, 3, SOME 20)))) handle Subscript => pr "slice Subscript"
val _ = (pr (Substring.string (Substring.triml ~1 ss))) handle Subscript => pr "triml Subscript"
val _ = pr (Substring.string (Substring.trimr 100 ss) ^ "." ^ Substring.string (Substring.triml 100 ss) ^ ".")
val (s0, i0, n0) = Substring.base (Substring.slice (Substring.extract ("abcdef", 1, NONE), 2, SOME 2))
val _ = pr (s0 ^ Int.toString i0 ^ Int.toString n0)
val _ = pr (StringCvt.padLeft #"*" 6 "ab" ^ StringCvt.padRight #"-" 6 "ab" ^ StringCvt.padLeft #" " 1 "xyz" ^ StringCvt.padLeft #"0" ~3 "q")
val _ = pr (StringCvt.takel Char.isDigit List.getItem (explode "123abc") ^ implode (StringCvt.dropl Char.isDigit List.getItem (explode "12x3")))
val _ = pr (case Substring.getc (Substring.full "") of NONE => "empty" | SOME _ => "?")
val _ = pr (Substring.string (Substring.span (Substring.substring ("abcdef", 1, 2), Substring.substring ("abcdef", 3, 2))))
val _ = (pr (Substring.string (Substring.span (Substring.substring ("abcdef", 3, 2), Substring.substring ("abcdef", 1, 1))))) handle Span => pr "Span"
val _ = (pr (Substring.string (Substring.span (Substring.full "ab", Substring.full "ab")))) handle Span => pr "Span2"
val _ = pr (Substring.translate (fn c => if c = #"l" then "LL" else str c) ss)
val _ = pr (case Substring.first (Substring.full "") of NONE => "nofirst" | SOME c => str c)
val _ = pr (Bool.toString (Substring.isPrefix "  he" ss) ^ Bool.toString (Substring.isSuffix "d " ss) ^ Bool.toString (Substring.isSubstring "o, w" ss))
val (x1, x2) = Substring.splitAt (ss, 4)
val _ = pr (Substring.string x1 ^ "/" ^ Substring.string x2)
val _ = (Substring.splitAt (ss, 17); pr "no") handle Subscript => pr "splitAt Subscript"
val _ = pr (Substring.string (Substring.taker Char.isSpace ss) ^ "|" ^ Substring.string (Substring.takel Char.isSpace ss) ^ "|")
val _ = pr (Int.toString (Substring.foldl (fn (c, n) => n + ord c) 0 ss) ^ " " ^ implode (Substring.foldr (op ::) [] (Substring.full "xyz")))
val _ = pr (case Substring.compare (Substring.full "abc", Substring.substring ("xabcx", 1, 3)) of EQUAL => "eq" | LESS => "lt" | GREATER => "gt")
val _ = pr (Substring.concatWith "+" [Substring.full "a", Substring.substring ("xbx", 1, 1), Substring.full ""])
