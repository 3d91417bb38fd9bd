(* Formatting a report: columns padded with StringCvt, negative numbers
   printed with `~` (and converted to a leading minus by hand), words in
   hex, octal and binary, Int.fmt of the extremes, String.toString and
   Char.toString of control characters, quotes, backslashes and high
   bytes, and a reversible escaping round trip through fromString. *)
fun pr s = print (s ^ "\n")

fun cell w s = StringCvt.padLeft #" " w s
fun lcell w s = StringCvt.padRight #"." w s
fun minus n = if n < 0 then "-" ^ Int.toString (~ n) else Int.toString n
fun row (name, qty, delta) =
  pr (lcell 10 name ^ "|" ^ cell 6 (Int.toString qty) ^ "|" ^ cell 6 (minus delta) ^ "|" ^
      cell 8 (Int.fmt StringCvt.HEX delta) ^ "|" ^ cell 5 (Word.toString (Word.fromInt qty)))
val items = [("bolts", 120, ~5), ("nuts", 0, 0), ("washers", 31, 17), ("a-very-long-name", 7, ~1000), ("x", ~3, ~3)]
val () = app row items
val (tq, td) = foldl (fn ((_, q, d), (tq, td)) => (tq + q, td + d)) (0, 0) items
val () = pr ("total " ^ Int.toString tq ^ " " ^ Int.toString td ^ " " ^ minus td)

(* the extremes in every radix *)
val () = app (fn r => pr (Int.fmt r (valOf Int.minInt) ^ " " ^ Int.fmt r (valOf Int.maxInt) ^ " " ^ Int.fmt r ~1))
             [StringCvt.BIN, StringCvt.OCT, StringCvt.DEC, StringCvt.HEX]
val () = app (fn w => pr (Word.toString w ^ " " ^ Word.fmt StringCvt.OCT w ^ " " ^ Word.fmt StringCvt.BIN w ^ " " ^
                          Word.fmt StringCvt.DEC w ^ " " ^ Int.toString (Word.toIntX w)))
             [0w0, 0w1, 0wxFF, Word.fromInt ~1, Word.>> (Word.fromInt ~1, 0w1), Word.<< (0w1, 0w62)]

(* escapes: every control character, quote, backslash, DEL and high bytes *)
val specials = List.tabulate (32, chr) @ map chr [34, 39, 63, 92, 127, 128, 160, 200, 255]
val () = pr (String.concatWith " " (map Char.toString specials))
val () = pr (String.concatWith " " (map Char.toCString specials))
val text = implode specials
val () = pr (String.toString text)
val () = pr (String.toCString text)
val () = pr (case String.fromString (String.toString text) of
                 SOME back => if back = text then "round trip ok" else "round trip changed"
               | NONE => "round trip failed")
val () = pr (case String.fromCString (String.toCString text) of
                 SOME back => if back = text then "C round trip ok" else "C round trip changed " ^ String.toString back
               | NONE => "C round trip failed")

(* a table of characters with their codes *)
fun charRow c = cell 4 (Int.toString (ord c)) ^ " " ^ lcell 6 (Char.toString c) ^
                (if Char.isPrint c then "print" else "ctrl") ^ (if Char.isSpace c then ",space" else "")
val () = app (pr o charRow) [#"a", #"\t", #" ", #"\\", #"\"", #"\127", #"\n", #"~", #"\^Z"]

(* numbers read back: fromString of what toString printed, and of a minus *)
val () = app (fn s => pr (s ^ " -> " ^ (case Int.fromString s of SOME n => Int.toString n | NONE => "NONE")))
             ["~12", "-12", "+12", "12abc", "  ~0", "~", "0x1F", "00042"]
val () = app (fn s => pr (s ^ " -> " ^ (case Word.fromString s of SOME w => Word.toString w | NONE => "NONE")))
             ["ff", "0wxff", "0xFF", "1F2", "g", ""]
