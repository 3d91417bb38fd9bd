(* Substring: every name, each result shown through Substring.base (the
   base string, start and length), so positions must be the Basis's
   exactly; with the edge cases: empty substrings at either end, Subscript
   from every bound (sub, slice, extract, substring, splitAt, a negative
   triml/trimr count), and the order in which each function calls its
   predicate or function. *)
fun show s = print (s ^ "\n")
fun q s = "\"" ^ String.toString s ^ "\""
fun b ss = let val (s, i, n) = Substring.base ss in "(" ^ q s ^ "," ^ Int.toString i ^ "," ^ Int.toString n ^ ")" end
fun pair (x, y) = b x ^ " " ^ b y
fun list l = "[" ^ String.concatWith " " (map b l) ^ "]"
fun try f = f () handle Subscript => "Subscript"
val trace = ref ([] : string list)
fun note x = trace := x :: !trace
fun traced () = String.concatWith "," (rev (!trace)) before trace := []

val full = Substring.full "hello, world"
val mid = Substring.substring ("<<abc def>>", 2, 7)
val empty = Substring.full ""
val () = show (b full ^ " " ^ b mid ^ " " ^ b empty)
val () = show (q (Substring.string mid) ^ " " ^ Int.toString (Substring.size mid) ^ " "
               ^ Bool.toString (Substring.isEmpty mid) ^ " " ^ Bool.toString (Substring.isEmpty empty))

(* sub *)
val () = show (str (Substring.sub (mid, 0)) ^ str (Substring.sub (mid, 6)) ^ " "
               ^ try (fn () => str (Substring.sub (mid, 7))) ^ " " ^ try (fn () => str (Substring.sub (mid, ~1))) ^ " "
               ^ try (fn () => str (Substring.sub (empty, 0))))

(* extract and substring *)
val () = show (b (Substring.extract ("abc", 0, NONE)) ^ " " ^ b (Substring.extract ("abc", 3, NONE)) ^ " "
               ^ b (Substring.extract ("abc", 1, SOME 2)) ^ " " ^ b (Substring.extract ("abc", 3, SOME 0)))
val () = show (String.concatWith " " (map (fn (i, m) => try (fn () => b (Substring.extract ("abc", i, m))))
                 [(4, NONE), (~1, NONE), (2, SOME 2), (0, SOME ~1), (~1, SOME 1), (0, SOME 4)]))
val () = show (b (Substring.substring ("abc", 1, 1)) ^ " " ^ try (fn () => b (Substring.substring ("abc", 2, 2))))

(* slice *)
val () = show (String.concatWith " " (map (fn (j, m) => try (fn () => b (Substring.slice (mid, j, m))))
                 [(0, NONE), (1, NONE), (7, NONE), (8, NONE), (~1, NONE), (1, SOME 3), (7, SOME 0), (4, SOME 4),
                  (0, SOME ~1)]))

(* getc and first: reading a substring a character at a time *)
fun chars ss = case Substring.getc ss of NONE => [] | SOME (c, rest) => str c :: chars rest
val () = show (String.concatWith "." (chars mid) ^ " " ^ Int.toString (length (chars empty)))
val () = show ((case Substring.first mid of SOME c => str c | NONE => "NONE") ^ " "
               ^ (case Substring.first empty of SOME c => str c | NONE => "NONE") ^ " "
               ^ (case Substring.getc (Substring.triml 6 mid) of
                      SOME (c, rest) => str c ^ b rest | NONE => "NONE"))

(* triml, trimr: beyond the length, an empty substring at the right end
   (triml) or at the left (trimr); a negative count raises at once *)
val () = show (b (Substring.triml 2 mid) ^ " " ^ b (Substring.triml 7 mid) ^ " " ^ b (Substring.triml 99 mid) ^ " "
               ^ b (Substring.triml 0 empty))
val () = show (b (Substring.trimr 2 mid) ^ " " ^ b (Substring.trimr 7 mid) ^ " " ^ b (Substring.trimr 99 mid))
val () = show (try (fn () => (ignore (Substring.triml ~1); "no raise")) ^ " "
               ^ try (fn () => (ignore (Substring.trimr ~1); "no raise")))

(* splitAt *)
val () = show (String.concatWith " | " (map (fn k => try (fn () => pair (Substring.splitAt (mid, k)))) [0, 3, 7, 8, ~1]))

(* splitl, splitr, takel, dropl, taker, dropr *)
val padded = Substring.substring ("##  a b  ##", 2, 7)
val () = show (pair (Substring.splitl Char.isSpace padded) ^ " | " ^ pair (Substring.splitr Char.isSpace padded))
val () = show (b (Substring.takel Char.isSpace padded) ^ " " ^ b (Substring.dropl Char.isSpace padded) ^ " "
               ^ b (Substring.taker Char.isSpace padded) ^ " " ^ b (Substring.dropr Char.isSpace padded))
val trimmed = Substring.dropr Char.isSpace (Substring.dropl Char.isSpace padded)
val () = show (b trimmed ^ " " ^ q (Substring.string trimmed))
val () = show (pair (Substring.splitl Char.isAlpha mid) ^ " | " ^ pair (Substring.splitr Char.isAlpha mid) ^ " | "
               ^ pair (Substring.splitl (fn _ => true) mid) ^ " | " ^ pair (Substring.splitr (fn _ => true) mid) ^ " | "
               ^ pair (Substring.splitl Char.isAlpha empty))
val () = ignore (Substring.splitl (fn c => (note ("l" ^ str c); c <> #" ")) mid)
val () = ignore (Substring.splitr (fn c => (note ("r" ^ str c); c <> #" ")) mid)
val () = show (traced ())

(* fields and tokens *)
val csv = Substring.substring (",a,,b,", 1, 4)
val () = show (list (Substring.fields (fn c => c = #",") csv) ^ " " ^ list (Substring.tokens (fn c => c = #",") csv))
val () = show (list (Substring.fields (fn c => c = #",") (Substring.full ",a,,b,")) ^ " "
               ^ list (Substring.tokens (fn c => c = #",") (Substring.full ",a,,b,")))
val () = show (list (Substring.fields Char.isSpace empty) ^ " " ^ list (Substring.tokens Char.isSpace empty) ^ " "
               ^ list (Substring.tokens Char.isSpace (Substring.full "   ")))
val () = show (String.concatWith "|" (map Substring.string (Substring.tokens Char.isSpace (Substring.full "  the  quick brown\tfox "))))

(* folds, app, explode, translate *)
val () = show (Substring.foldl (fn (c, acc) => str c ^ acc) "" mid ^ " " ^ Substring.foldr (fn (c, acc) => str c ^ acc) "" mid
               ^ " " ^ Substring.foldl (fn (c, acc) => str c ^ acc) "e" empty)
val () = Substring.app (fn c => note (str c)) (Substring.substring ("xyz", 1, 2))
val () = show (traced ())
val () = show (implode (Substring.explode mid) ^ " " ^ Int.toString (length (Substring.explode empty)))
val () = show (Substring.translate (fn #" " => "_" | c => str (Char.toUpper c)) mid ^ " "
               ^ q (Substring.translate (fn c => str c ^ str c) empty))

(* concat and concatWith *)
val () = show (Substring.concat [mid, empty, Substring.full "!"] ^ " " ^ q (Substring.concat []) ^ " "
               ^ Substring.concatWith "+" [mid, Substring.triml 4 mid] ^ " " ^ q (Substring.concatWith "+" []))

(* isPrefix, isSuffix, isSubstring *)
fun bools l = String.concatWith " " (map Bool.toString l)
val () = show (bools [Substring.isPrefix "abc" mid, Substring.isPrefix "<<" mid, Substring.isPrefix "" empty,
                      Substring.isSuffix "def" mid, Substring.isSuffix ">>" mid, Substring.isSuffix "x" empty,
                      Substring.isSubstring "c d" mid, Substring.isSubstring "def>" mid, Substring.isSubstring "" mid])

(* compare and collate *)
fun ord3 LESS = "LESS" | ord3 EQUAL = "EQUAL" | ord3 GREATER = "GREATER"
val () = show (String.concatWith " " (map (ord3 o Substring.compare)
                 [(mid, Substring.full "abc def"), (mid, Substring.full "abd"), (empty, mid), (mid, empty),
                  (Substring.substring ("xabc", 1, 2), Substring.full "abc"), (empty, Substring.full "")]))
val () = show (ord3 (Substring.collate (fn (x, y) => Char.compare (y, x)) (Substring.full "abc", Substring.full "abd")))

(* position *)
val inner = Substring.substring ("xhello lo", 1, 7)
val () = show (pair (Substring.position "lo" inner) ^ " | " ^ pair (Substring.position "zz" inner) ^ " | "
               ^ pair (Substring.position "" inner) ^ " | " ^ pair (Substring.position "hello lo!" inner) ^ " | "
               ^ pair (Substring.position "" empty))

(* a word counter over substrings *)
fun words s = length (Substring.tokens (not o Char.isAlpha) (Substring.full s))
val () = show (Int.toString (words "It's a truth, universally acknowledged...") ^ " " ^ Int.toString (words ""))
(* then an uncaught Subscript *)
val () = show (str (Substring.sub (Substring.triml 3 (Substring.full "abc"), 0)))
