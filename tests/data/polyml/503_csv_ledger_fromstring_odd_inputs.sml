(* A ledger read from CSV text: String.fields keeps empty fields,
   Int.fromString reads what it can (leading spaces, signs, trailing
   garbage), amounts accumulate with overflow detected at the 63-bit edge,
   and each bad line is reported with its number by an exception that
   carries it. *)
exception BadLine of int * string

val csv = String.concatWith "\n"
  ["id,who,amount,memo",
   "1,alice,100,rent",
   "2,bob,  -40,refund",
   "3,carol,~25,",
   "4,dave,12abc,typo",
   "5,,7,no name",
   "6,erin,,empty",
   "7,frank,+5,plus",
   "8,gina,0x1F,hex",
   "9,hank,4611686018427387903,max",
   "10,ivy,1,overflow next",
   "11,jo,abc,words",
   "12,kim, 3 ,spaces",
   "bad line",
   "13,lee,-0,zero",
   "14,max,~4611686018427387904,min",
   ""]

fun parseLine (n, line) =
  case String.fields (fn c => c = #",") line of
      [id, who, amount, memo] =>
        let val id' = case Int.fromString id of SOME i => i | NONE => raise BadLine (n, "id " ^ id)
            val amt = case Int.fromString amount of SOME a => a | NONE => raise BadLine (n, "amount \"" ^ amount ^ "\"")
            val who' = if who = "" then "?" else who
        in (id', who', amt, memo) end
    | fields => raise BadLine (n, Int.toString (length fields) ^ " fields")

val lines = String.fields (fn c => c = #"\n") csv
val _ = print (Int.toString (length lines) ^ " lines\n")

fun process ([], _, total, count) = (total, count)
  | process (l :: ls, n, total, count) =
      let val (id, who, amt, memo) = parseLine (n, l)
          val total' = total + amt
      in print (StringCvt.padLeft #" " 3 (Int.toString id) ^ " " ^ StringCvt.padRight #"." 8 who ^ " "
                ^ StringCvt.padLeft #" " 22 (Int.toString amt) ^ "  " ^ String.translate (fn #" " => "_" | c => str (Char.toUpper c)) memo ^ "\n");
         process (ls, n + 1, total', count + 1)
      end
      handle BadLine (k, why) => (print ("line " ^ Int.toString k ^ ": " ^ why ^ "\n"); process (ls, n + 1, total, count))
           | Overflow => (print ("line " ^ Int.toString n ^ ": total overflows, reset\n"); process (ls, n + 1, 0, count))

val (total, count) = process (tl lines, 2, 0, 0)
val _ = print ("total " ^ Int.toString total ^ " over " ^ Int.toString count ^ " entries\n")

(* what Int.fromString makes of odd inputs *)
val odd = ["", " ", "-", "~", "+", "--1", "~~1", " \t\n42", "0042", "4611686018427387904", "~4611686018427387905",
           "1e5", "12 34", "0w12", "-0", "~0", "\2276"]
val _ = app (fn s => print ("[" ^ String.toString s ^ "] -> " ^
                             ((case Int.fromString s of SOME n => Int.toString n | NONE => "NONE")
                              handle Overflow => "Overflow") ^ "\n")) odd

(* String.fields versus String.tokens on separators at the ends *)
fun show xs = "[" ^ String.concatWith "|" xs ^ "]"
val _ = app (fn s => print (show (String.fields (fn c => c = #",") s) ^ " " ^ show (String.tokens (fn c => c = #",") s) ^ "\n"))
  ["", ",", "a,,b", ",a,", "abc"]
