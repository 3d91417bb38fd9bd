(* tokenising text, counting word frequencies in an association list,
   sorting by count then alphabetically, and some per-line statistics *)
val text = "It was the best of times, it was the worst of times,\n\
           \it was the age of wisdom, it was the age of foolishness,\n\
           \it was the epoch of belief, it was the epoch of incredulity.\n"
val lines = String.fields (fn c => c = #"\n") text
val _ = print (Int.toString (length lines) ^ " fields\n")
fun lower s = String.map Char.toLower s
val words = map lower (String.tokens (fn c => not (Char.isAlpha c)) text)
val _ = print (Int.toString (length words) ^ " words\n")
fun bump (w, []) = [(w, 1)]
  | bump (w, (v, n) :: rest) = if w = v then (v, n + 1) :: rest else (v, n) :: bump (w, rest)
val freq = foldl bump [] words
fun before' ((w1, n1), (w2, n2)) = n1 > n2 orelse (n1 = n2 andalso w1 < w2)
fun sortBy lt [] = []
  | sortBy lt (x :: xs) =
      let val (a, b) = List.partition (fn y => lt (y, x)) xs in sortBy lt a @ [x] @ sortBy lt b end
val _ = app (fn (w, n) => print (StringCvt.padRight #" " 12 w ^ StringCvt.padLeft #" " 3 (Int.toString n) ^ "\n")) (sortBy before' freq)
val longest = foldl (fn (w, best) => if size w > size best then w else best) "" words
val _ = print ("longest: " ^ longest ^ "\n")
fun lineStats l =
  let val ws = String.tokens Char.isSpace l
      val letters = length (List.filter Char.isAlpha (explode l))
      val punct = length (List.filter Char.isPunct (explode l))
  in Int.toString (length ws) ^ " words, " ^ Int.toString letters ^ " letters, " ^ Int.toString punct ^ " punct" end
val _ = app (fn l => if l = "" then print "(empty)\n" else print (lineStats l ^ "\n")) lines
val csv = "name,age,,city\nann,31,,paris\n"
val _ = app (fn row => print (String.concatWith "|" (String.fields (fn c => c = #",") row) ^ "\n")) (String.tokens (fn c => c = #"\n") csv)
val _ = print (String.concatWith "/" (String.tokens (fn c => c = #",") ",a,,b,") ^ " " ^ String.concatWith "/" (String.fields (fn c => c = #",") ",a,,b,") ^ "\n")
fun capitalise w = case explode w of [] => "" | c :: cs => implode (Char.toUpper c :: cs)
val _ = print (String.concatWith " " (map capitalise (String.tokens Char.isSpace "hello  wide\tworld ")) ^ "\n")
