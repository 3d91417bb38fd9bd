(* Constructs inside generated code that the other programs use little:
   overloading resolved at the next top-level ';' (strings and words in
   code), word shifts and masks, word/char/string constants in patterns,
   layered and ref patterns, Match and Bind raised by generated code,
   Overflow from ~, abs and div at the edge, div/mod/quot/rem signs, a
   long tail-recursive loop and mutual recursion in code, cogen inside a
   top-level local, a top-level code variable used three times (three
   runs), String and Char functions in code, escapes in a lifted string,
   and top-level expressions. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val lt = code (fn (a, b) => a < b)
val r1 = eval lt ("apple", "banana")
val _ = pr (Bool.toString r1);
val addw = code (fn (a, b) => a + b)
val r2 = eval addw (0w1, Word.notb 0w0)
val _ = pr (Word.toString r2);
val g = code (fn w => (Word.>> (w, 0w3), Word.~>> (Word.notb 0w0, 0w60), Word.<< (w, 0w61), Word.andb (w, 0wxf0)))
val _ = case eval g 0wxff of (a, b, c, d) => pr (Word.toString a ^ " " ^ Word.toString b ^ " " ^ Word.toString c ^ " " ^ Word.toString d)
val pat = code (fn (0w0, _) => "zero" | (0wxff, #"a") => "ff-a" | (_, #"\n") => "newline" | (w, c) => Word.toString w ^ String.str c)
val pf = eval pat
val _ = pr (String.concatWith " " [pf (0w0, #"q"), pf (0w255, #"a"), pf (0w3, #"\n"), pf (0w7, #"z")])
val strpat = code (fn "if" => 1 | "then" => 2 | "" => 0 | s => size s + 100)
val _ = pr (String.concatWith " " (map (pi o eval strpat) ["if", "then", "", "else"]))
val layered = code (fn (whole as (x :: (rest as (y :: _)))) => pi (length whole) ^ pi x ^ pi y ^ pi (length rest) | _ => "short")
val _ = pr (eval layered [1, 2, 3] ^ " " ^ eval layered [9])
val refpat = code (fn (ref 0) => "zero" | (r as ref n) => (r := n + 1; pi (!r)))
val _ = pr (eval refpat (ref 0) ^ eval refpat (ref 41))
val incomplete = code (fn (SOME x) => x)
val _ = pr ((pi (eval incomplete NONE)) handle Match => "Match in code")
val badBind = code (let val (a :: _) = [] : int list in a end)
val _ = pr ((pi (eval badBind)) handle Bind => "Bind in code")
val ovf = code (fn x => (~x, abs x, x div ~1))
val _ = pr ((case eval ovf (valOf Int.minInt) of (a, _, _) => pi a) handle Overflow => "Overflow")
val _ = pr (case eval ovf ~7 of (a, b, c) => pi a ^ pi b ^ pi c)
val modg = code (fn (a, b) => (a div b, a mod b, Int.quot (a, b), Int.rem (a, b)))
val _ = pr (String.concatWith ";" (map (fn p => case eval modg p of (a, b, c, d) => pi a ^ "," ^ pi b ^ "," ^ pi c ^ "," ^ pi d) [(7, 2), (~7, 2), (7, ~2), (~7, ~2)]))
val loop = code (let fun loop (0, a) = a | loop (n, a) = loop (n - 1, a + 2) in loop (30000, 0) end)
val _ = pr (pi (eval loop))
val mutual = code (let fun ev 0 = true | ev n = od (n - 1) and od 0 = false | od n = ev (n - 1) in (ev 10001, od 7) end)
val _ = pr (case eval mutual of (a, b) => Bool.toString a ^ Bool.toString b)
local cogen hidden = code 21 in val doubled = hidden * 2 end
val _ = pr (pi doubled)
cogen c = code (print "used "; 1)
val three = c + c + c
val _ = pr (pi three)
val eqd = code (fn (a, b) => a = b)
val _ = pr (Bool.toString (eval eqd ([SOME "x", NONE], [SOME "x", NONE])) ^ Bool.toString (eval eqd ((1, #"c"), (1, #"d"))))
val strs = code (fn s => (String.tokens (fn c => c = #",") s, String.fields (fn c => c = #",") s, String.translate (fn #"a" => "AA" | c => String.str c) s))
val _ = case eval strs "a,,b,a" of (t, f, tr) => pr (String.concatWith "|" t ^ " " ^ String.concatWith "|" f ^ " " ^ tr)
val escapes = let cogen s = lift "\^A\t\"\\\u0041\255" in code (map ord (explode s)) end
val _ = pr (String.concatWith " " (map pi (eval escapes)))
val chars = code (fn c => (Char.isDigit c, Char.toUpper c, ord c, Char.succ c))
val _ = case eval chars #"a" of (a, b, c, d) => pr (Bool.toString a ^ String.str b ^ pi c ^ String.str d)
;eval (code (pr "top-level expression"));
val it2 = eval (code 5);
val _ = pr (pi it2)
