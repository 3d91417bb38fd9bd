(* palindromes (ignoring case and non-letters), caesar and vigenere ciphers,
   rot13 as its own inverse, anagrams by sorted letters *)
fun clean s = String.map Char.toLower (implode (List.filter Char.isAlphaNum (explode s)))
fun isPal s = let val c = clean s in c = implode (rev (explode c)) end
val _ = app (fn s => print (s ^ ": " ^ Bool.toString (isPal s) ^ "\n"))
          ["racecar", "A man, a plan, a canal: Panama!", "hello", "", "No 'x' in Nixon", "12321", "ab"]
fun shift k c =
  if Char.isUpper c then chr ((ord c - ord #"A" + k) mod 26 + ord #"A")
  else if Char.isLower c then chr ((ord c - ord #"a" + k) mod 26 + ord #"a")
  else c
fun caesar k = String.map (shift k)
val msg = "The Quick Brown Fox Jumps Over The Lazy Dog."
val enc = caesar 3 msg
val _ = print (enc ^ "\n" ^ caesar ~3 enc ^ "\n")
val rot13 = caesar 13
val _ = print (rot13 "Hello, World!" ^ " " ^ rot13 (rot13 "Hello, World!") ^ "\n")
fun vigenere sign key text =
  let val ks = Vector.fromList (map (fn c => ord (Char.toLower c) - ord #"a") (explode key))
      val n = Vector.length ks
      fun go ([], _) = []
        | go (c :: cs, i) =
            if Char.isAlpha c then shift (sign * Vector.sub (ks, i mod n)) c :: go (cs, i + 1)
            else c :: go (cs, i)
  in implode (go (explode text, 0)) end
val v = vigenere 1 "LEMON" "Attack at dawn!"
val _ = print (v ^ " / " ^ vigenere ~1 "LEMON" v ^ "\n")
fun isort [] = []
  | isort (x :: xs) = let fun ins (y, []) = [y] | ins (y, z :: zs) = if y <= z then y :: z :: zs else z :: ins (y, zs)
                      in ins (x, isort xs) end
fun key w = implode (isort (explode (clean w)))
val ws = ["listen", "silent", "enlist", "google", "banana", "tinsel", "elgoog", "inlets"]
fun groupAnagrams [] = []
  | groupAnagrams (w :: rest) =
      let val (same, other) = List.partition (fn v => key v = key w) rest
      in (w :: same) :: groupAnagrams other end
val _ = app (fn g => print (String.concatWith " " g ^ "\n")) (groupAnagrams ws)
val _ = print (key "Dormitory" ^ " " ^ key "dirty room" ^ "\n")
