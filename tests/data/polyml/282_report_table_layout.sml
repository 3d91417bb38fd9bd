(* A text report: columns sized to their widest cell, numbers right-aligned with
   StringCvt.padLeft, text left-aligned with padRight, centred titles, a thousands separator,
   percentages computed in integers with rounding, totals, Int.fmt in other radixes, and cells
   wider than a fixed limit cut with "..." *)
val rows = [("Widgets", 1234567, 42), ("Gadgets", 89, 7), ("Sprockets and other parts", 1000000, 0),
            ("Gizmos", ~4500, 13), ("", 0, 100), ("Thingamajigs", 999, 1)]

fun thousands n =
    let val digits = Int.toString (abs n)
        fun group s = if size s <= 3 then s
                      else group (String.substring (s, 0, size s - 3)) ^ "," ^ String.extract (s, size s - 3, NONE)
    in (if n < 0 then "-" else "") ^ group digits end

fun cut limit s = if size s <= limit then s else String.substring (s, 0, limit - 3) ^ "..."

(* percentage of part in whole with one decimal, rounded half up, in integers *)
fun percent (part, 0) = "n/a"
  | percent (part, whole) =
    let val tenths = (part * 2000 div whole + 1) div 2
    in Int.toString (tenths div 10) ^ "." ^ Int.toString (tenths mod 10) ^ "%" end

fun centre (w, s) =
    let val left = (w - size s) div 2
    in StringCvt.padRight #" " w (StringCvt.padLeft #" " (left + size s) s) end

val total = foldl (fn ((_, n, _), acc) => acc + n) 0 rows
val header = ["Item", "Amount", "Count", "Share", "Hex", "Octal"]
val cells = map (fn (name, amount, count) =>
                    [cut 16 (if name = "" then "(unnamed)" else name), thousands amount, Int.toString count,
                     percent (amount, total), Int.fmt StringCvt.HEX amount, Int.fmt StringCvt.OCT count]) rows
val totals = ["Total", thousands total, Int.toString (foldl (fn ((_, _, c), acc) => acc + c) 0 rows), percent (total, total), Int.fmt StringCvt.HEX total, ""]
val all = header :: cells @ [totals]
val widths = foldl (fn (row, ws) => ListPair.map (fn (cell, w) => Int.max (size cell, w)) (row, ws)) (map (fn _ => 0) header) all
val rightAligned = [false, true, true, true, true, true]

fun rule c = String.concatWith "+" (map (fn w => CharVector.tabulate (w + 2, fn _ => c)) widths)
fun line row = String.concatWith "|" (ListPair.map (fn ((cell, w), right) =>
                   " " ^ (if right then StringCvt.padLeft #" " w cell else StringCvt.padRight #" " w cell) ^ " ")
                   (ListPair.zip (row, widths), rightAligned))
val width = size (rule #"-")
val _ = print (centre (width, "Quarterly report") ^ "|\n")
val _ = print (centre (width, "(" ^ Int.toString (length rows) ^ " items)") ^ "|\n")
val _ = print (rule #"=" ^ "\n" ^ line header ^ "\n" ^ rule #"-" ^ "\n")
val _ = List.app (fn r => print (line r ^ "\n")) cells
val _ = print (rule #"-" ^ "\n" ^ line totals ^ "\n" ^ rule #"=" ^ "\n")

(* padding edge cases *)
val _ = List.app (fn (w, s) => print ("[" ^ StringCvt.padLeft #"*" w s ^ "][" ^ StringCvt.padRight #"." w s ^ "][" ^ centre (w, s) ^ "]\n"))
                 [(0, "abc"), (3, "abc"), (4, "abc"), (7, ""), (~2, "x"), (5, "toolong")]
val _ = print (String.concatWith " " (map thousands [0, 7, 999, 1000, ~1000, 123456789, valOf Int.maxInt]) ^ "\n")
(* abs of the smallest int overflows *)
val _ = print (thousands (valOf Int.minInt) ^ "\n") handle Overflow => print "minInt: Overflow\n"
val _ = print (String.concatWith " " (map (fn (p, w) => percent (p, w)) [(1, 3), (2, 3), (1, 8), (5, 1000), (999, 1000), (1, 1)]) ^ "\n")
