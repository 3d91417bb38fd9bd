(* Characters at their limits and the Char functions over the whole byte
   range: chr/ord limits (Chr at ~1 and 256), succ/pred at the ends,
   the classification functions summarised as bit strings, toUpper/
   toLower, Char.toString and String.toString of control characters,
   a Caesar cipher and a hex dump *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val _ = p (String.concatWith " " (map (fn n => (i (ord (chr n))) handle Chr => "Chr") [~1, 0, 1, 127, 128, 255, 256, 4611686018427387903, ~4611686018427387904]))
val _ = p (String.concatWith " " (map (fn c => (i (ord (Char.succ c))) handle Chr => "Chr") [#"\000", #"a", #"\254", #"\255"]))
val _ = p (String.concatWith " " (map (fn c => (i (ord (Char.pred c))) handle Chr => "Chr") [#"\000", #"\001", #"b", #"\255"]))
val _ = p (i (ord Char.minChar) ^ " " ^ i (ord Char.maxChar) ^ " " ^ i Char.maxOrd)
val all = List.tabulate (256, chr)
fun bits f = implode (map (fn c => if f c then #"1" else #"0") all)
fun summary (name, f) = p (name ^ " " ^ i (length (List.filter f all)) ^ " " ^ String.substring (bits f, 0, 128))
val _ = app summary [("digit", Char.isDigit), ("alpha", Char.isAlpha), ("alnum", Char.isAlphaNum), ("space", Char.isSpace),
                     ("upper", Char.isUpper), ("lower", Char.isLower), ("hex", Char.isHexDigit), ("punct", Char.isPunct),
                     ("graph", Char.isGraph), ("print", Char.isPrint), ("cntrl", Char.isCntrl), ("ascii", Char.isAscii)]
val _ = p (String.substring (bits Char.isPrint, 128, 128) ^ " " ^ String.substring (bits Char.isAlpha, 128, 128))
val _ = p (implode (map Char.toUpper (explode "Hello, World! 123 \255\192")) ^ "|" ^ implode (map Char.toLower (explode "Hello, World! ABC \192")))
val _ = p (String.concat (map Char.toString [#"\000", #"\a", #"\b", #"\t", #"\n", #"\v", #"\f", #"\r", #"\027", #"\031", #" ", #"\"", #"\\", #"~", #"\127", #"\128", #"\255"]))
val _ = p (String.toString "tab\there \"quoted\" back\\slash \001\127\200")
val _ = p (String.concatWith " " (map (fn (a, b) => case Char.compare (a, b) of LESS => "<" | EQUAL => "=" | GREATER => ">") [(#"a", #"b"), (#"\255", #"\000"), (#"x", #"x")]))
val _ = p ((if Char.contains "aeiou" #"e" then "T" else "F") ^ (if Char.notContains "aeiou" #"z" then "T" else "F") ^ (if Char.contains "" #"a" then "T" else "F"))
fun caesar k s = String.map (fn c => if Char.isLower c then chr ((ord c - ord #"a" + k) mod 26 + ord #"a")
                                     else if Char.isUpper c then chr ((ord c - ord #"A" + k) mod 26 + ord #"A") else c) s
val secret = caesar 13 "The Quick Brown Fox, 2024!"
val _ = p (secret ^ " | " ^ caesar 13 secret ^ " | " ^ caesar ~3 "abc")
fun hex n = let val d = "0123456789abcdef" in str (String.sub (d, n div 16)) ^ str (String.sub (d, n mod 16)) end
fun dump s = let fun row k = if k >= size s then []
                             else let val chunk = String.substring (s, k, Int.min (8, size s - k))
                                  in (hex k ^ ": " ^ String.concatWith " " (map (hex o ord) (explode chunk)) ^ "  " ^
                                      String.map (fn c => if Char.isPrint c then c else #".") chunk) :: row (k + 8) end
             in row 0 end
val _ = app p (dump "Line one\nTab\there\000\255 end")
val _ = p (i (ord (chr (ord #"A" + 25))) ^ " " ^ str (chr 97) ^ " " ^ i (size (implode all)))
val _ = p (Char.toString (chr 300))
