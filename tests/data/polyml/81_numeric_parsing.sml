(* Reading numbers from text: Int.fromString on odd inputs inside a small
   CSV reader, sums that overflow, fields with signs and blanks, and
   Int.toString of the results; a bad row is reported, not fatal *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun show NONE = "NONE" | show (SOME n) = "SOME " ^ i n
val odd = ["~5", "-5", " 12", "12abc", "+3", "", "~", "-", "+", "~ 5", "\t\n~7\n", "0005", "~0", "5~", "1e3", "0x10",
           "4611686018427387903", "~4611686018427387904", "4611686018427387904", "-4611686018427387904", "+4611686018427387903",
           "  +  1", "++1", "~-1", "-~1", "12 34", "9.5", "\\", "\255", "0"]
val _ = app (fn s => p ("[" ^ String.toString s ^ "] " ^ (show (Int.fromString s) handle Overflow => "Overflow"))) odd
fun parseRow line =
  let val fields = String.fields (fn c => c = #",") line
  in map (fn f => case Int.fromString f of SOME n => n | NONE => raise Fail ("not a number: [" ^ f ^ "]")) fields end
fun sumRow line = (i (foldl op + 0 (parseRow line)))
                  handle Fail m => "error: " ^ m | Overflow => "error: overflow"
val rows = ["1,2,3", " 4, 5 ,6", "~1,-1,+1", "7,,8", "4611686018427387903,1", "4611686018427387903,~1", "abc", "", "10,20x,30",
            "~4611686018427387904,~1", "  9  "]
val _ = app (fn r => p (String.toString r ^ " => " ^ sumRow r)) rows
(* numbers embedded in words: take the leading integer of each token *)
val text = "12 apples and ~3 pears, -4 kiwis, +5 figs, 0x7 plums, 99bottles"
val leading = List.mapPartial Int.fromString (String.tokens (fn c => c = #" " orelse c = #",") text)
val _ = p (String.concatWith " " (map i leading))
(* round trips through strings for a spread of values *)
fun spread 0 = [] | spread k = k * k * k * 99991 - 7 :: ~(k * 1234567) :: spread (k - 1)
val ok = List.all (fn n => Int.fromString (Int.toString n) = SOME n) (4611686018427387903 :: ~4611686018427387904 :: spread 60)
val _ = p (if ok then "round trips" else "round trip FAILED")
val _ = p (i (valOf (Int.fromString "  ~0042rest")) ^ " " ^ i (getOpt (Int.fromString "none", ~1)))
