(* the String and Char basis in ordinary text processing: extract,
   substring, isPrefix/isSuffix/isSubstring, translate, fields, collate,
   escapes through toString, and character classification tables *)
val s = "Hello, World! 123"
val _ = print (String.extract (s, 7, NONE) ^ "|" ^ String.extract (s, 0, SOME 5) ^ "|" ^ substring (s, 7, 5) ^ "\n")
val _ = print (Bool.toString (String.isPrefix "Hello" s) ^ " " ^ Bool.toString (String.isSuffix "123" s) ^ " "
               ^ Bool.toString (String.isSubstring "World" s) ^ " " ^ Bool.toString (String.isSubstring "world" s) ^ "\n")
val _ = print (String.translate (fn #" " => "_" | #"!" => "" | c => str (Char.toUpper c)) s ^ "\n")
val _ = print (String.toString "tab\there \"quoted\" back\\slash\n" ^ "\n")
val _ = print (String.map (fn c => if Char.isDigit c then #"#" else c) s ^ "\n")
fun count p str = length (List.filter p (explode str))
val _ = print (String.concatWith " " (map (fn (n, p) => n ^ "=" ^ Int.toString (count p s))
                 [("alpha", Char.isAlpha), ("digit", Char.isDigit), ("space", Char.isSpace), ("punct", Char.isPunct),
                  ("upper", Char.isUpper), ("lower", Char.isLower), ("alnum", Char.isAlphaNum)]) ^ "\n")
fun indexOf (sub, str) =
  let val n = size sub and m = size str
      fun go i = if i + n > m then NONE else if substring (str, i, n) = sub then SOME i else go (i + 1)
  in go 0 end
val _ = print (String.concatWith " " (map (fn t => case indexOf (t, s) of SOME i => Int.toString i | NONE => "no") ["World", "o", "123", "xyz", ""]) ^ "\n")
fun replaceAll (from, to) str =
  let val n = size from
      fun go (i, acc) =
        if i > size str - n then concat (rev (String.extract (str, i, NONE) :: acc))
        else if substring (str, i, n) = from then go (i + n, to :: acc)
        else go (i + 1, str' (String.sub (str, i)) :: acc)
      and str' c = String.str c
  in go (0, []) end
val _ = print (replaceAll ("o", "0") s ^ " " ^ replaceAll ("ll", "LL") "all fall well" ^ "\n")
val sorted = List.foldr (fn (w, acc) =>
                let fun ins [] = [w] | ins (x :: xs) = if String.compare (w, x) = GREATER then x :: ins xs else w :: x :: xs
                in ins acc end) [] ["pear", "Apple", "banana", "apple", "Banana", "cherry"]
val _ = print (String.concatWith " " sorted ^ "\n")
fun caseless (a, b) = String.collate (fn (x, y) => Char.compare (Char.toLower x, Char.toLower y)) (a, b)
val _ = print (String.concatWith " " (map (fn (a, b) => case caseless (a, b) of LESS => "<" | EQUAL => "=" | GREATER => ">")
                 [("apple", "APPLE"), ("Apple", "banana"), ("b", "A"), ("ab", "abc")]) ^ "\n")
val _ = print (String.concatWith "," (String.fields (fn c => c = #":") "a:b::c:") ^ "\n")
val _ = print (Int.toString (size (String.concat (List.tabulate (100, fn i => Int.toString i)))) ^ "\n")
val _ = print (implode (map Char.toUpper (explode "shout")) ^ " " ^ str (Char.succ #"a") ^ str (Char.pred #"z") ^ "\n")
val _ = print (String.concatWith " " (map Char.toString [#"a", #"\n", #"\t", #"\\", #"\"", #"\001", #"\127"]) ^ "\n")
val _ = print (Int.toString (ord (String.sub ("\u0041\065", 1))) ^ " " ^ Bool.toString (Char.contains "aeiou" #"e") ^ " " ^ Bool.toString (Char.notContains "aeiou" #"z") ^ "\n")
val trimmed = let fun dropWs l = case l of c :: cs => if Char.isSpace c then dropWs cs else l | [] => []
              in implode (rev (dropWs (rev (dropWs (explode "   padded text  \t\n"))))) end
val _ = print ("[" ^ trimmed ^ "]\n")
val _ = print (String.extract (s, 18, NONE) ^ "\n")
