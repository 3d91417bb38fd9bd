(* CharVector: the Basis's vectors of characters are strings. Every name,
   with the edge cases: empty strings, Subscript at and beyond the ends,
   Size from a negative tabulate, and the order in which each traversal
   calls its function (left to right; the foldr's from the right). *)
fun show s = print (s ^ "\n")
fun quote s = "\"" ^ String.toString s ^ "\""
fun try f = f () handle Subscript => "Subscript" | Size => "Size"
val trace = ref ([] : string list)
fun note x = trace := x :: !trace
fun traced () = String.concatWith "," (rev (!trace)) before trace := []

val () = show (quote (CharVector.fromList [#"a", #"\n", #"z"]) ^ " " ^ quote (CharVector.fromList []))
val () = show (quote (CharVector.tabulate (5, fn i => chr (ord #"a" + i))) ^ " "
               ^ quote (CharVector.tabulate (0, fn _ => #"x")))
val () = show (try (fn () => CharVector.tabulate (~1, fn _ => #"x")))
val () = show (quote (CharVector.tabulate (3, fn i => (note (Int.toString i); #"t"))) ^ " " ^ traced ())
val () = show (str (CharVector.sub ("abc", 0)) ^ str (CharVector.sub ("abc", 2)) ^ " "
               ^ try (fn () => str (CharVector.sub ("abc", 3))) ^ " "
               ^ try (fn () => str (CharVector.sub ("abc", ~1))) ^ " "
               ^ try (fn () => str (CharVector.sub ("", 0))))
val () = show (Int.toString (CharVector.length "") ^ " " ^ Int.toString (CharVector.length "four"))
val () = show (Bool.toString (CharVector.maxLen = String.maxSize))
val () = show (quote (CharVector.update ("abc", 0, #"X")) ^ " " ^ quote (CharVector.update ("abc", 2, #"Z")) ^ " "
               ^ try (fn () => CharVector.update ("abc", 3, #"!")) ^ " "
               ^ try (fn () => CharVector.update ("abc", ~1, #"!")) ^ " "
               ^ try (fn () => CharVector.update ("", 0, #"!")))
val () = show (quote (CharVector.concat ["ab", "", "c"]) ^ " " ^ quote (CharVector.concat []) ^ " "
               ^ quote (CharVector.concat [""]))
val () = show (quote (CharVector.map Char.toUpper "mixed Case 1") ^ " " ^ quote (CharVector.map Char.toUpper ""))
val () = show (quote (CharVector.map (fn c => (note (str c); c)) "xyz") ^ " " ^ traced ())
val () = show (quote (CharVector.mapi (fn (i, c) => if i mod 2 = 0 then Char.toUpper c else c) "abcdef"))
val () = CharVector.app (fn c => note (str c)) "app"
val () = show (traced ())
val () = CharVector.appi (fn (i, c) => note (Int.toString i ^ str c)) "abc"
val () = CharVector.appi (fn _ => note "never") ""
val () = show (traced ())
val () = show (CharVector.foldl (fn (c, acc) => str c ^ acc) "" "abc" ^ " "
               ^ CharVector.foldr (fn (c, acc) => str c ^ acc) "" "abc" ^ " "
               ^ CharVector.foldl (fn (c, acc) => str c ^ acc) "empty" "")
val () = show (CharVector.foldli (fn (i, c, acc) => acc ^ Int.toString i ^ str c) "" "xyz" ^ " "
               ^ CharVector.foldri (fn (i, c, acc) => acc ^ Int.toString i ^ str c) "" "xyz")
val () = show (Int.toString (CharVector.foldl (fn (c, n) => n * 10 + ord c - ord #"0") 0 "12345"))
val () = show (Bool.toString (CharVector.exists Char.isDigit "ab3") ^ " " ^ Bool.toString (CharVector.exists Char.isDigit "")
               ^ " " ^ Bool.toString (CharVector.all Char.isLower "abc") ^ " " ^ Bool.toString (CharVector.all Char.isLower "")
               ^ " " ^ Bool.toString (CharVector.all Char.isLower "aBc"))
val () = ignore (CharVector.exists (fn c => (note (str c); c = #"b")) "abcd")
val () = ignore (CharVector.all (fn c => (note (str c); c <> #"c")) "abcd")
val () = show (traced ())
fun optChar NONE = "NONE" | optChar (SOME c) = "SOME " ^ str c
fun optPair NONE = "NONE" | optPair (SOME (i, c)) = "SOME (" ^ Int.toString i ^ "," ^ str c ^ ")"
val () = show (optChar (CharVector.find Char.isUpper "abCdE") ^ " " ^ optChar (CharVector.find Char.isUpper "abc") ^ " "
               ^ optChar (CharVector.find Char.isUpper ""))
val () = show (optPair (CharVector.findi (fn (i, c) => i > 1 andalso Char.isUpper c) "AbCdE") ^ " "
               ^ optPair (CharVector.findi (fn (i, _) => i = 9) "short"))
fun ord3 LESS = "LESS" | ord3 EQUAL = "EQUAL" | ord3 GREATER = "GREATER"
val () = show (String.concatWith " " (map (ord3 o CharVector.collate Char.compare)
                 [("abc", "abd"), ("abc", "abc"), ("b", "abc"), ("", ""), ("", "a"), ("ab", "a")]))
(* a reversed character order *)
val () = show (ord3 (CharVector.collate (fn (a, b) => Char.compare (b, a)) ("abc", "abd")))
(* a CharVector function is a string function: the results mix freely *)
val () = show (CharVector.map Char.toLower (String.concat ["A", CharVector.fromList [#"B"], str #"C"]) ^ "!"
               ^ Int.toString (size (CharVector.tabulate (1000, fn _ => #"."))))
