(* String.fromString and Char.fromString over a matrix of escapes (control,
   decimal, \u, gaps, bad and unfinished ones), their C counterparts, and
   Char and String functions on high bytes. *)
fun pr s = print (s ^ "\n")
fun sopt NONE = "NONE" | sopt (SOME s) = "SOME \"" ^ String.toString s ^ "\""
fun copt NONE = "NONE" | copt (SOME c) = "SOME #\"" ^ Char.toString c ^ "\""
val cases = ["abc", "a\\nb", "\\t\\v\\f\\r\\a\\b", "\\^A\\^@\\^_\\^?", "\\065\\066", "\\255\\256", "\\u0041\\u00ff",
  "\\u0100", "a\\   \\b", "a\\ \n\t \\b", "a\\q", "\\\"\\\\", "tail\\", "\\09", "\\x41", "ok\"more", "\\u00", "\\^a",
  "\127\128", "a\\ x\\b", "", "\\\\\\\\", "\\ \\", "\\ \\\\ \\z"]
val _ = app (fn s => pr (String.toString s ^ " => " ^ sopt (String.fromString s))) cases
val _ = app (fn s => pr (String.toString s ^ " => " ^ copt (Char.fromString s))) cases
val _ = app (fn s => pr (String.toString s ^ " => C " ^ sopt (String.fromCString s))) 
  ["a\\nb", "\\x41\\x4a", "\\101\\7", "\\'\\\"\\?", "\\q", "\\xZZ", "\\x", "\\1234", "\\0", "a\\"]
val _ = app (fn s => pr (String.toString s ^ " => C " ^ copt (Char.fromCString s))) ["\\n", "\\x7e", "\\177", "?", "\\?", ""]
val _ = pr (String.concatWith "|" (String.tokens (fn c => c = #",") ",a,,b,c,"))
val _ = pr (String.concatWith "|" (String.fields (fn c => c = #",") ",a,,b,c,"))
val _ = pr (Bool.toString (String.isPrefix "" "") ^ Bool.toString (String.isSuffix "bc" "abc") ^ Bool.toString (String.isSubstring "\255" "a\255b"))
val _ = pr (String.implode (map Char.toUpper (explode "abc\224\255z")) ^ String.implode (map Char.toLower (explode "ABC\192Z")))
val _ = pr (String.concat (map (fn c => if Char.isPrint c then "P" else if Char.isSpace c then "S" else if Char.isCntrl c then "C" else "-") (explode "a \n\127\128\255\t\011")))
val _ = pr (Int.toString (String.size (String.extract ("hello", 2, NONE))) ^ String.extract ("hello", 5, NONE) ^ String.extract ("hello", 1, SOME 3))
val _ = (pr (String.extract ("hello", 6, NONE))) handle Subscript => pr "Subscript"
val _ = (pr (String.substring ("hello", 3, 3))) handle Subscript => pr "Subscript2"
val _ = pr (Char.toString (Char.succ #"a") ^ Char.toString (Char.pred #"\001"))
val _ = (pr (Char.toString (Char.succ #"\255"))) handle Chr => pr "Chr"
val _ = pr (Int.toString (Char.ord Char.maxChar) ^ Char.toString (Char.chr 0))
val _ = pr (Bool.toString (Char.contains "xyz" #"y") ^ Bool.toString (Char.notContains "" #"a"))
