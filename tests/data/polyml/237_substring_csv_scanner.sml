(* Text scanning with Substring and StringCvt, the way library-minded SML
   code does it (e.g. the SML/NJ Library's parsing helpers, and Basis
   Library manual examples): Substring.splitl/dropl/position/fields, a
   quoted-field CSV reader, Int.scan through StringCvt.scanString, and a
   key=value config reader with trimming. *)

fun trim s = Substring.string (Substring.dropr Char.isSpace (Substring.dropl Char.isSpace (Substring.full s)))

(* CSV with "quoted, fields" and "" as an escaped quote *)
exception Csv of int

fun csvLine line =
  let
    fun field (ss, acc) =
      case Substring.getc ss of
          SOME (#"\"", rest) => quoted (rest, [], acc)
        | _ =>
            let val (f, rest) = Substring.splitl (fn c => c <> #",") ss
            in next (rest, Substring.string f :: acc) end
    and quoted (ss, chars, acc) =
      case Substring.getc ss of
          NONE => raise Csv (size line - Substring.size ss)
        | SOME (#"\"", rest) =>
            (case Substring.getc rest of
                 SOME (#"\"", rest') => quoted (rest', #"\"" :: chars, acc)
               | _ => next (rest, implode (rev chars) :: acc))
        | SOME (c, rest) => quoted (rest, c :: chars, acc)
    and next (ss, acc) =
      case Substring.getc ss of
          NONE => rev acc
        | SOME (#",", rest) => field (rest, acc)
        | SOME (c, _) => raise Csv (size line - Substring.size ss)
  in field (Substring.full line, []) end

val rows = ["name,age,city",
            "\"Smith, John\",42,London",
            "Ann,,\"New \"\"York\"\"\"",
            "\"\",7,"]

val _ = List.app (fn r => print (String.concatWith " | " (map (fn f => "<" ^ f ^ ">") (csvLine r)) ^ "\n")) rows
val _ = (csvLine "\"open,1"; ()) handle Csv i => print ("unterminated quote at " ^ Int.toString i ^ "\n")
val _ = (csvLine "\"a\"b,1"; ()) handle Csv i => print ("junk after quote at " ^ Int.toString i ^ "\n")

(* numbers with StringCvt.scanString and Int.scan in several radices *)
val _ = List.app (fn (radix, name, s) =>
                    print (name ^ " " ^ s ^ " -> " ^
                           (case StringCvt.scanString (Int.scan radix) s of
                                SOME n => Int.toString n
                              | NONE => "NONE") ^ "\n"))
                 [(StringCvt.DEC, "dec", "  -17xyz"), (StringCvt.DEC, "dec", "~42"),
                  (StringCvt.HEX, "hex", "ff"), (StringCvt.HEX, "hex", "0x1A"),
                  (StringCvt.BIN, "bin", "1011 rest"), (StringCvt.OCT, "oct", "777"),
                  (StringCvt.DEC, "dec", "abc")]

(* key = value lines, comments after #, with Substring.position *)
val config = "# settings\n  width = 80\nheight=24 # rows\n\nname =  mlbox \nbad line\n"

fun parseConfig text =
  List.mapPartial
    (fn line =>
       let
         val (content, _) = Substring.position "#" (Substring.full line)
         val (key, rest) = Substring.splitl (fn c => c <> #"=") content
       in
         if Substring.isEmpty rest then
           (if trim (Substring.string content) = "" then NONE
            else (print ("ignored: " ^ line ^ "\n"); NONE))
         else SOME (trim (Substring.string key), trim (Substring.string (Substring.triml 1 rest)))
       end)
    (String.fields (fn c => c = #"\n") text)

val settings = parseConfig config
val _ = List.app (fn (k, v) => print ("[" ^ k ^ "] = [" ^ v ^ "]\n")) settings
fun lookupInt k = Option.mapPartial Int.fromString
                    (Option.map (fn (_, v) => v) (List.find (fn (k', _) => k = k') settings))
val _ = print (Int.toString (getOpt (lookupInt "width", 0) * getOpt (lookupInt "height", 0)) ^ "\n")

(* words and their positions via Substring.tokens and base *)
val sentence = "  the cat   sat on the  mat "
val _ = List.app (fn ss => let val (_, i, n) = Substring.base ss
                           in print (Substring.string ss ^ "@" ^ Int.toString i ^ "+" ^ Int.toString n ^ " ") end)
                 (Substring.tokens Char.isSpace (Substring.full sentence))
val _ = print "\n"
val _ = print (Substring.string (Substring.slice (Substring.full sentence, 6, SOME 3)) ^ "\n")
val _ = Substring.sub (Substring.full "abc", 3)
