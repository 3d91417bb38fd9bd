(* Char classification and conversion on chars >= 128, and orderings *)
fun say s = print (s ^ "\n")
fun b x = if x then "T" else "F"
val cs = [0, 9, 10, 11, 12, 13, 31, 32, 48, 65, 95, 97, 126, 127, 128, 133, 160, 170, 181, 192, 223, 247, 255]
fun row n =
  let val c = chr n
  in say (Int.toString n ^ " " ^ b (Char.isSpace c) ^ b (Char.isAlpha c) ^ b (Char.isAlphaNum c) ^ b (Char.isDigit c)
          ^ b (Char.isUpper c) ^ b (Char.isLower c) ^ b (Char.isPrint c) ^ b (Char.isGraph c) ^ b (Char.isPunct c)
          ^ b (Char.isCntrl c) ^ b (Char.isAscii c) ^ b (Char.isHexDigit c) ^ " "
          ^ Int.toString (ord (Char.toUpper c)) ^ " " ^ Int.toString (ord (Char.toLower c)) ^ " " ^ Char.toString c ^ " " ^ String.toString (str c))
  end
val _ = app row cs
val _ = say (b (#"\255" > #"a") ^ b (#"\128" < #"\127") ^ b (Char.< (#"a", #"b")))
val _ = say (case Char.compare (#"\200", #"z") of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER")
val _ = say (case String.compare ("\200", "z") of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER")
val _ = say (case String.compare ("ab", "abc") of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER")
val _ = say (case String.compare ("", "") of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER")
val _ = say (case String.compare ("b", "abc") of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER")
val _ = say (b ("abc" < "abd") ^ b ("Z" < "a") ^ b ("a\000" > "a") ^ b ("" < "\000") ^ b ("\255" >= "\254\255"))
val _ = say (Char.toString (Char.succ #"a") ^ Char.toString (Char.pred #"b"))
val _ = say ((Char.toString (Char.succ #"\255")) handle Chr => "Chr succ")
val _ = say ((Char.toString (Char.pred #"\000")) handle Chr => "Chr pred")
val _ = say (Int.toString (ord Char.maxChar) ^ " " ^ Int.toString Char.maxOrd ^ " " ^ Int.toString (ord Char.minChar))
val _ = say (b (Char.contains "abc" #"b") ^ b (Char.notContains "abc" #"d") ^ b (Char.contains "" #"a"))
val _ = say (case Char.fromString "\\t" of SOME c => Int.toString (ord c) | NONE => "NONE")
val _ = say (case Char.fromString "\\200" of SOME c => Int.toString (ord c) | NONE => "NONE")
val _ = say (case Char.fromString "\\^A" of SOME c => Int.toString (ord c) | NONE => "NONE")
val _ = say (case Char.fromString "" of SOME c => Int.toString (ord c) | NONE => "NONE")
val _ = say (case Char.fromString "ab" of SOME c => Int.toString (ord c) | NONE => "NONE")
val _ = say (case String.fromString "a\\nb\\u0041\\\\" of SOME s => String.toString s | NONE => "NONE")
val _ = say (case String.fromString "\\q" of SOME s => String.toString s | NONE => "NONE")
val _ = say (Char.toCString #"\n" ^ Char.toCString #"\200" ^ Char.toCString #"\"" ^ Char.toCString #"'" ^ Char.toCString #"?")
val _ = say (String.toCString "a\tb\127\000")
