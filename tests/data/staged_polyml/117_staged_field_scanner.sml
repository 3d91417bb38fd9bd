(* A record scanner specialised to a field layout: the layout (each
   field's kind, an int's radix, the separator) is known at generation
   time, so the generated scanner is a straight chain of the basis's
   scanners (Int.scan in the radix, Word.scan, Bool.scan, String.scan up
   to a separator) with no test of the layout left in it. The reader is a
   run-time argument: one generator makes the scanners of substrings, of
   char lists and, through StringCvt.scanString, of strings (a cogen-bound
   scanner has one stream type). Failures and overflow are the scanners'
   own. *)
fun pr s = print (s ^ "\n")

datatype field = I of int | W of word | B of bool | T of string
datatype kind = IntIn of StringCvt.radix | WordHex | Flag | TextUpTo of char

fun showField (I i) = Int.toString i
  | showField (W w) = "0wx" ^ Word.toString w
  | showField (B b) = Bool.toString b
  | showField (T s) = "\"" ^ String.toString s ^ "\""

(* one field at the stream, then the separator (skipped if present) *)
fun fieldScanner (kind : kind) (sep : char)
    : [(char -> bool) -> ('s -> (char * 's) option) -> 's -> (field * 's) option] =
    let cogen s = lift sep
        cogen one =
          case kind of
              IntIn radix => let cogen r = lift radix
                             in code (fn getc => fn st => Option.map (fn (i, rest) => (I i, rest)) (Int.scan r getc st)) end
            | WordHex => code (fn getc => fn st => Option.map (fn (w, rest) => (W w, rest)) (Word.scan StringCvt.HEX getc st))
            | Flag => code (fn getc => fn st => Option.map (fn (b, rest) => (B b, rest)) (Bool.scan getc st))
            | TextUpTo stop =>
              let cogen c = lift stop
              in code (fn getc => fn st =>
                   let val (text, rest) = StringCvt.splitl (fn d => d <> c) getc st
                   in Option.map (fn t => (T t, rest)) (StringCvt.scanString String.scan text) end)
              end
    in code (fn isSep => fn getc => fn st =>
         case one getc st of
             NONE => NONE
           | SOME (f, rest) =>
             (case getc (StringCvt.skipWS getc rest) of
                  SOME (c, after) => if c = s andalso isSep c then SOME (f, after) else SOME (f, rest)
                | NONE => SOME (f, rest)))
    end

(* the whole record: the fields' scanners chained at generation time *)
fun recordScanner ([] : kind list) (sep : char) : [('s -> (char * 's) option) -> 's -> (field list * 's) option] =
      code (fn getc => fn st => SOME ([], st))
  | recordScanner (k :: ks) sep =
      let cogen first = fieldScanner k sep
          cogen rest = recordScanner ks sep
      in code (fn getc => fn st =>
           case first (fn _ => true) getc st of
               NONE => NONE
             | SOME (f, st') =>
               (case rest getc st' of
                    NONE => NONE
                  | SOME (fs, st'') => SOME (f :: fs, st'')))
      end

val layout = [IntIn StringCvt.DEC, IntIn StringCvt.HEX, WordHex, Flag, TextUpTo #"\n"]
cogen scanRecord = recordScanner layout #";"
cogen scanList = recordScanner layout #";"
cogen scanText = recordScanner layout #";"
fun showRecord NONE = "no record"
  | showRecord (SOME fs) = "[" ^ String.concatWith ", " (map showField fs) ^ "]"

(* from substrings: what is left unread is the next record *)
fun records ss =
    case scanRecord Substring.getc ss of
        NONE => ["stop at \"" ^ String.toString (Substring.string ss) ^ "\""]
      | SOME (fs, rest) =>
        showRecord (SOME fs) :: (if Substring.isEmpty rest then []
                                 else records (StringCvt.dropl (fn c => c = #"\n") Substring.getc rest))
val () = List.app pr (records (Substring.full "12; ff; 0wx10; true; a\\tb\n~3;0x1F;7;FALSE;\\065\\066\n4;zz;1;true;x"))

(* from char lists and through scanString *)
val () = pr (showRecord (Option.map (fn (fs, _) => fs) (scanList List.getItem (explode " -5 ; -a ; 0w9 ; tRuE ; end"))))
val () = pr (showRecord (StringCvt.scanString scanText "1;2;3;false;\\u0041"))
val () = pr (showRecord (StringCvt.scanString scanText "1;2;3;maybe;x"))

(* a second layout, generated separately: binary and octal ints *)
cogen bits = recordScanner [IntIn StringCvt.BIN, IntIn StringCvt.OCT, TextUpTo #","] #","
val () = pr (showRecord (StringCvt.scanString bits "1011, 777, rest, ignored"))
val () = pr (showRecord (StringCvt.scanString bits "2, 7, x") handle Overflow => "Overflow")
val () = pr (showRecord (StringCvt.scanString scanText "4611686018427387904;0;0;true;x") handle Overflow => "Overflow")
