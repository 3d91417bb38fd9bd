(* Building strings: accumulating pieces in a list and concatenating
   once, padding and alignment by hand, a table formatter, number
   formatting with thousands separators, repeated strings, joining with
   separators, escaping, and a word-wrapping routine. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun repeat (s, 0) = ""
  | repeat (s, n) = s ^ repeat (s, n - 1)
fun padLeft (s, w) = if size s >= w then s else repeat (" ", w - size s) ^ s
fun padRight (s, w) = if size s >= w then s else s ^ repeat (".", w - size s)
fun join sep [] = ""
  | join sep [x] = x
  | join sep (x :: xs) = x ^ sep ^ join sep xs

(* builder: a ref holding pieces in reverse *)
fun newBuilder () = ref ([] : string list)
fun add b s = b := s :: !b
fun contents b = String.concat (rev (!b))
val b = newBuilder ()
val _ = (add b "alpha"; add b ", "; add b "beta"; add b "!")
val _ = pr ("builder: " ^ contents b ^ " (" ^ pi (length (!b)) ^ " pieces)")

fun commas n =
    if n < 0 then "-" ^ commas (~n)
    else if n < 1000 then pi n
    else commas (n div 1000) ^ "," ^ (let val r = pi (n mod 1000) in repeat ("0", 3 - size r) ^ r end)
val _ = app (fn n => pr ("commas " ^ padLeft (pi n, 12) ^ " -> " ^ commas n)) [0, 999, 1000, 1234567, ~9876543210, 1000000]

(* a table with right-aligned numbers *)
val rows = [("apples", 12, 3), ("kiwis", 7, 40), ("watermelons", 2, 350), ("figs", 100, 1)]
fun line (name, qty, price) = padRight (name, 14) ^ padLeft (pi qty, 5) ^ padLeft (pi price, 6) ^ padLeft (pi (qty * price), 8)
val _ = pr (padRight ("item", 14) ^ padLeft ("qty", 5) ^ padLeft ("each", 6) ^ padLeft ("total", 8))
val _ = pr (repeat ("-", 33))
val _ = app (pr o line) rows
val _ = pr (repeat ("=", 33))
val _ = pr (padLeft (pi (foldl (fn ((_, q, p), acc) => acc + q * p) 0 rows), 33))

(* escaping quotes and backslashes, and String.translate *)
fun escape s = String.translate (fn #"\"" => "\\\"" | #"\\" => "\\\\" | #"\n" => "\\n" | c => str c) s
val _ = pr ("escaped: " ^ escape "say \"hi\"\\ now\nbye")
val _ = pr ("String.toString: " ^ String.toString "tab\there\001")

(* word wrap to a width *)
fun wrap width text =
    let val words = String.tokens (fn c => c = #" ") text
        fun go ([], line, acc) = rev (if line = "" then acc else line :: acc)
          | go (w :: ws, "", acc) = go (ws, w, acc)
          | go (w :: ws, line, acc) =
              if size line + 1 + size w <= width then go (ws, line ^ " " ^ w, acc)
              else go (ws, w, line :: acc)
    in go (words, "", []) end
val text = "the quick brown fox jumps over the lazy dog and keeps running far away"
val _ = app (fn l => pr ("|" ^ padRight (l, 20) ^ "|")) (wrap 20 text)
val _ = pr ("wrap 8 count: " ^ pi (length (wrap 8 text)))

(* building with concat, implode and explode *)
val alphabet = implode (List.tabulate (26, fn i => chr (ord #"a" + i)))
val _ = pr ("alphabet: " ^ alphabet)
val _ = pr ("every third: " ^ implode (List.filter (fn c => (ord c - ord #"a") mod 3 = 0) (explode alphabet)))
val _ = pr ("joined: " ^ join " | " ["one", "two", "", "four"])
val _ = pr ("concatWith: " ^ String.concatWith "-" (map pi [1, 22, 333]))
val long = String.concat (List.tabulate (500, fn i => pi (i mod 10)))
val _ = pr ("long size " ^ pi (size long) ^ ", slice " ^ String.substring (long, 95, 10))
