(* String-processing tasks from Rosetta Code in the style of their
   Standard ML entries: "Caesar cipher", "Rot-13", "Vigenère cipher"
   (letters only, upper-cased), "Run-length encoding" (as count+char
   runs, and back), "Reverse words in a string" and "Palindrome detection". *)

fun shiftChar k c =
  if Char.isUpper c then chr ((ord c - ord #"A" + k) mod 26 + ord #"A")
  else if Char.isLower c then chr ((ord c - ord #"a" + k) mod 26 + ord #"a")
  else c

fun caesar k = String.map (shiftChar k)
val rot13 = caesar 13

val plain = "The quick brown fox Jumped over the lazy Dog"
val enc = caesar 11 plain
val _ = print (enc ^ "\n" ^ caesar ~11 enc ^ "\n")
val _ = print (rot13 "Hello, World!" ^ " / " ^ rot13 (rot13 "Hello, World!") ^ "\n")

fun vigenere decrypt key text =
  let
    val letters = List.filter Char.isAlpha (explode (String.map Char.toUpper text))
    val k = map (fn c => ord c - ord #"A") (explode (String.map Char.toUpper key))
    val n = length k
    fun go ([], _) = []
      | go (c :: cs, i) =
          let val s = List.nth (k, i mod n)
          in shiftChar (if decrypt then ~s else s) c :: go (cs, i + 1) end
  in implode (go (letters, 0)) end

val msg = "Beware the Jabberwock, my son! The jaws that bite, the claws that catch!"
val v = vigenere false "VIGENERECIPHER" msg
val _ = print (v ^ "\n" ^ vigenere true "VIGENERECIPHER" v ^ "\n")

fun rleEncode s =
  let
    fun runs [] = []
      | runs (c :: cs) =
          let fun count (n, d :: ds) = if d = c then count (n + 1, ds) else (n, d :: ds)
                | count (n, []) = (n, [])
              val (n, rest) = count (1, cs)
          in (n, c) :: runs rest end
  in String.concat (map (fn (n, c) => Int.toString n ^ str c) (runs (explode s))) end

exception BadRle of string
fun rleDecode s =
  let
    fun go ([], []) = []
      | go ([], _ :: _) = raise BadRle s
      | go (c :: cs, digits) =
          if Char.isDigit c then go (cs, c :: digits)
          else case Int.fromString (implode (rev digits)) of
                   SOME n => List.tabulate (n, fn _ => c) @ go (cs, [])
                 | NONE => raise BadRle s
  in implode (go (explode s, [])) end

val raw = "WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW"
val r = rleEncode raw
val _ = print (r ^ "\n" ^ Bool.toString (rleDecode r = raw) ^ "\n")

fun reverseWords line = String.concatWith " " (rev (String.tokens (fn c => c = #" ") line))
val _ = List.app (fn l => print ("[" ^ reverseWords l ^ "]\n"))
                 ["---------- Ice and Fire ------------", "", "fire, in end will world the say Some",
                  "  spaces   between  "]

fun isPalindrome s =
  let val cs = List.filter Char.isAlphaNum (explode (String.map Char.toLower s))
  in cs = rev cs end
val _ = List.app (fn s => print (s ^ ": " ^ Bool.toString (isPalindrome s) ^ "\n"))
                 ["A man, a plan, a canal: Panama!", "racecar", "rosetta", ""]
val _ = rleDecode "3A2"
