(* A lexer for a fragment of SML: keywords recognised by a function of
   41 string-constant clauses, symbols by a case over characters,
   integer literals (with ~) and identifiers, and a table of negative and
   positive integer constants matched in clauses. Tokens are counted by
   kind; an unknown character raises an exception with its position. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun keyword "abstype" = 0
  | keyword "and" = 1
  | keyword "andalso" = 2
  | keyword "as" = 3
  | keyword "case" = 4
  | keyword "datatype" = 5
  | keyword "do" = 6
  | keyword "else" = 7
  | keyword "end" = 8
  | keyword "exception" = 9
  | keyword "fn" = 10
  | keyword "fun" = 11
  | keyword "handle" = 12
  | keyword "if" = 13
  | keyword "in" = 14
  | keyword "infix" = 15
  | keyword "infixr" = 16
  | keyword "let" = 17
  | keyword "local" = 18
  | keyword "nonfix" = 19
  | keyword "of" = 20
  | keyword "op" = 21
  | keyword "open" = 22
  | keyword "orelse" = 23
  | keyword "raise" = 24
  | keyword "rec" = 25
  | keyword "then" = 26
  | keyword "type" = 27
  | keyword "val" = 28
  | keyword "with" = 29
  | keyword "withtype" = 30
  | keyword "while" = 31
  | keyword "eqtype" = 32
  | keyword "functor" = 33
  | keyword "include" = 34
  | keyword "sharing" = 35
  | keyword "sig" = 36
  | keyword "signature" = 37
  | keyword "struct" = 38
  | keyword "structure" = 39
  | keyword "where" = 40
  | keyword _ = ~1

datatype token = KW of int * string | ID of string | NUM of int | SYM of string

exception Lex of char * int

fun symbol #"(" = SOME "(" | symbol #")" = SOME ")" | symbol #"[" = SOME "[" | symbol #"]" = SOME "]"
  | symbol #"," = SOME "," | symbol #";" = SOME ";" | symbol #"=" = SOME "=" | symbol #"+" = SOME "+"
  | symbol #"-" = SOME "-" | symbol #"*" = SOME "*" | symbol #"|" = SOME "|" | symbol #":" = SOME ":"
  | symbol #"<" = SOME "<" | symbol #">" = SOME ">" | symbol #"^" = SOME "^" | symbol #"_" = SOME "_"
  | symbol _ = NONE

fun lex s =
    let val n = size s
        fun span (i, p) = if i < n andalso p (String.sub (s, i)) then span (i + 1, p) else i
        fun go (i, acc) =
            if i >= n then rev acc
            else let val c = String.sub (s, i)
                 in if Char.isSpace c then go (i + 1, acc)
                    else if Char.isAlpha c then
                        let val j = span (i, fn c => Char.isAlphaNum c orelse c = #"'" orelse c = #"_")
                            val w = String.substring (s, i, j - i)
                            val k = keyword w
                        in go (j, (if k >= 0 then KW (k, w) else ID w) :: acc) end
                    else if Char.isDigit c orelse (c = #"~" andalso i + 1 < n andalso Char.isDigit (String.sub (s, i + 1))) then
                        let val j = span (i + 1, Char.isDigit)
                        in go (j, NUM (valOf (Int.fromString (String.substring (s, i, j - i)))) :: acc) end
                    else case symbol c of
                             SOME sym => go (i + 1, SYM sym :: acc)
                           | NONE => raise Lex (c, i)
                 end
    in go (0, []) end

fun show (KW (k, w)) = w ^ "#" ^ pi k
  | show (ID x) = "id:" ^ x
  | show (NUM n) = "num:" ^ pi n
  | show (SYM s) = s

fun describeNum ~1000 = "minus a thousand"
  | describeNum ~42 = "minus the answer"
  | describeNum ~1 = "minus one"
  | describeNum 0 = "zero"
  | describeNum 1 = "one"
  | describeNum 42 = "the answer"
  | describeNum 1000 = "a thousand"
  | describeNum n = if n < 0 then "some negative" else "some positive"

fun summary toks =
    let val (k, i, n, s) = foldl (fn (KW _, (k, i, n, s)) => (k + 1, i, n, s)
                                   | (ID _, (k, i, n, s)) => (k, i + 1, n, s)
                                   | (NUM _, (k, i, n, s)) => (k, i, n + 1, s)
                                   | (SYM _, (k, i, n, s)) => (k, i, n, s + 1)) (0, 0, 0, 0) toks
    in pi k ^ " keywords, " ^ pi i ^ " identifiers, " ^ pi n ^ " numbers, " ^ pi s ^ " symbols" end

val sources =
  ["fun fact 0 = 1 | fact n = n * fact (n - 1)",
   "val x = let val y = ~42 in y + 1000 end",
   "datatype t = A | B of int withtype u = t list",
   "structure S = struct val a = 1 end where type t = int",
   "case xs of [] => 0 | x :: _ => x",
   "while !r < 10 do r := !r + 1",
   "exception E of string ; raise E \"x\""]
val _ = app (fn src => (pr src;
                        (let val toks = lex src
                         in pr ("  " ^ String.concatWith " " (map show toks));
                            pr ("  " ^ summary toks)
                         end) handle Lex (c, i) => pr ("  lexical error: " ^ Char.toString c ^ " at " ^ pi i))) sources
val allKeywords = List.filter (fn w => keyword w >= 0) (String.tokens Char.isSpace "abstype and andalso as case datatype do else end exception fn fun handle if in infix infixr let local nonfix of op open orelse raise rec then type val with withtype while eqtype functor include sharing sig signature struct structure where notakeyword Fun VAL")
val _ = pr ("keywords known: " ^ pi (length allKeywords) ^ ", sum of codes " ^ pi (foldl (fn (w, a) => a + keyword w) 0 allKeywords))
val _ = pr ("near misses: " ^ String.concatWith " " (map (pi o keyword) ["", "a", "an", "andalsoo", "wher", "wheres", "zzz", "Abstype", "abstype"]))
val _ = pr ("numbers: " ^ String.concatWith "; " (map describeNum [~1000, ~999, ~42, ~1, 0, 1, 2, 42, 1000, 1001]))
