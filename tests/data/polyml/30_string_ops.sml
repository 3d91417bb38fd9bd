(* String.sub/substring/concat/size with bad indices, ^ with empty strings,
   comparison of strings with common prefixes *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val s = "hello world"
fun sub k = (implode [String.sub (s, k)]) handle Subscript => "S"
val _ = p (String.concat (map sub [0, 1, 10, 11, 12, ~1, 100, ~4611686018427387904, 4611686018427387903]))
fun ss (a, n) = ("[" ^ String.substring (s, a, n) ^ "]") handle Subscript => "[S]"
val _ = p (String.concat (map ss [(0, 11), (0, 12), (11, 0), (12, 0), (10, 1), (10, 2), (3, 0), (~1, 0), (0, ~1), (4611686018427387903, 1), (1, 4611686018427387903), (~4611686018427387904, 4611686018427387903)]))
val _ = p (String.substring ("", 0, 0) ^ "|" ^ ("" ^ "") ^ "|" ^ ("" ^ "a" ^ "") ^ "|" ^ String.concat ["", ""])
val _ = p (i (size "") ^ i (size ("" ^ "")) ^ i (String.size (String.concat [])) ^ i (size (String.concat ["ab", "", "c"])))
val _ = p ((i (ord (String.sub ("", 0)))) handle Subscript => "sub of empty: Subscript")
val words = ["", "a", "ab", "abc", "abd", "b", "ba", "B", "aa", "a\000", "\255"]
fun rel (a, b) = if a < b then "<" else if a > b then ">" else "="
val _ = app (fn a => p (String.concat (map (fn b => rel (a, b)) words))) words
val _ = p (String.concat (map (fn (a, b) => (if a = b then "t" else "f") ^ (if a <> b then "T" else "F")) [("", ""), ("a", "a"), ("a", "b"), ("ab", "a")]))
fun repeat (str, 0) = "" | repeat (str, n) = str ^ repeat (str, n - 1)
val big = repeat ("abc", 1000)
val _ = p (i (size big) ^ " " ^ String.substring (big, 2995, 5) ^ " " ^ implode [String.sub (big, 2999)])
val _ = p (i (size (String.concat (map (fn k => i k) (List.map (fn x => x * x) [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])))))
fun rev' s = implode (rev (explode s))
val _ = p (rev' "" ^ "|" ^ rev' "a" ^ "|" ^ rev' "abc")
fun isPrefix (a, b) = size a <= size b andalso String.substring (b, 0, size a) = a
val _ = p (String.concat (map (fn (a, b) => if isPrefix (a, b) then "y" else "n") [("", ""), ("", "x"), ("ab", "abc"), ("abc", "ab"), ("b", "ab")]))
fun split (str, c) =
  let fun go ([], cur, acc) = rev (implode (rev cur) :: acc)
        | go (x :: xs, cur, acc) = if x = c then go (xs, [], implode (rev cur) :: acc) else go (xs, x :: cur, acc)
  in go (explode str, [], []) end
val _ = p (String.concat (map (fn w => "<" ^ w ^ ">") (split (",a,,bc,", #","))))
val _ = p (i (length (split ("", #","))))
val _ = p (String.substring (s, 6, 5) ^ String.substring (s, 5, 1) ^ String.substring (s, 0, 5))
val _ = p (String.substring (s, 3, 9))
