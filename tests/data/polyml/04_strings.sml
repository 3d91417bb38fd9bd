(* String literals with escapes, sub/substring/concat/size, Subscript *)
fun p s = print (s ^ "\n")
fun codes s = String.concat (map (fn c => Int.toString (ord c) ^ " ") (explode s))
val _ = p (codes "\a\b\t\n\v\f\r\\\"")
val _ = p (codes "\065\097\255\000\127")
val _ = p (codes "\u0041\u00ff\u0000")
val _ = p (codes "\^@\^A\^Z\^[\^_")
val _ = p (codes "ab\   \cd\
  \ef")
val _ = p (Int.toString (size "") ^ " " ^ Int.toString (size "hello") ^ " " ^ Int.toString (String.size "\t\t"))
val s = "abcdef"
fun sub i = implode [String.sub (s, i)] handle Subscript => "Subscript"
val _ = p (String.concat (map sub [0, 5, 6, ~1, 3]))
fun ss (i, n) = "<" ^ String.substring (s, i, n) ^ ">" handle Subscript => "<Subscript>"
val _ = p (String.concat (map ss [(0, 0), (0, 6), (6, 0), (2, 3), (5, 1), (5, 2), (7, 0), (~1, 1), (1, ~1), (3, 4611686018427387903)]))
val _ = p (String.concat [] ^ "|" ^ String.concat ["a", "", "bc", "", "d"] ^ "|" ^ ("x" ^ "" ^ "y"))
val _ = p (implode [] ^ "|" ^ implode [#"a", #"\n", #"b"] ^ "|" ^ Int.toString (length (explode "")))
val _ = p (implode (rev (explode "stressed")))
val strs = ["", "a", "A", "ab", "b", "abc", "B", "\255", "a\000"]
fun cmp (a : string, b) = (if a < b then "<" else "") ^ (if a <= b then "<=" else "") ^ (if a > b then ">" else "")
                 ^ (if a >= b then ">=" else "") ^ (if a = b then "=" else "") ^ (if a <> b then "<>" else "")
val _ = app (fn a => p (String.concat (map (fn b => cmp (a, b) ^ " ") strs))) strs
val chars = [#"a", #"Z", #"\000", #"\255", #" ", #"\\", #"\""]
val _ = p (String.concat (map (fn c => Int.toString (ord c) ^ (if c < #"a" then "<a " else ">=a ")) chars))
val _ = p (implode (map chr [72, 105, 33]))
val _ = p (if implode [chr 255] = "\255" then "chr 255 ok" else "no")
fun tryChr n = implode [chr n] handle Chr => "Chr"
val _ = p (String.concat (map tryChr [65, 256, ~1, 0]) ^ "|" ^ Int.toString (size (tryChr 0)))
val _ = p (String.substring ("hello", 1, 3) ^ String.substring ("", 0, 0))
val _ = p (Int.toString (String.size (String.concat ["\\", "\n"])))
