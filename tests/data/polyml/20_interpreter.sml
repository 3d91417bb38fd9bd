(* A small expression language: tokenizer, parser, evaluator with environments *)
datatype token = NUM of int | ID of string | SYM of char
datatype expr = Num of int | Var of string | Bin of char * expr * expr
              | Let of string * expr * expr | IfZ of expr * expr * expr
exception Syntax of string
exception Unbound of string
fun isDigit c = c >= #"0" andalso c <= #"9"
fun isAlpha c = (c >= #"a" andalso c <= #"z") orelse (c >= #"A" andalso c <= #"Z")
fun tokenize [] = []
  | tokenize (c :: cs) =
      if c = #" " then tokenize cs
      else if isDigit c then digits (cs, ord c - 48)
      else if isAlpha c then ident (cs, [c])
      else SYM c :: tokenize cs
and digits (c :: cs, n) = if isDigit c then digits (cs, n * 10 + ord c - 48) else NUM n :: tokenize (c :: cs)
  | digits ([], n) = [NUM n]
and ident (c :: cs, acc) = if isAlpha c then ident (cs, c :: acc) else ID (implode (rev acc)) :: tokenize (c :: cs)
  | ident ([], acc) = [ID (implode (rev acc))]
fun parseExpr ts = let val (l, rest) = parseTerm ts in addLoop (l, rest) end
and addLoop (l, SYM c :: ts) = if c = #"+" orelse c = #"-"
                                 then let val (r, rest) = parseTerm ts in addLoop (Bin (c, l, r), rest) end
                                 else (l, SYM c :: ts)
  | addLoop (l, ts) = (l, ts)
and parseTerm ts = let val (l, rest) = parseAtom ts in mulLoop (l, rest) end
and mulLoop (l, SYM #"*" :: ts) = let val (r, rest) = parseAtom ts in mulLoop (Bin (#"*", l, r), rest) end
  | mulLoop (l, ts) = (l, ts)
and parseAtom (NUM n :: ts) = (Num n, ts)
  | parseAtom (ID "let" :: ID x :: SYM #"=" :: ts) =
      (case parseExpr ts of
         (e1, ID "in" :: rest) => let val (e2, rest') = parseExpr rest in (Let (x, e1, e2), rest') end
       | _ => raise Syntax "expected in")
  | parseAtom (ID "ifz" :: ts) =
      let val (c, r1) = parseAtom ts val (t, r2) = parseAtom r1 val (e, r3) = parseAtom r2 in (IfZ (c, t, e), r3) end
  | parseAtom (ID x :: ts) = (Var x, ts)
  | parseAtom (SYM #"(" :: ts) =
      (case parseExpr ts of (e, SYM #")" :: rest) => (e, rest) | _ => raise Syntax "expected )")
  | parseAtom _ = raise Syntax "unexpected token"
fun lookup (x, []) = raise Unbound x
  | lookup (x, (y, v) :: env) = if x = y then v else lookup (x, env)
fun eval env (Num n) = n
  | eval env (Var x) = lookup (x, env)
  | eval env (Bin (#"+", a, b)) = eval env a + eval env b
  | eval env (Bin (#"-", a, b)) = eval env a - eval env b
  | eval env (Bin (_, a, b)) = eval env a * eval env b
  | eval env (Let (x, e1, e2)) = eval ((x, eval env e1) :: env) e2
  | eval env (IfZ (c, t, e)) = if eval env c = 0 then eval env t else eval env e
fun run s = (case parseExpr (tokenize (explode s)) of
               (e, []) => Int.toString (eval [] e)
             | _ => "trailing input")
            handle Syntax m => "syntax error: " ^ m
                 | Unbound x => "unbound " ^ x
                 | Overflow => "overflow"
val programs = ["1 + 2 * 3", "(1 + 2) * 3", "let x = 5 in x * x - 1", "let x = 2 in let y = x * 10 in y - x",
                "ifz (1 - 1) 10 20", "ifz 3 10 20", "y + 1", "(1 + 2", "let x = 1 x", "10 - 4 - 3",
                "4611686018427387903 + 1", "2 * (3 + 4) * 5 )", "let a = 1 in let a = a + 1 in a * 100"]
val _ = app (fn s => print (s ^ " => " ^ run s ^ "\n")) programs
