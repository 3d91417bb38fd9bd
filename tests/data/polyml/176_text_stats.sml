(* Text statistics over a generated corpus of about 200 KB: tokenising
   with String.tokens and fields, word frequencies in a hash table of
   lists in an array, a merge sort by count then word, bigrams, line
   wrapping, and a Caesar/rot13 pass through String.translate. *)

val vocabulary = Vector.fromList
  ["the", "of", "and", "a", "to", "in", "is", "you", "that", "it", "he", "was", "for", "on", "are",
   "as", "with", "his", "they", "I", "at", "be", "this", "have", "from", "or", "one", "had", "by",
   "word", "but", "not", "what", "all", "were", "we", "when", "your", "can", "said", "there",
   "use", "an", "each", "which", "she", "do", "how", "their", "if", "will", "up", "other", "about",
   "out", "many", "then", "them", "these", "so", "some", "her", "would", "make", "like", "him",
   "into", "time", "has", "look", "two", "more", "write", "go", "see", "number", "no", "way",
   "could", "people", "my", "than", "first", "water", "been", "call", "who", "oil", "its", "now",
   "find", "long", "down", "day", "did", "get", "come", "made", "may", "part"]

val seed = ref 7
fun rand n = (seed := (!seed * 1103515245 + 12345) mod 2147483648; (!seed div 65536) mod n)

(* Zipf-like choice: small indices much more often. *)
fun pickWord () =
  let val r = rand 1000
      val i = (r * r) div 10000
  in Vector.sub (vocabulary, i mod Vector.length vocabulary) end

fun sentence () =
  let val n = 4 + rand 12
      val ws = List.tabulate (n, fn _ => pickWord ())
      val first = case ws of w :: rest => String.map Char.toUpper (String.substring (w, 0, 1)) ^ String.extract (w, 1, NONE) :: rest
                           | [] => []
      val punct = case rand 6 of 0 => "?" | 1 => "!" | _ => "."
  in String.concatWith " " first ^ punct end

fun paragraph () = String.concatWith " " (List.tabulate (3 + rand 5, fn _ => sentence ()))

val text = String.concatWith "\n\n" (List.tabulate (600, fn _ => paragraph ()))
val () = print ("characters: " ^ Int.toString (size text) ^ "\n")

val lines = String.fields (fn c => c = #"\n") text
val paragraphs = List.filter (fn l => l <> "") lines
val () = print ("lines: " ^ Int.toString (length lines) ^ ", paragraphs: " ^ Int.toString (length paragraphs) ^ "\n")

val words = String.tokens (fn c => not (Char.isAlpha c)) text
val () = print ("words: " ^ Int.toString (length words) ^ "\n")

(* --- hash table: array of association lists with counts in refs --- *)
val buckets = 257
val table = Array.array (buckets, []) : (string * int ref) list Array.array

fun hash s = foldl (fn (c, h) => (h * 31 + ord c) mod buckets) 0 (explode s)

fun countWord w =
  let val w = String.map Char.toLower w
      val b = hash w
  in case List.find (fn (k, _) => k = w) (Array.sub (table, b)) of
       SOME (_, r) => r := !r + 1
     | NONE => Array.update (table, b, (w, ref 1) :: Array.sub (table, b))
  end

val () = List.app countWord words
val entries = Array.foldl (fn (l, acc) => foldl (fn ((w, r), acc) => (w, !r) :: acc) acc l) [] table
val () = print ("distinct: " ^ Int.toString (length entries) ^ "\n")
val longest = Array.foldl (fn (l, m) => Int.max (length l, m)) 0 table
val empty = Array.foldl (fn ([], n) => n + 1 | (_, n) => n) 0 table
val () = print ("longest bucket: " ^ Int.toString longest ^ ", empty buckets: " ^ Int.toString empty ^ "\n")

fun mergeSort less xs =
  let
    fun merge ([], ys) = ys
      | merge (xs, []) = xs
      | merge (l1 as x :: xs, l2 as y :: ys) = if less (y, x) then y :: merge (l1, ys) else x :: merge (xs, l2)
    fun sort [] = []
      | sort [x] = [x]
      | sort xs = let val k = length xs div 2 in merge (sort (List.take (xs, k)), sort (List.drop (xs, k))) end
  in sort xs end

val byCount = mergeSort (fn ((w1, c1), (w2, c2)) => c1 > c2 orelse (c1 = c2 andalso w1 < w2)) entries
val () = List.app (fn (w, c) => print (StringCvt.padRight #" " 8 w ^ StringCvt.padLeft #" " 6 (Int.toString c) ^ "\n"))
                  (List.take (byCount, 12))
val rare = List.filter (fn (_, c) => c <= 2) byCount
val () = print ("rare: " ^ String.concatWith "," (map (fn (w, _) => w) rare) ^ "\n")

(* --- bigrams of lower-case words, counted in a sorted list --- *)
val lower = map (String.map Char.toLower) words
val pairs = ListPair.zip (lower, tl lower)
val sortedPairs = mergeSort (fn ((a, b), (c, d)) => a < c orelse (a = c andalso b < d)) pairs
fun runs [] = []
  | runs (p :: ps) =
      let fun go (cur, n, [], acc) = rev ((cur, n) :: acc)
            | go (cur, n, q :: qs, acc) = if q = cur then go (cur, n + 1, qs, acc) else go (q, 1, qs, (cur, n) :: acc)
      in go (p, 1, ps, []) end
val bigrams = mergeSort (fn ((_, n1), (_, n2)) => n1 > n2) (runs sortedPairs)
val () = print ("bigrams: " ^ Int.toString (length bigrams) ^ "; top: " ^
                String.concatWith "; " (map (fn ((a, b), n) => a ^ " " ^ b ^ " " ^ Int.toString n) (List.take (bigrams, 5))) ^ "\n")

(* --- sentence statistics using String.fields on terminators --- *)
val sentences = List.filter (fn s => String.size s > 0)
                  (map (fn s => String.translate (fn #"\n" => " " | c => str c) s)
                       (String.fields (fn c => c = #"." orelse c = #"?" orelse c = #"!") text))
val lengths = map (fn s => length (String.tokens Char.isSpace s)) sentences
val () = print ("sentences: " ^ Int.toString (length sentences) ^ ", mean length x100: " ^
                Int.toString (foldl op+ 0 lengths * 100 div length lengths) ^ ", max: " ^
                Int.toString (foldl Int.max 0 lengths) ^ "\n")
val questions = length (List.filter (fn c => c = #"?") (explode text))
val () = print ("questions: " ^ Int.toString questions ^ "\n")

(* --- greedy line wrapping of the first paragraph --- *)
fun wrap width s =
  let fun go ([], line, acc) = rev (if line = "" then acc else line :: acc)
        | go (w :: ws, "", acc) = go (ws, w, acc)
        | go (w :: ws, line, acc) =
            if size line + 1 + size w <= width then go (ws, line ^ " " ^ w, acc) else go (ws, w, line :: acc)
  in go (String.tokens Char.isSpace s, "", []) end
val () = List.app (fn l => print ("| " ^ StringCvt.padRight #" " 40 l ^ " |\n")) (wrap 40 (hd paragraphs))

(* --- rot13 round trip over the whole text --- *)
fun rot13 c =
  if Char.isLower c then chr ((ord c - ord #"a" + 13) mod 26 + ord #"a")
  else if Char.isUpper c then chr ((ord c - ord #"A" + 13) mod 26 + ord #"A")
  else c
val scrambled = String.map rot13 text
val () = print (String.substring (scrambled, 0, 60) ^ "\n")
val () = print ("rot13 twice is identity: " ^ Bool.toString (String.map rot13 scrambled = text) ^ "\n")
val checksum = foldl (fn (c, h) => (h * 33 + ord c) mod 1000000007) 5381 (explode text)
val () = print ("checksum: " ^ Int.toString checksum ^ "\n")
val () = print (String.substring (text, size text - 10, 20) ^ "\n")
