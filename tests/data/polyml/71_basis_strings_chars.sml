(* The everyday Basis names beyond SPEC §1, part 2: the top-level str and
   concat, String and Char, with their edge cases and exceptions *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun b x = if x then "t" else "f"
fun strs l = "[" ^ String.concatWith "," (map (fn s => "\"" ^ String.toString s ^ "\"") l) ^ "]"
fun ord2s LESS = "LESS" | ord2s EQUAL = "EQUAL" | ord2s GREATER = "GREATER"
fun try name f = p (name ^ ": " ^ f ()) handle e => p (name ^ " raised " ^ exnName e)
val allChars = List.tabulate (256, chr)

(* top level *)
val _ = p (str #"a" ^ str #"\n" ^ concat ["x", "", "yz"] ^ concat [] ^ String.str #"!")
val _ = p (String.implode (String.explode "round trip") ^ i (length (String.explode "")))

(* String *)
val _ = p (String.concatWith ", " ["a", "b", "c"] ^ "|" ^ String.concatWith ", " [] ^ "|" ^ String.concatWith "-" ["one"])
val _ = p (String.concatWith "" ["a", "b"] ^ String.concatWith "--" ["", ""])
val _ = p (String.concat (map (fn (s, t) => b (String.isPrefix s t))
             [("", ""), ("", "a"), ("ab", "abc"), ("abc", "ab"), ("b", "abc"), ("abc", "abc")]))
val _ = p (String.concat (map (fn (s, t) => b (String.isSuffix s t))
             [("", ""), ("", "a"), ("bc", "abc"), ("abc", "bc"), ("b", "abc"), ("abc", "abc")]))
val _ = p (String.concat (map (fn (s, t) => b (String.isSubstring s t))
             [("", ""), ("", "a"), ("b", "abc"), ("abcd", "abc"), ("ac", "abc"), ("abc", "abc"), ("aab", "aaab")]))
val _ = p (strs [String.extract ("hello", 1, NONE), String.extract ("hello", 5, NONE), String.extract ("hello", 0, SOME 2),
                 String.extract ("hello", 5, SOME 0), String.extract ("hello", 2, SOME 3)])
val _ = try "extract 6 NONE" (fn () => String.extract ("hello", 6, NONE))
val _ = try "extract ~1 NONE" (fn () => String.extract ("hello", ~1, NONE))
val _ = try "extract 3 SOME 3" (fn () => String.extract ("hello", 3, SOME 3))
val _ = try "extract 0 SOME ~1" (fn () => String.extract ("hello", 0, SOME ~1))
val _ = p (String.translate (fn #"a" => "AA" | #" " => "" | c => str c) "a banana split")
val _ = p (String.translate (fn _ => "") "gone" ^ "|" ^ String.map Char.toUpper "MiXeD 42" ^ String.map Char.toLower "MiXeD")
val _ = p (strs (String.tokens Char.isSpace "  the quick\tbrown\n\nfox  "))
val _ = p (strs (String.tokens Char.isSpace "") ^ strs (String.tokens Char.isSpace "   ") ^ strs (String.tokens Char.isSpace "x"))
val _ = p (strs (String.fields (fn c => c = #",") ",a,,b,") ^ strs (String.fields (fn c => c = #",") ""))
val _ = p (strs (String.fields Char.isPunct "k=v;x=y") ^ strs (String.tokens (Char.contains ";=") "k=v;;x=y"))
val _ = p (String.concatWith " " (map ord2s [String.compare ("abc", "abd"), String.compare ("", ""),
                                             String.compare ("b", "ab"), String.compare ("ab", "abc"),
                                             String.compare ("\255", "a")]))
val _ = p (String.toString "plain" ^ " " ^ String.toString "q\"b\\s\a\b\t\n\v\f\r\000\031\127\128\255")

(* Char: every classifier on every character, as the set of characters it holds *)
fun holding f = String.toString (implode (List.filter f allChars))
val _ = app (fn (name, f) => p (name ^ ": " ^ holding f))
    [("isDigit", Char.isDigit), ("isAlpha", Char.isAlpha), ("isAlphaNum", Char.isAlphaNum),
     ("isSpace", Char.isSpace), ("isUpper", Char.isUpper), ("isLower", Char.isLower),
     ("isHexDigit", Char.isHexDigit), ("isPunct", Char.isPunct), ("isGraph", Char.isGraph),
     ("isPrint", Char.isPrint), ("isCntrl", Char.isCntrl)]
val _ = p (i (length (List.filter Char.isAscii allChars)) ^ " " ^ b (Char.isAscii #"\127") ^ b (Char.isAscii #"\128"))
val _ = p (String.toString (implode (map Char.toUpper allChars)))
val _ = p (String.toString (implode (map Char.toLower allChars)))
val _ = p (concat (map Char.toString allChars))
val _ = p (String.concatWith " " (map ord2s [Char.compare (#"a", #"b"), Char.compare (#"b", #"b"), Char.compare (#"\255", #"\000")]))
val _ = p (str (Char.succ #"a") ^ str (Char.pred #"b") ^ i (ord (Char.succ #"\254")) ^ " " ^ i (ord (Char.pred #"\001")))
val _ = try "Char.succ maxChar" (fn () => str (Char.succ Char.maxChar))
val _ = try "Char.pred minChar" (fn () => str (Char.pred Char.minChar))
val _ = p (i (ord Char.minChar) ^ " " ^ i (ord Char.maxChar) ^ " " ^ i Char.maxOrd)
val _ = p (b (Char.contains "abc" #"b") ^ b (Char.contains "" #"a") ^ b (Char.contains "abc" #"d")
           ^ b (Char.notContains "abc" #"b") ^ b (Char.notContains "" #"a"))
