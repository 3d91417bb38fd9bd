(* building text: a table formatter with padding and alignment, a word
   wrapper, number formatting with thousands separators, and a repeated
   string function checked against String.concat *)
fun repeat (s, n) = if n <= 0 then "" else s ^ repeat (s, n - 1)
fun commas n =
  let fun group s = if size s <= 3 then s else group (String.substring (s, 0, size s - 3)) ^ "," ^ String.extract (s, size s - 3, NONE)
  in if n < 0 then "-" ^ group (Int.toString (~n)) else group (Int.toString n) end
val _ = app (fn n => print (commas n ^ "\n")) [0, 999, 1000, 1234567, ~9876543210, 100]
val rows = [("apples", 12, 450), ("kiwis", 7, 1250), ("watermelons", 1, 399), ("figs", 100, 35)]
fun cell (s, w, right) = if right then StringCvt.padLeft #" " w s else StringCvt.padRight #" " w s
val w1 = foldl (fn ((n, _, _), m) => Int.max (size n, m)) 4 rows
val _ = print (cell ("item", w1, false) ^ " | " ^ cell ("qty", 5, true) ^ " | " ^ cell ("price", 8, true) ^ "\n")
val _ = print (repeat ("-", w1) ^ "-+-" ^ repeat ("-", 5) ^ "-+-" ^ repeat ("-", 8) ^ "\n")
fun money cents = commas (cents div 100) ^ "." ^ StringCvt.padLeft #"0" 2 (Int.toString (cents mod 100))
val _ = app (fn (n, q, p) => print (cell (n, w1, false) ^ " | " ^ cell (Int.toString q, 5, true) ^ " | " ^ cell (money (q * p), 8, true) ^ "\n")) rows
val total = foldl (fn ((_, q, p), t) => t + q * p) 0 rows
val _ = print (cell ("total", w1, false) ^ " | " ^ cell ("", 5, true) ^ " | " ^ cell (money total, 8, true) ^ "\n")
fun wrap width text =
  let fun go ([], line, acc) = rev (if line = "" then acc else line :: acc)
        | go (w :: ws, "", acc) = go (ws, w, acc)
        | go (w :: ws, line, acc) =
            if size line + 1 + size w <= width then go (ws, line ^ " " ^ w, acc) else go (w :: ws, "", line :: acc)
  in go (String.tokens Char.isSpace text, "", []) end
val para = "The quick brown fox jumps over the lazy dog while the cat, unimpressed, watches from a sunny windowsill nearby."
val _ = app (fn l => print ("|" ^ StringCvt.padRight #" " 24 l ^ "|\n")) (wrap 24 para)
val _ = app (fn l => print (l ^ "\n")) (wrap 10 "supercalifragilistic word")
val _ = print (Bool.toString (repeat ("ab", 50) = String.concat (List.tabulate (50, fn _ => "ab"))) ^ "\n")
fun center (s, w) = let val total = Int.max (w - size s, 0) val left = total div 2
                    in repeat (" ", left) ^ s ^ repeat (" ", total - left) end
val _ = print ("[" ^ center ("mid", 10) ^ "][" ^ center ("toolong", 3) ^ "]\n")
val _ = print (StringCvt.padLeft #"*" 6 "abc" ^ StringCvt.padRight #"*" 6 "abc" ^ StringCvt.padLeft #"*" 2 "abc" ^ "\n")
