(* Ported from MLton's regression/string.scan.sml, string.fromString.sml and word-scan.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * What String.fromString, String.fromCString, Char.fromString and the
 * scanners read of strings with gaps, bad escapes, newlines and quotes,
 * and what Word.scan reads of 0w/0x prefixes in each radix.
 * Port: word-scan's inputs extended by six. *)
(* See https://github.com/MLton/mlton/issues/658. *)

fun show label fromString toString s =
   (print o concat)
   [label, " \"", String.toString s, "\" = ",
    case fromString s of
       NONE => "NONE"
     | SOME r => concat ["SOME ", toString r],
    "\n"]

fun stringToString s = concat ["\"", String.toString s, "\""]
fun charToString c = concat ["#\"", Char.toString c, "\""]

val showCharFromString =
   show "Char.fromString" Char.fromString charToString

val showStringFromString =
   show "String.fromString" String.fromString stringToString
val showStringFromCString =
   show "String.fromCString" String.fromCString stringToString

fun scanString scan s =
  Option.map (fn (r, ss) => (r, Substring.string ss)) (scan Substring.getc (Substring.full s))
fun scanStringResToString toString (r, s) =
   concat ["(", toString r, ", ", stringToString s, ")"]


val showScanStringCharScan =
   show "scanString Char.scan" (scanString Char.scan) (scanStringResToString charToString)
val showScanStringStringScan =
   show "scanString String.scan" (scanString String.scan) (scanStringResToString stringToString)

val l = ["",
         "\\  \\", "\\  \\abc", "abc\\  \\", "\\  \\abc\\  \\", "abc\\  \\def\\  \\ghi",
         "\\n", "\\nabc", "abc\\n", "\\nabc\\n", "abc\\ndef\\nghi",
         "\\q", "\\qabc", "abc\\q", "\\qabc\\q", "abc\\qdef\\qghi",
         "\n", "\nabc", "abc\n", "\nabc\n", "abc\ndef\nghi",
         "'", "'abc", "abc'", "'abc'", "abc'def'ghi",
         "\"", "\"abc", "abc\"", "\"abc\"", "abc\"def\"ghi",
         "\\\"", "\\\"abc", "abc\\\"", "\\\"abc\\\"", "abc\\\"def\\\"ghi"]

fun doit (f : string -> unit) = (List.app f l; print "\n")

val _ = doit showCharFromString
val _ = doit showStringFromString
val _ = doit showStringFromCString
val _ = doit showScanStringCharScan
val _ = doit showScanStringStringScan
fun checkFS (s, s') =
   case String.fromString s of
      NONE => print "WRONG  NONE\n"
    | SOME s'' =>
         if s' = s''
            then print (concat ["OK  [", s', "]\n"])
         else print (concat ["WRONG  [", s', "] [", s'', "]\n"])

val _ =
   List.app checkFS
   [("abc\"def", "abc"),
     ("\\q", ""),
     ("a\^D", "a"),
     ("a\\ \\\\q", "a"),
     ("\\ \\", ""),
     ("", ""),
     ("\\ \\\^D", ""),
     ("\\ a", "")]
fun testScan cvt s =
   (print o concat)
   ["Word.scan ",
    case cvt of
       StringCvt.BIN => "StringCvt.BIN"
     | StringCvt.OCT => "StringCvt.OCT"
     | StringCvt.DEC => "StringCvt.DEC"
     | StringCvt.HEX => "StringCvt.HEX",
    " \"",
    s,
    "\" = ",
    case Word.scan cvt Substring.getc (Substring.full s) of
       NONE => "NONE"
     | SOME (result, rest) =>
          concat ["SOME (0w", Word.fmt StringCvt.DEC result,
                  ", \"", Substring.string rest, "\")"],
    "\n"]

val inputs = ["0", "0w", "0wx", "0x",
              "01", "0w1", "0wx1", "0x1",
              "0z", "0wz", "0wxz", "0xz",
              "01z", "0w1z", "0wx1z", "0x1z",
              "0X1", "0wX1", "0Wx1", " \t0wx", "~0w1", "+1"]
val () = List.app (testScan StringCvt.BIN) inputs;
val () = List.app (testScan StringCvt.OCT) inputs;
val () = List.app (testScan StringCvt.DEC) inputs;
val () = List.app (testScan StringCvt.HEX) inputs;
