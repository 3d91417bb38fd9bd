(* String and character processing: tokenising with String.tokens and
   String.fields, word frequencies kept in a sorted association list,
   capitalisation, Caesar and ROT13 with Char.chr / Char.ord, run-length
   encoding, palindromes ignoring punctuation, String.translate,
   number formatting with padding, and reversing words. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val text = "The quick brown fox jumps over the lazy dog. The dog sleeps; the fox runs!"

val words = String.tokens (fn c => not (Char.isAlpha c)) text
val _ = pr ("words: " ^ pi (length words) ^ ", first " ^ hd words ^ ", last " ^ List.last words)

fun lower s = String.map Char.toLower s
fun insert (w : string, []) = [(w, 1)]
  | insert (w, (v, n) :: rest) =
      if w = v then (v, n + 1) :: rest
      else if w < v then (w, 1) :: (v, n) :: rest
      else (v, n) :: insert (w, rest)
val freq = foldl (fn (w, acc) => insert (lower w, acc)) [] words
val _ = pr ("frequencies: " ^ String.concatWith " " (map (fn (w, n) => w ^ "=" ^ pi n) freq))
val top = foldl (fn ((w, n), (bw, bn)) => if n > bn then (w, n) else (bw, bn)) ("", 0) freq
val _ = pr ("most frequent: " ^ #1 top ^ " (" ^ pi (#2 top) ^ ")")

fun capitalise s =
    case explode s of
        [] => ""
      | c :: cs => implode (Char.toUpper c :: map Char.toLower cs)
val _ = pr ("capitalised: " ^ String.concatWith " " (map capitalise ["hELLO", "wORLD", "", "x", "ml"]))

fun shift k c =
    if Char.isUpper c then chr ((ord c - ord #"A" + k) mod 26 + ord #"A")
    else if Char.isLower c then chr ((ord c - ord #"a" + k) mod 26 + ord #"a")
    else c
fun caesar k = String.map (shift k)
val secret = caesar 3 "Attack at dawn, Zulu!"
val _ = pr ("caesar 3: " ^ secret ^ " / back: " ^ caesar ~3 secret)
val _ = pr ("rot13 twice: " ^ caesar 13 (caesar 13 text) ^ " / once: " ^ caesar 13 "Hello")

fun rle s =
    let fun go ([], acc) = rev acc
          | go (c :: cs, (d, n) :: acc) = if c = d then go (cs, (d, n + 1) :: acc) else go (cs, (c, 1) :: (d, n) :: acc)
          | go (c :: cs, []) = go (cs, [(c, 1)])
    in String.concat (map (fn (c, 1) => str c | (c, n) => pi n ^ str c) (go (explode s, []))) end
val _ = pr ("rle: " ^ rle "WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW" ^ " | " ^ rle "abc" ^ " | " ^ rle "")

fun isPalindrome s =
    let val cs = map Char.toLower (List.filter Char.isAlphaNum (explode s))
    in cs = rev cs end
val _ = app (fn s => pr ("palindrome? \"" ^ s ^ "\" " ^ Bool.toString (isPalindrome s)))
            ["A man, a plan, a canal: Panama", "No lemon, no melon", "Hello", "", "12321", "ab"]

val escaped = String.translate (fn #"<" => "&lt;" | #">" => "&gt;" | #"&" => "&amp;" | c => str c) "a < b && c > d"
val _ = pr ("html: " ^ escaped)

val fields = String.fields (fn c => c = #",") "name,,age,,,city,"
val _ = pr ("fields: " ^ pi (length fields) ^ " [" ^ String.concatWith "|" fields ^ "]")

fun padLeft (s, n) = if size s >= n then s else padLeft (" " ^ s, n)
fun padRight (s, n) = if size s >= n then s else padRight (s ^ ".", n)
fun row (name, qty, price) = padRight (name, 12) ^ padLeft (pi qty, 5) ^ padLeft (pi (qty * price), 8)
val _ = app (pr o row) [("apples", 3, 25), ("pears", 12, 40), ("kiwis", 100, 7), ("watermelons", 1, 350)]

fun withCommas n =
    let val s = pi (abs n)
        fun group cs = if length cs <= 3 then [implode cs]
                       else group (List.take (cs, length cs - 3)) @ [implode (List.drop (cs, length cs - 3))]
    in (if n < 0 then "-" else "") ^ String.concatWith "," (group (explode s)) end
val _ = pr ("commas: " ^ String.concatWith " " (map withCommas [0, 999, 1000, 1234567, ~9876543, 100]))

val reversedWords = String.concatWith " " (rev (String.tokens Char.isSpace "  one two   three four "))
val _ = pr ("reversed words: " ^ reversedWords)
val counts = foldl (fn (c, (v, k, ot)) => if Char.isSpace c then (v, k, ot)
                                         else if Char.contains "aeiouAEIOU" c then (v + 1, k, ot)
                                         else if Char.isAlpha c then (v, k + 1, ot) else (v, k, ot + 1))
                   (0, 0, 0) (explode text)
val _ = pr ("vowels " ^ pi (#1 counts) ^ ", consonants " ^ pi (#2 counts) ^ ", other " ^ pi (#3 counts))
