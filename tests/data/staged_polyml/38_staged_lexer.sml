(* A lexer generator: token classes given as character predicates chosen
   at generation time (digits, identifiers, operators from a lifted
   table, string literals with escapes) compiled into one scanning
   function; longest match, keywords recognised after the scan *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype tok = INT of int | ID of string | KW of string | OP of string | STR of string | ERR of string
exception LexError of int * string
fun show (INT n) = "INT(" ^ pi n ^ ")" | show (ID s) = "ID(" ^ s ^ ")" | show (KW s) = "KW(" ^ s ^ ")"
  | show (OP s) = "OP(" ^ s ^ ")" | show (STR s) = "STR(" ^ String.toString s ^ ")" | show (ERR s) = "ERR(" ^ s ^ ")"
(* the longest operator from the table that starts at i *)
fun opsGen [] = code (fn (_ : string, _ : int) => NONE : string option)
  | opsGen (o' :: os) = let cogen lo = lift o' cogen n = lift (size o') cogen rest = opsGen os
                        in code (fn (s, i) => case rest (s, i) of
                                                SOME best => if size best >= n then SOME best
                                                             else if i + n <= size s andalso String.substring (s, i, n) = lo then SOME lo else SOME best
                                              | NONE => if i + n <= size s andalso String.substring (s, i, n) = lo then SOME lo else NONE) end
fun kwGen [] = code (fn s => ID s)
  | kwGen (k :: ks) = let cogen lk = lift k cogen rest = kwGen ks in code (fn s => if s = lk then KW s else rest s) end
fun lexerGen (keywords, operators) =
  let cogen ops = opsGen operators cogen kw = kwGen keywords
  in code (fn s =>
       let fun span (p, i) = if i < size s andalso p (String.sub (s, i)) then span (p, i + 1) else i
           fun str' (i, acc) =
             if i >= size s then raise LexError (i, "unterminated string")
             else case String.sub (s, i) of
                    #"\"" => (implode (rev acc), i + 1)
                  | #"\\" => if i + 1 < size s then str' (i + 2, (case String.sub (s, i + 1) of #"n" => #"\n" | #"t" => #"\t" | c => c) :: acc)
                             else raise LexError (i, "bad escape")
                  | c => str' (i + 1, c :: acc)
           fun go i =
             if i >= size s then []
             else let val c = String.sub (s, i)
                  in if Char.isSpace c then go (span (Char.isSpace, i))
                     else if Char.isDigit c then let val j = span (Char.isDigit, i)
                                                 in INT (valOf (Int.fromString (String.substring (s, i, j - i)))) :: go j end
                     else if Char.isAlpha c then let val j = span (fn c => Char.isAlphaNum c orelse c = #"_", i)
                                                 in kw (String.substring (s, i, j - i)) :: go j end
                     else if c = #"\"" then let val (lit, j) = str' (i + 1, []) in STR lit :: go j end
                     else case ops (s, i) of
                            SOME o' => OP o' :: go (i + size o')
                          | NONE => ERR (str c) :: go (i + 1)
                  end
       in go 0 end)
  end
val mlLexer = eval (lexerGen (["let", "in", "end", "fun", "val", "if"], ["=", "=>", "+", "-", "*", "::", ":", "(", ")", "<=", "<", "<>"]))
val cLexer = eval (lexerGen (["int", "return", "while"], ["=", "==", "!=", "{", "}", "(", ")", ";", "+", "++", "+="]))
val inputs = ["let val x = 42 in x + 1 end", "fun f (a :: b) => a <= b <> c", "x=>y", "\"a\\tb\\\"c\" :: \"\"", "val 123abc = @ 9",
              "   ", "letter inx end_", "99999999999999999999", "\"open"]
fun lexAll lexer s = (String.concatWith " " (map show (lexer s)))
                     handle LexError (i, m) => "lex error at " ^ pi i ^ ": " ^ m | Overflow => "Overflow in a literal"
val _ = app (fn s => pr (lexAll mlLexer s)) inputs
val _ = pr (lexAll cLexer "int main() { while (i != 10) i += 1; return i++; }")
val _ = pr (lexAll cLexer "a==b=c!d")
