(* Text processing: tokenising, word frequencies in association lists,
   justification, run-length encoding, string building with ^ and concat *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val text = "the quick brown fox jumps over the lazy dog\nthe dog sleeps;  the fox\truns"
fun isSpace c = c = #" " orelse c = #"\n" orelse c = #"\t"
fun isPunct c = c = #";" orelse c = #"," orelse c = #"."
fun tokens s =
  let fun flush (cur, acc) = if null cur then acc else implode (rev cur) :: acc
      fun go ([], cur, acc) = rev (flush (cur, acc))
        | go (c :: cs, cur, acc) = if isSpace c orelse isPunct c then go (cs, [], flush (cur, acc)) else go (cs, c :: cur, acc)
  in go (explode s, [], []) end
val ws = tokens text
val _ = p (i (length ws) ^ ": " ^ String.concat (map (fn w => w ^ "|") ws))
fun bump (w, []) = [(w, 1)] | bump (w, (k, n) :: r) = if k = w then (k, n + 1) :: r else (k, n) :: bump (w, r)
val freq = foldl bump [] ws
val _ = p (String.concat (map (fn (w, n) => w ^ "=" ^ i n ^ " ") freq))
fun maxBy f [] = NONE | maxBy f (x :: r) = SOME (foldl (fn (y, m) => if f y > f m then y else m) x r)
val _ = p (case maxBy (fn (_, n) => n) freq of SOME (w, n) => "most frequent: " ^ w ^ " " ^ i n | NONE => "none")
fun rle s =
  let fun go ([], NONE, acc) = rev acc
        | go ([], SOME (c, n), acc) = rev ((implode [c] ^ i n) :: acc)
        | go (x :: r, NONE, acc) = go (r, SOME (x, 1), acc)
        | go (x :: r, SOME (c, n), acc) = if x = c then go (r, SOME (c, n + 1), acc) else go (r, SOME (x, 1), (implode [c] ^ i n) :: acc)
  in String.concat (go (explode s, NONE, [])) end
val _ = p (rle "aaabccddddde" ^ " " ^ rle "" ^ " " ^ rle "z")
fun pad (s, n) = if size s >= n then s else pad (s ^ " ", n)
fun padLeft (s, n) = if size s >= n then s else padLeft (" " ^ s, n)
val _ = app (fn (w, n) => p ("[" ^ pad (w, 8) ^ "|" ^ padLeft (i n, 3) ^ "]")) (List.filter (fn (w, _) => size w > 3) freq)
fun wrap (words, width) =
  let fun go ([], line, acc) = rev (line :: acc)
        | go (w :: r, "", acc) = go (r, w, acc)
        | go (w :: r, line, acc) = if size line + 1 + size w > width then go (r, w, line :: acc) else go (r, line ^ " " ^ w, acc)
  in go (words, "", []) end
val _ = app (fn l => p ("> " ^ l)) (wrap (ws, 16))
fun capitalize s = if s = "" then s else implode [chr (ord (String.sub (s, 0)) - 32)] ^ String.substring (s, 1, size s - 1)
val _ = p (String.concat (map (fn w => capitalize w ^ " ") (tokens "hello big world")))
fun reverseWords s = String.concat (rev (map (fn w => w ^ " ") (tokens s)))
val _ = p (reverseWords "one two three")
fun palindrome s = let val cs = List.filter (fn c => not (isSpace c)) (explode s) in cs = rev cs end
val _ = p (String.concat (map (fn s => if palindrome s then "yes " else "no ") ["never odd or even", "abc", "", "a", "ab ba"]))
fun count (c, s) = length (List.filter (fn x => x = c) (explode s))
val _ = p (i (count (#"e", text)) ^ " " ^ i (count (#"\n", text)) ^ " " ^ i (count (#"z", "")))
fun replace (s, from, to) = String.concat (map (fn c => if c = from then to else implode [c]) (explode s))
val _ = p (replace ("a-b-c", #"-", "+=") ^ " " ^ replace ("tabs\there", #"\t", "\\t"))
