(* Reading escapes back, as Poly/ML reads them: String.fromString and
   Char.fromString (SML escapes, \f...f\ gaps; as much as can be read),
   String.fromCString and Char.fromCString (C escapes: \?, \', octal, \x);
   each beside its to...String on every character. *)

fun showString NONE = "NONE"
  | showString (SOME s) = "SOME \"" ^ String.toString s ^ "\""

fun showChar NONE = "NONE"
  | showChar (SOME c) = "SOME #\"" ^ Char.toString c ^ "\""

val cases =
    ["abc", "a\\nb", "a\\qb", "\\q", "", "\\t\\\\\\\"", "\\065\\^A", "\\u0041x", "a\\ \t\n \\b",
     "a\\ \t\n b\\", "\\999", "\\256", "ab\\", "a\nb", "\\x41", "\\101", "\\?\\'", "\\a\\b\\v\\f\\r",
     "a", "ab", "\\n", "\\065x", "\\^Z", "\\ \n \\a", "\\", "\n", "\\ \\", "\\ \\q", "\\ \\\\ \\",
     "\\^@\\^_\\^`", "\\^", "\\u00ff\\u0100", "\\u00FfZ", "\\u12", "\\01", "\\0123", "\\255\\256",
     "\\x", "\\xfff", "\\x0000000041", "\\777", "\\400", "\\0", "\\08", "\\7a", "\200", "~\127",
     "\\x1g", "\\ \t", "\t", " leading space"]

val _ = List.app (fn s =>
          print (String.toString s ^ " -> " ^ showString (String.fromString s) ^ " / "
                 ^ showString (String.fromCString s) ^ " / " ^ showChar (Char.fromString s) ^ " / "
                 ^ showChar (Char.fromCString s) ^ "\n")) cases

(* every character survives toString/fromString and toCString/fromCString *)
val all = List.tabulate (256, chr)
val everything = implode all
val _ = print (Bool.toString (String.fromString (String.toString everything) = SOME everything) ^ " "
               ^ Bool.toString (String.fromCString (String.toCString everything) = SOME everything) ^ " "
               ^ Bool.toString (List.all (fn c => Char.fromString (Char.toString c) = SOME c) all) ^ " "
               ^ Bool.toString (List.all (fn c => Char.fromCString (Char.toCString c) = SOME c) all) ^ "\n")

(* C's \x takes every hex digit that follows: int arithmetic overflows *)
val _ = print ((showString (String.fromCString "\\x10000000000000000") handle Overflow => "Overflow") ^ "\n")
