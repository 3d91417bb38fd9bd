(* Scanning with StringCvt readers, as a program reading its input would:
   a key = value configuration parsed from a substring with Int.scan,
   Word.scan and Bool.scan; numbers in every radix read from a char list
   (List.getItem is a reader); a reader of its own (over a position in a
   string, counting its reads); tokens rejoined with Substring.span; and
   the failures: no number, Overflow, Span. *)
fun show s = print (s ^ "\n")

(* ---- a configuration: lines of "key = value" *)
val config = "width = 80\n  depth=~3 \nmask = 0wxFF00\nverbose = TRUE\nname = \"a\\tb\"\nbad = x12\n"

datatype value = Num of int | Mask of word | Flag of bool | Text of string | Bad of string

fun value key rest =
    let val rest = StringCvt.skipWS Substring.getc rest
        fun orBad NONE = Bad (Substring.string rest)
          | orBad (SOME v) = v
    in case key of
           "mask" => orBad (Option.map (fn (w, _) => Mask w) (Word.scan StringCvt.HEX Substring.getc rest))
         | "verbose" => orBad (Option.map (fn (b, _) => Flag b) (Bool.scan Substring.getc rest))
         | "name" =>
           (case Substring.getc rest of
                SOME (#"\"", inner) =>
                orBad (Option.map (fn (s, _) => Text s)
                                  (String.scan Substring.getc (Substring.takel (fn c => c <> #"\"") inner)))
              | _ => Bad (Substring.string rest))
         | _ => orBad (Option.map (fn (i, _) => Num i) (Int.scan StringCvt.DEC Substring.getc rest))
    end

fun entry line =
    let val (key, rest) = Substring.splitl (fn c => c <> #"=") (StringCvt.skipWS Substring.getc line)
        val key = Substring.string (Substring.dropr Char.isSpace key)
    in (key, value key (Substring.triml 1 rest)) end

fun showValue (Num i) = "Num " ^ Int.toString i
  | showValue (Mask w) = "Mask 0wx" ^ Word.toString w
  | showValue (Flag b) = "Flag " ^ Bool.toString b
  | showValue (Text s) = "Text \"" ^ String.toString s ^ "\""
  | showValue (Bad s) = "Bad \"" ^ String.toString s ^ "\""

val () = List.app (fn (k, v) => show (k ^ ": " ^ showValue v))
                  (map entry (Substring.tokens (fn c => c = #"\n") (Substring.full config)))

(* ---- numbers in every radix from a char list *)
fun readAll radix chars =
    case Int.scan radix List.getItem chars of
        SOME (i, rest) => Int.toString i :: readAll radix (StringCvt.dropl (fn c => c = #",") List.getItem rest)
      | NONE => if null chars then [] else ["stop at " ^ implode chars]

val () = show (String.concatWith " " (readAll StringCvt.BIN (explode "101,~11,2")))
val () = show (String.concatWith " " (readAll StringCvt.OCT (explode "17,-10,+7")))
val () = show (String.concatWith " " (readAll StringCvt.HEX (explode "ff,0x10,0x,~A")))
val () = show (String.concatWith " " (readAll StringCvt.DEC (explode " 1, 2 ,3")))

(* ---- a reader of its own: positions in a string, reads counted *)
val reads = ref 0
fun reader s i = (reads := !reads + 1; if i < size s then SOME (String.sub (s, i), i + 1) else NONE)
fun scanCounted scan s =
    (reads := 0;
     case scan (reader s) 0 of
         SOME (x, i) => x ^ " up to " ^ Int.toString i ^ " in " ^ Int.toString (!reads) ^ " reads"
       | NONE => "nothing in " ^ Int.toString (!reads) ^ " reads")
val () = show (scanCounted (fn r => fn i => Option.map (fn (n, j) => (Int.toString n, j)) (Int.scan StringCvt.HEX r i)) "  -0x1fz")
val () = show (scanCounted (fn r => fn i => Option.map (fn (w, j) => (Word.toString w, j)) (Word.scan StringCvt.DEC r i)) "0w12345x")
val () = show (scanCounted (fn r => fn i => Option.map (fn (b, j) => (Bool.toString b, j)) (Bool.scan r i)) "\t fAlSe")
val () = show (scanCounted (fn r => fn i => Option.map (fn (c, j) => (str c, j)) (Char.scan r i)) "\\ \\\\065")
val () = show (scanCounted (fn r => fn i => SOME (StringCvt.splitl Char.isAlpha r i)) "abc123")

(* ---- scanString and the fromString functions agree *)
val texts = ["42", " ~7 apples", "0x1F", "ff", "0wxG", "true", "x"]
val () = show (String.concatWith " | "
    (map (fn s => (case StringCvt.scanString (Int.scan StringCvt.HEX) s of SOME i => Int.toString i | NONE => "-")
                  ^ "/" ^ (case Int.fromString s of SOME i => Int.toString i | NONE => "-")
                  ^ "/" ^ (case Word.fromString s of SOME w => Word.toString w | NONE => "-")) texts))

(* ---- tokens rejoined with span *)
val line = Substring.full "let x = 1 in x end"
val words = Substring.tokens Char.isSpace line
fun join (first, last) = Substring.string (Substring.span (List.nth (words, first), List.nth (words, last)))
val () = show (join (1, 3) ^ " | " ^ join (5, 5) ^ " | " ^ join (0, 6))
val () = show (join (3, 1) handle Span => "Span: the second ends before the first starts")
val () = show (Substring.string (Substring.span (Substring.full "abc", Substring.full (implode [#"a", #"b", #"c"])))
               handle Span => "Span")
val () = show ((Substring.string (Substring.span (Substring.full "abc", Substring.full "abd"))) handle General.Span => "Span: different bases")

(* ---- failures *)
val () = show (case Int.scan StringCvt.DEC Substring.getc (Substring.full "+ 1") of
                   NONE => "no number after a sign and a space" | SOME _ => "?")
val () = show ((ignore (Int.scan StringCvt.DEC Substring.getc (Substring.full "4611686018427387904")); "?")
               handle Overflow => "Overflow above the largest int")
val _ = Word.scan StringCvt.BIN Substring.getc (Substring.full (implode (List.tabulate (64, fn _ => #"1"))))
