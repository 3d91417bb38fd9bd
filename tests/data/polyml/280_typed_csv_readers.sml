(* Parsing typed CSV records with the Basis scanners driven by hand-written readers: a reader
   over a char list (List.getItem), one over an index into a string that counts its calls, and
   one over a Substring; Int.scan in all radixes, Bool.scan, Word.scan and String.scan on the
   fields, StringCvt.splitl for quoted fields, with the unread rest of each field reported *)
fun show s = print (s ^ "\n")

(* a reader over positions of a string that counts how often it is called *)
val calls = ref 0
fun indexReader s i = (calls := !calls + 1; if i < size s then SOME (String.sub (s, i), i + 1) else NONE)

datatype field = I of int | B of bool | W of word | S of string | Bad of string

fun fieldStr (I n) = "I " ^ Int.toString n
  | fieldStr (B b) = "B " ^ Bool.toString b
  | fieldStr (W w) = "W 0wx" ^ Word.fmt StringCvt.HEX w
  | fieldStr (S s) = "S \"" ^ String.toString s ^ "\""
  | fieldStr (Bad s) = "Bad \"" ^ String.toString s ^ "\""

(* a field's type comes from the column's header letter *)
fun parseField (kind, text) =
    let val rdr = indexReader text
        fun whole scan wrap =
            case scan rdr 0 of
                SOME (v, i) => if i = size text then wrap v
                               else Bad (text ^ " (rest: " ^ String.extract (text, i, NONE) ^ ")")
              | NONE => Bad text
    in case kind of
           #"d" => whole (Int.scan StringCvt.DEC) I
         | #"x" => whole (Int.scan StringCvt.HEX) I
         | #"o" => whole (Int.scan StringCvt.OCT) I
         | #"b" => whole (Int.scan StringCvt.BIN) I
         | #"w" => whole (Word.scan StringCvt.HEX) W
         | #"?" => whole Bool.scan B
         | #"s" => whole String.scan S
         | _ => Bad ("unknown kind " ^ str kind)
    end
    handle Overflow => Bad (text ^ " (overflow)")

(* split a line at commas outside double quotes, over a char list with List.getItem *)
fun splitLine line =
    let fun field cs =
            case cs of
                #"\"" :: rest =>
                let val (inside, after) = StringCvt.splitl (fn c => c <> #"\"") List.getItem rest
                in case after of
                       #"\"" :: after' => (inside, after')
                     | _ => (inside, after)
                end
              | _ => StringCvt.splitl (fn c => c <> #",") List.getItem cs
        fun fields cs =
            let val (f, rest) = field cs
            in case rest of
                   #"," :: rest' => f :: fields rest'
                 | [] => [f]
                 | _ => let val (junk, rest') = StringCvt.splitl (fn c => c <> #",") List.getItem rest
                        in case rest' of
                               [] => [f ^ junk]
                             | _ :: rest'' => (f ^ junk) :: fields rest''
                        end
            end
    in fields (explode line) end

val header = "dxob?ws"
val lines = [
  "42,ff,17,101,true,0wx1F,plain",
  "~7,-0x1A,+777,0b11,FALSE,ABC,\"with, comma\"",
  " 12 ,0X,8,2,tru,0w,esc\\n\\t",
  "4611686018427387903,7FFFFFFFFFFFFFFF,0,11111111,  false,7FFFFFFFFFFFFFFF,\"\\065\\066\"",
  "4611686018427387904,-4000000000000000,99,1021,yes,8000000000000000,\\q",
  ",,,,,,",
  "1,2,3",
  "12abc,g,9,1,true!,0wxg,\"open"
]
val _ = List.app (fn line =>
            let val fields = splitLine line
                val _ = calls := 0
                val kinds = List.take (explode header, Int.min (size header, length fields))
                val parsed = ListPair.map parseField (kinds, fields)
            in show (line ^ "\n  " ^ String.concatWith " | " (map fieldStr parsed) ^ "\n  reader calls: " ^ Int.toString (!calls))
            end) lines

(* the same scanners over a Substring: what is left after a number *)
val src = Substring.full "  123 456 0x10 -5 end"
fun ints s =
    case Int.scan StringCvt.DEC Substring.getc s of
        SOME (n, rest) => n :: ints rest
      | NONE => (show ("stopped before \"" ^ Substring.string s ^ "\" at " ^ Int.toString (let val (_, i, _) = Substring.base s in i end)); [])
val _ = show (String.concatWith "," (map Int.toString (ints src)))
val _ = show (String.concatWith "," (map Int.toString (ints (Substring.slice (src, 3, SOME 5)))))
