(* chr/ord/Char.chr/Char.ord over the whole range; Chr; char comparison,
   char patterns; explode/implode round trips *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun tryChr n = i (ord (chr n)) handle Chr => "Chr"
val _ = p (String.concat (map (fn n => tryChr n ^ " ") [0, 1, 127, 128, 255, 256, ~1, 1000, ~4611686018427387904, 4611686018427387903]))
val _ = p (String.concat (map (fn n => (i (Char.ord (Char.chr n)) handle Chr => "Chr") ^ " ") [65, 97, 300, ~5]))
fun range (a, b) = if a > b then [] else a :: range (a + 1, b)
val ok = List.all (fn n => ord (chr n) = n andalso Char.ord (Char.chr n) = n) (range (0, 255))
val _ = p (if ok then "chr/ord inverse on 0..255" else "broken")
val _ = p (if List.all (fn n => chr n < chr (n + 1)) (range (0, 254)) then "chars ordered" else "order broken")
fun classify #"a" = "a" | classify #"\n" = "newline" | classify #"\\" = "backslash" | classify #"\255" = "top"
  | classify #"0" = "zero" | classify c = if c >= #"A" andalso c <= #"Z" then "upper" else "other"
val _ = p (String.concat (map (fn c => classify c ^ ",") (explode "a\n\\\2550QZz ")))
fun upper c = if c >= #"a" andalso c <= #"z" then chr (ord c - 32) else c
val _ = p (implode (map upper (explode "Hello, World! abc-xyz")))
val _ = p (i (length (explode "")) ^ " " ^ implode [] ^ "|" ^ implode (explode "round") ^ "|" ^ i (size (implode [#"\000", #"\000"])))
val _ = p (if explode "abc" = [#"a", #"b", #"c"] andalso implode [#"x"] = "x" then "explode ok" else "bad")
fun isDigit c = #"0" <= c andalso c <= #"9"
fun value s = foldl (fn (c, acc) => if isDigit c then acc * 10 + ord c - ord #"0" else acc) 0 (explode s)
val _ = p (i (value "a1b2c3d4") ^ " " ^ i (value "") ^ " " ^ i (value "x9y"))
val _ = p (i (ord #"\^A") ^ i (ord #"\127") ^ " " ^ i (Char.ord #"~"))
val cs = [#"b", #"a", #"\000", #"\255", #"B"]
fun maxChar (c :: cs) = foldl (fn (x, m) => if x > m then x else m) c cs | maxChar [] = #"?"
fun minChar (c :: cs) = foldl (fn (x, m) => if x < m then x else m) c cs | minChar [] = #"?"
val _ = p (i (ord (maxChar cs)) ^ " " ^ i (ord (minChar cs)))
val _ = p (implode [chr (ord #"a" + 25), Char.chr 65] ^ (implode [chr 256] handle Chr => "!Chr"))
val _ = p (case explode "ok" of [#"o", #"k"] => "pattern ok" | _ => "pattern bad")
val _ = p (implode (map (fn c => chr ((ord c + 13 - 97) mod 26 + 97)) (explode "uryyb")))
val _ = print (implode [Char.chr 256])
