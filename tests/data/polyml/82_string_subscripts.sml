(* String.sub, String.substring, String.extract and substring at every
   boundary, with lengths and offsets near the integer limits (where
   i + n overflows), on empty and one-character strings; each Subscript
   is caught and reported *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val maxInt = 4611686018427387903
val minInt = ~4611686018427387904
fun try f = ("\"" ^ f () ^ "\"") handle Subscript => "Subscript" | Overflow => "Overflow"
val strs = ["", "a", "hello"]
val _ = app (fn s =>
          p (String.toString s ^ ": " ^
             String.concatWith " " (map (fn k => try (fn () => str (String.sub (s, k)))) [~1, 0, 1, 4, 5, maxInt, minInt]))) strs
val subCases = [(0, 0), (0, 1), (1, 0), (5, 0), (6, 0), (~1, 1), (2, 3), (2, 4), (0, 5), (1, ~1), (maxInt, 1), (1, maxInt), (maxInt, maxInt), (minInt, 1), (3, minInt)]
val _ = app (fn s =>
          p (String.toString s ^ ": " ^
             String.concatWith " " (map (fn (a, b) => try (fn () => String.substring (s, a, b))) subCases))) strs
val _ = p ("top-level substring: " ^ try (fn () => substring ("abcdef", 1, 3)) ^ " " ^ try (fn () => substring ("abc", 3, 1)))
val extractCases = [(0, NONE), (3, NONE), (5, NONE), (6, NONE), (~1, NONE), (1, SOME 2), (1, SOME 0), (5, SOME 0), (4, SOME 2),
                    (0, SOME ~1), (maxInt, NONE), (2, SOME maxInt), (minInt, SOME 0)]
val _ = app (fn s =>
          p (String.toString s ^ ": " ^
             String.concatWith " " (map (fn (a, b) => try (fn () => String.extract (s, a, b))) extractCases))) strs
(* walking a string with sub until it fails *)
fun walk s = let fun go k = (String.sub (s, k); go (k + 1)) handle Subscript => k in go 0 end
val _ = p (String.concatWith " " (map (fn s => i (walk s)) ["", "x", "four", "\000\000"]))
(* substring of substring, extract past a prefix, isPrefix / isSuffix / isSubstring on the edges *)
val s = "the quick brown fox"
val word = String.substring (String.substring (s, 4, 11), 6, 5)
val _ = p (word ^ "|" ^ String.extract (s, 16, NONE) ^ "|" ^ String.extract (s, 19, NONE) ^ "|")
fun b true = "T" | b false = "F"
val _ = p (String.concat (map b [String.isPrefix "" "", String.isPrefix "the" s, String.isPrefix s "the", String.isSuffix "fox" s,
                                 String.isSuffix "" "x", String.isSubstring "" "", String.isSubstring "k b" s, String.isSubstring "fox " s]))
(* Array and List bounds alongside *)
val a = Array.fromList [10, 20, 30]
val _ = p (String.concatWith " " (map (fn k => (i (Array.sub (a, k))) handle Subscript => "Subscript") [~1, 0, 2, 3, maxInt]))
val _ = p (String.concatWith " " (map (fn k => (Array.update (a, k, 0); "ok") handle Subscript => "Subscript") [3, ~1, 0]))
val _ = p (String.concatWith " " (map (fn n => (i (Array.length (Array.array (n, 0)))) handle Size => "Size") [0, 1, ~1, minInt]))
val l = [1, 2, 3]
fun il xs = "[" ^ String.concatWith "," (map i xs) ^ "]"
val _ = p (String.concatWith " " (map (fn k => (i (List.nth (l, k))) handle Subscript => "Subscript") [~1, 0, 2, 3]))
val _ = p (String.concatWith " " (map (fn k => (il (List.take (l, k))) handle Subscript => "Subscript") [~1, 0, 3, 4]))
val _ = p (String.concatWith " " (map (fn k => (il (List.drop (l, k))) handle Subscript => "Subscript") [~1, 0, 3, 4]))
val _ = p (String.concatWith " " (map (fn k => (il (List.tabulate (k, fn x => x))) handle Size => "Size") [~1, 0, 2]))
