(* Text formatting: a table with columns padded by StringCvt.padLeft and
   padRight, numbers in other radices with Int.fmt, escaped strings with
   String.toString and Char.toString, a key=value parser on substrings
   (Substring.splitl, dropl, trimming), word wrapping to a width, and
   centring; String.isPrefix / isSuffix / isSubstring searches. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val rows = [("widget", 12, 250), ("gadget", 3, 1999), ("doohickey", 100, 5), ("x", 0, 0)]
fun money cents = pi (cents div 100) ^ "." ^ StringCvt.padLeft #"0" 2 (pi (cents mod 100))
fun line (name, qty, cents) =
    StringCvt.padRight #" " 10 name ^ "|" ^ StringCvt.padLeft #" " 5 (pi qty) ^ "|" ^
    StringCvt.padLeft #" " 9 (money (qty * cents))
val _ = pr (StringCvt.padRight #" " 10 "item" ^ "|" ^ StringCvt.padLeft #" " 5 "qty" ^ "|" ^ StringCvt.padLeft #" " 9 "total")
val _ = pr (String.implode (List.tabulate (26, fn i => if i = 10 orelse i = 16 then #"+" else #"-")))
val _ = app (pr o line) rows
val grand = foldl (fn ((_, q, c), acc) => acc + q * c) 0 rows
val _ = pr (StringCvt.padLeft #" " 26 (money grand))
val _ = pr ("padding shorter than the text: [" ^ StringCvt.padLeft #"*" 3 "abcdef" ^ "] [" ^ StringCvt.padRight #"*" 0 "ab" ^ "]")

(* radices *)
val nums = [0, 7, 255, 4096, ~42]
val _ = app (fn n => pr (StringCvt.padLeft #" " 6 (pi n) ^ " bin " ^ Int.fmt StringCvt.BIN n ^ " oct " ^ Int.fmt StringCvt.OCT n ^
                         " hex " ^ Int.fmt StringCvt.HEX n)) nums
val _ = pr ("back from hex: " ^ String.concatWith " " (map (fn s => case StringCvt.scanString (Int.scan StringCvt.HEX) s of
                                                                      SOME n => pi n | NONE => "NONE") ["ff", "0x1F", "FFz", "g", "~a"]))

(* escapes *)
val odd = "tab\there \"quoted\" back\\slash nl\n bell\a " ^ str (chr 200) ^ str (chr 1)
val _ = pr ("String.toString: " ^ String.toString odd)
val _ = pr ("Char.toString: " ^ String.concatWith " " (map Char.toString [#"a", #"\n", #"\\", #"\"", #"'", chr 0, chr 127, chr 255]))
val _ = pr ("size with escapes: " ^ pi (size odd))

(* key = value lines parsed on substrings *)
val config = ["  name = mlbox ", "threads=4", "# a comment", "empty =", "novalue", "  path =  /usr/local/bin  "]
fun trim ss = Substring.dropr Char.isSpace (Substring.dropl Char.isSpace ss)
fun parse line =
    let val ss = trim (Substring.full line)
    in if Substring.isEmpty ss orelse Substring.sub (ss, 0) = #"#" then NONE
       else let val (key, rest) = Substring.splitl (fn c => c <> #"=") ss
            in if Substring.isEmpty rest then SOME (Substring.string (trim key), "<missing>")
               else SOME (Substring.string (trim key), Substring.string (trim (Substring.triml 1 rest)))
            end
    end
val _ = app (fn l => case parse l of
                         NONE => pr ("skip    [" ^ l ^ "]")
                       | SOME (k, v) => pr ("setting [" ^ k ^ "] = [" ^ v ^ "]")) config

(* word wrap *)
fun wrap width text =
    let fun go ([], cur, acc) = rev (if cur = "" then acc else cur :: acc)
          | go (w :: ws, "", acc) = go (ws, w, acc)
          | go (w :: ws, cur, acc) =
              if size cur + 1 + size w <= width then go (ws, cur ^ " " ^ w, acc)
              else go (ws, w, cur :: acc)
    in go (String.tokens Char.isSpace text, "", []) end
val para = "The quick brown fox jumps over the lazy dog while the cat, unimpressed, watches from a sunny windowsill."
fun centre width s = let val pad = (width - size s) div 2 in StringCvt.padRight #" " width (StringCvt.padLeft #" " (size s + pad) s) end
val _ = app (fn l => pr ("|" ^ centre 28 l ^ "|")) (wrap 28 para)
val _ = pr ("wrap 10 gives " ^ pi (length (wrap 10 para)) ^ " lines; longest word alone: " ^ String.concatWith "/" (wrap 3 "a bb unimpressed c"))

(* searching *)
val _ = pr ("isPrefix: " ^ Bool.toString (String.isPrefix "The" para) ^ " " ^ Bool.toString (String.isPrefix "the" para) ^
            ", isSuffix: " ^ Bool.toString (String.isSuffix "sill." para) ^
            ", isSubstring: " ^ Bool.toString (String.isSubstring "lazy dog" para) ^ " " ^ Bool.toString (String.isSubstring "lazy  dog" para))
fun countOccurrences (pat, s) =
    let fun go (i, n) = if i + size pat > size s then n
                        else go (i + 1, if String.substring (s, i, size pat) = pat then n + 1 else n)
    in go (0, 0) end
val _ = pr ("occurrences of \"the\": " ^ pi (countOccurrences ("the", para)) ^ ", of \"e\": " ^ pi (countOccurrences ("e", para)))
val (before_, after_) = Substring.position "fox" (Substring.full para)
val _ = pr ("position of fox: " ^ pi (Substring.size before_) ^ ", then \"" ^ Substring.string (Substring.slice (after_, 0, SOME 9)) ^ "\"")
