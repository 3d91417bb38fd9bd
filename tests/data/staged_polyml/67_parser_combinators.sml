(* Staged parser combinators: a grammar built from combinators at
   generation time (char, sequence, alternative, many, map) becomes
   generated code over (string, position) returning an option of a value
   and the next position; the grammar of arithmetic expressions with
   numbers, + and * and parentheses is parsed and evaluated by the
   generated parser. Recursion in the grammar goes through a lifted ref
   holding the generated parser, set after generation. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type 'a p = [string * int -> ('a * int) option]
fun satisfy (pred : char -> bool) : char p =
    let cogen t = lift pred
    in code (fn (s, i) => if i < size s andalso t (String.sub (s, i)) then SOME (String.sub (s, i), i + 1) else NONE) end
fun chr c : char p = satisfy (fn d => d = c)
fun seq (a : 'a p, b : 'b p) : ('a * 'b) p =
    let cogen pa = a cogen pb = b
    in code (fn (s, i) => case pa (s, i) of NONE => NONE | SOME (x, j) => (case pb (s, j) of NONE => NONE | SOME (y, k) => SOME ((x, y), k))) end
fun alt (a : 'a p, b : 'a p) : 'a p =
    let cogen pa = a cogen pb = b in code (fn inp => case pa inp of NONE => pb inp | r => r) end
fun many (a : 'a p) : 'a list p =
    let cogen pa = a
    in code (fn (s, i) => let fun loop (i, acc) = case pa (s, i) of NONE => SOME (rev acc, i) | SOME (x, j) => loop (j, x :: acc) in loop (i, []) end) end
fun pmap (a : 'a p, f : ['a -> 'b]) : 'b p =
    let cogen pa = a cogen f' = f in code (fn inp => case pa inp of NONE => NONE | SOME (x, j) => SOME (f' x, j)) end
fun many1 a = pmap (seq (a, many a), code (op ::))

val digit = satisfy Char.isDigit
val number = pmap (many1 digit, code (foldl (fn (c, n) => n * 10 + ord c - ord #"0") 0))
val spaces = many (chr #" ")
fun token a = pmap (seq (a, spaces), code (fn (x, _) => x))

(* expr := term ('+' term)*   term := factor ('*' factor)*   factor := number | '(' expr ')' *)
val exprRef : (string * int -> (int * int) option) ref = ref (fn _ => NONE)
val expr : int p = let cogen r = lift exprRef in code (fn inp => !r inp) end
val factor = alt (token number, pmap (seq (token (chr #"("), seq (expr, token (chr #")"))), code (fn (_, (v, _)) => v)))
val term = pmap (seq (factor, many (pmap (seq (token (chr #"*"), factor), code (fn (_, v) => v)))), code (fn (x, xs) => foldl op* x xs))
val sum = pmap (seq (term, many (pmap (seq (token (chr #"+"), term), code (fn (_, v) => v)))), code (fn (x, xs) => foldl op+ x xs))
val _ = exprRef := eval sum
val whole = let cogen p = seq (spaces, sum) in code (fn s => case p (s, 0) of SOME ((_, v), i) => if i = size s then SOME v else NONE | NONE => NONE) end
val parse = eval whole
val _ = app (fn s => pr ("\"" ^ s ^ "\" => " ^ (case parse s of SOME v => pi v | NONE => "syntax error")))
            ["1+2*3", " (1 + 2) * 3 ", "2*(3+4)*5", "((7))", "12345", "1+", "", "(1+2", "10 * 10 + 1 * 0", "3 3"]
val digits = eval (many digit)
val _ = pr (case digits ("123abc", 0) of SOME (cs, i) => implode cs ^ " then " ^ pi i | NONE => "none")
val _ = pr (case digits ("abc", 1) of SOME (cs, i) => "[" ^ implode cs ^ "] at " ^ pi i | NONE => "none")
