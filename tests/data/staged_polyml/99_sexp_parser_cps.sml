(* Staged parser combinators in continuation-passing style for a fixed
   grammar of s-expressions (symbols, numbers, lists, quote): the grammar
   is combined at generation time; success and failure continuations
   are run-time arguments of the generated parser, so alternatives
   backtrack without building option values. Parsed trees are printed
   back and evaluated by a generated evaluator for arithmetic forms;
   malformed inputs report the furthest position reached. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype sexp = Sym of string | Num of int | List of sexp list

(* input, position, success (value, next position), failure (position); the answer is a tree or nothing *)
type 'a parser = [string * int * ('a * int -> sexp option) * (int -> sexp option) -> sexp option]
val furthest = ref 0
fun note i = if i > !furthest then furthest := i else ()

fun satisfy (p : [char -> bool]) : char parser =
    let cogen p' = p
    in code (fn (s, i, ok, fail) => if i < size s andalso p' (String.sub (s, i)) then ok (String.sub (s, i), i + 1) else (note i; fail i)) end
fun chr (c : char) : char parser = let cogen c' = lift c in satisfy (code (fn d => d = c')) end
fun alt (a : 'a parser, b : 'a parser) : 'a parser =
    let cogen pa = a cogen pb = b in code (fn (s, i, ok, fail) => pa (s, i, ok, fn _ => pb (s, i, ok, fail))) end
fun seqWith (a : 'a parser, b : 'b parser, f : ['a * 'b -> 'c]) : 'c parser =
    let cogen pa = a cogen pb = b cogen f' = f
    in code (fn (s, i, ok, fail) => pa (s, i, fn (x, j) => pb (s, j, fn (y, k) => ok (f' (x, y), k), fail), fail)) end
fun pmap (a : 'a parser, f : ['a -> 'b]) : 'b parser =
    let cogen pa = a cogen f' = f in code (fn (s, i, ok, fail) => pa (s, i, fn (x, j) => ok (f' x, j), fail)) end
fun many (a : 'a parser) : 'a list parser =
    let cogen pa = a
    in code (fn (s, i, ok, fail) => let fun loop (i, acc) = pa (s, i, fn (x, j) => loop (j, x :: acc), fn _ => ok (rev acc, i)) in loop (i, []) end) end
fun many1 (a : 'a parser) : 'a list parser = seqWith (a, many a, code (op ::))
fun left (a : 'a parser, b : 'b parser) : 'a parser = seqWith (a, b, code (fn (x, _) => x))
fun right (a : 'a parser, b : 'b parser) : 'b parser = seqWith (a, b, code (fn (_, y) => y))

val space = many (satisfy (code Char.isSpace))
fun token (a : 'a parser) : 'a parser = left (a, space)
val symChar = satisfy (code (fn c => Char.isAlpha c orelse Char.contains "+-*/<=>!?" c))
val digit = satisfy (code Char.isDigit)
val number = token (alt (pmap (many1 digit, code (fn ds => Num (valOf (Int.fromString (implode ds))))),
                         seqWith (chr #"~", many1 digit, code (fn (_, ds) => Num (~ (valOf (Int.fromString (implode ds))))))))
val symbol = token (pmap (seqWith (symChar, many (alt (symChar, digit)), code (op ::)), code (fn cs => Sym (implode cs))))

(* recursion in the grammar goes through a ref set once the parser is generated *)
val sexpRef : (string * int * (sexp * int -> sexp option) * (int -> sexp option) -> sexp option) ref = ref (fn (_, i, _, fail) => fail i)
val sexp : sexp parser = let cogen r = lift sexpRef in code (fn args => !r args) end
val listP = right (token (chr #"("), left (pmap (many sexp, code List), token (chr #")")))
val quoted = right (token (chr #"'"), pmap (sexp, code (fn e => List [Sym "quote", e])))
val _ = sexpRef := eval (alt (number, alt (symbol, alt (listP, quoted))))
val top = let cogen p = right (space, sexp)
          in code (fn s => p (s, 0, fn (e, i) => if i = size s then SOME e else (note i; NONE), fn _ => NONE)) end
val parse = eval top

fun show (Sym s) = s
  | show (Num n) = pi n
  | show (List [Sym "quote", e]) = "'" ^ show e
  | show (List es) = "(" ^ String.concatWith " " (map show es) ^ ")"

(* a generated evaluator for the arithmetic forms: the operator table is generated code *)
exception Eval of string
val apply = eval (code (fn (f, args : int list) =>
                         case (f, args) of
                             ("+", _) => foldl op+ 0 args
                           | ("*", _) => foldl op* 1 args
                           | ("-", [x]) => ~x
                           | ("-", x :: r) => foldl (fn (y, a) => a - y) x r
                           | ("max", x :: r) => foldl Int.max x r
                           | ("if", [c, t, e]) => if c <> 0 then t else e
                           | _ => raise Eval f))
fun evalS (Num n) = n
  | evalS (Sym s) = raise Eval ("free " ^ s)
  | evalS (List (Sym f :: args)) = apply (f, map evalS args)
  | evalS (List _) = raise Eval "bad form"

val inputs = ["(+ 1 2 3)", "  (* (+ 1 2) (- 10 4))  ", "(max 3 ~7 12 5)", "'(a b c)", "(quote x)", "foo-bar?", "(- 5)",
              "(if (- 2 2) 10 20)", "()", "(+ 1 (* 2", "(+ 1 2))", "(frob 1)", "x1y2", "12abc", ""]
val _ = List.app (fn s => (furthest := 0;
                           case parse s of
                               SOME e => pr (show e ^ " => " ^ ((pi (evalS e)) handle Eval why => "cannot evaluate: " ^ why))
                             | NONE => pr ("\"" ^ s ^ "\": syntax error near " ^ pi (!furthest)))) inputs

(* a deep and a long input *)
val deep = String.concat (List.tabulate (300, fn _ => "(+ 1 ")) ^ "0" ^ String.concat (List.tabulate (300, fn _ => ")"))
val _ = pr ("deep: " ^ (case parse deep of SOME e => pi (evalS e) | NONE => "syntax error"))
val long = "(+ " ^ String.concatWith " " (List.tabulate (2000, pi)) ^ ")"
val _ = pr ("long: " ^ (case parse long of SOME e => pi (evalS e) | NONE => "syntax error"))
