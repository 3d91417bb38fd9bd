(* Explicit type variables in generators, type abbreviations of box types, generators inside datatypes and exceptions, equality and overloading under code at several types, String, Char, Int and List functions in generated code *)
fun say s = print (s ^ "\n")
fun 'a dup (x : 'a) = code (fn (y : 'a) => (y, y))
val _ = case eval (dup 1) 5 of (a, b) => say (Int.toString (a + b))
val 'a idg = code (fn (x : 'a) => x)
val _ = say (eval idg "s" ^ Int.toString (eval idg 3))
type 'a endo = ['a -> 'a]
fun compose (f : 'a endo) (g : 'a endo) : 'a endo = let cogen f' = f cogen g' = g in code (fn x => f' (g' x)) end
val _ = say (Int.toString (eval (compose (code (fn x => x + 1)) (code (fn x => x * 2))) 5))
datatype t = G of [int] | V of int
fun run (G g) = eval g | run (V n) = n
val _ = say (Int.toString (run (G (code 4)) + run (V 5)))
val lt = lift (G (code 40))
val _ = say (Int.toString (run (eval lt)))
val ct = code (fn (G g) => eval g + 1 | V n => n)
val _ = say (Int.toString ((eval ct) (G (code 1))))
exception Gen of [int]
fun pick n = if n > 2 then raise Gen (let cogen k = lift n in code (k * 100) end) else lift n
val picked = (pick 5) handle Gen g => let cogen u = g in code (u + 1) end
val _ = say (Int.toString (eval picked))
val eqc = code (fn (a, b) => a = b)
val _ = say (Bool.toString (eval eqc (1, 1)) ^ Bool.toString (eval eqc ("a", "b")) ^ Bool.toString (eval eqc ([SOME #"x"], [SOME #"x"])))
cogen eq = code (fn (a, b) => a = b)
val _ = say (Bool.toString (eq (2, 3)) ^ Bool.toString (eq ("q", "q")))
val ov = code (fn x => x + x)
val _ = say (Int.toString (eval ov 21))
fun wgen (x : word) = let cogen v = lift x in code (v + v * 0w2) end
val _ = say (Word.toString (eval (wgen 0w7)))
val lt2 = code (fn (x, y) => x < y)
val _ = say (Bool.toString (eval lt2 (1, 2)))
val sc = code (fn (s : string) => fn t => s < t)
val _ = say (Bool.toString (eval sc "abc" "abd"))
val ch = code (fn (c : char) => c >= #"a" andalso c <= #"z")
val _ = say (String.implode (List.filter (eval ch) (String.explode "Hello World")))
val cmpg = code (fn (a : int, b) => Int.compare (a, b))
val _ = say (case eval cmpg (3, 2) of GREATER => "gt" | LESS => "lt" | EQUAL => "eq")
val strlib = code (fn s => (String.tokens Char.isSpace s, String.fields (fn c => c = #",") s, String.translate (fn #"a" => "A" | c => String.str c) s, String.isPrefix "ab" s, String.substring (s, 1, 2), Char.toUpper (String.sub (s, 0)), String.map Char.toLower s, String.concat [s, s]))
val _ = case (eval strlib) "ab c,d a" of (ts, fs, tr, ip, ss, up, lo, cc) =>
  say (String.concatWith "|" ts ^ " " ^ String.concatWith "|" fs ^ " " ^ tr ^ " " ^ Bool.toString ip ^ " " ^ ss ^ " " ^ String.str up ^ " " ^ lo ^ " " ^ cc)
val numlib = code (fn s => (Int.fromString s, Int.toString (valOf (Int.fromString s) div 7), Int.abs (~3 mod 5), Int.max (1, 2), Int.min (1, 2), ~7 div 2, ~7 mod 2, Int.quot (~7, 2), Int.rem (~7, 2)))
val _ = case (eval numlib) "100" of (SOME a, b, c, d, e, f, g, h, i) => say (String.concatWith " " (map Int.toString [a, c, d, e, f, g, h, i]) ^ " " ^ b) | _ => ()
val lists = code (fn l => (List.rev l, List.filter (fn x => x > 2) l, List.foldl op+ 0 l, List.foldr (fn (a, b) => a :: b) [] l, List.nth (l, 1), List.take (l, 2), List.drop (l, 2), List.exists (fn x => x = 3) l, List.all (fn x => x > 0) l, List.partition (fn x => x mod 2 = 0) l))
val _ = case (eval lists) [1, 2, 3, 4] of (a, b, c, d, e, f, g, h, i, (p, q)) => say (String.concatWith "," (map Int.toString (a @ b @ [c] @ d @ [e] @ f @ g @ p @ q)) ^ Bool.toString h ^ Bool.toString i)
