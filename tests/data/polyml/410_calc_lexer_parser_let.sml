(* Lexer, recursive-descent parser and evaluator for arithmetic with
   let-bindings: let x = e in e end, + - * / % and unary minus. *)
datatype token =
    NUM of int | ID of string | PLUS | MINUS | TIMES | DIV | MOD
  | LPAREN | RPAREN | LET | IN | END | EQ | EOF

exception LexError of int * char
exception ParseError of string
exception Unbound of string

fun tokenName t =
    case t of
      NUM n => "NUM " ^ Int.toString n
    | ID s => "ID " ^ s
    | PLUS => "+" | MINUS => "-" | TIMES => "*" | DIV => "/" | MOD => "%"
    | LPAREN => "(" | RPAREN => ")" | LET => "let" | IN => "in" | END => "end"
    | EQ => "=" | EOF => "EOF"

fun lex s =
    let
      val n = size s
      fun go i acc =
          if i >= n then rev (EOF :: acc)
          else
            let val c = String.sub (s, i) in
              if Char.isSpace c then go (i + 1) acc
              else if Char.isDigit c then number i 0 acc
              else if Char.isAlpha c then word i i acc
              else
                let val t = case c of
                              #"+" => PLUS | #"-" => MINUS | #"*" => TIMES
                            | #"/" => DIV | #"%" => MOD | #"(" => LPAREN
                            | #")" => RPAREN | #"=" => EQ
                            | _ => raise LexError (i, c)
                in go (i + 1) (t :: acc) end
            end
      and number i v acc =
          if i < n andalso Char.isDigit (String.sub (s, i))
          then number (i + 1) (v * 10 + (ord (String.sub (s, i)) - ord #"0")) acc
          else go i (NUM v :: acc)
      and word start i acc =
          if i < n andalso Char.isAlphaNum (String.sub (s, i)) then word start (i + 1) acc
          else
            let val w = String.substring (s, start, i - start)
                val t = case w of "let" => LET | "in" => IN | "end" => END | _ => ID w
            in go i (t :: acc) end
    in
      go 0 []
    end

datatype exp =
    Num of int | Name of string | Bin of char * exp * exp | Negate of exp
  | Let of string * exp * exp

fun expect t (t' :: rest) = if t = t' then rest
                            else raise ParseError ("expected " ^ tokenName t ^ ", got " ^ tokenName t')
  | expect t [] = raise ParseError "out of tokens"

fun parseExp ts =
    let
      val (e, rest) = parseTerm ts
      fun loop (e, PLUS :: r) = let val (e2, r2) = parseTerm r in loop (Bin (#"+", e, e2), r2) end
        | loop (e, MINUS :: r) = let val (e2, r2) = parseTerm r in loop (Bin (#"-", e, e2), r2) end
        | loop (e, r) = (e, r)
    in loop (e, rest) end
and parseTerm ts =
    let
      val (e, rest) = parseFactor ts
      fun opChar TIMES = SOME #"*"
        | opChar DIV = SOME #"/"
        | opChar MOD = SOME #"%"
        | opChar _ = NONE
      fun loop (e, r as t :: r') =
          (case opChar t of
             SOME c => let val (e2, r2) = parseFactor r' in loop (Bin (c, e, e2), r2) end
           | NONE => (e, r))
        | loop (e, []) = (e, [])
    in loop (e, rest) end
and parseFactor (NUM n :: r) = (Num n, r)
  | parseFactor (ID x :: r) = (Name x, r)
  | parseFactor (MINUS :: r) = let val (e, r') = parseFactor r in (Negate e, r') end
  | parseFactor (LPAREN :: r) =
    let val (e, r') = parseExp r in (e, expect RPAREN r') end
  | parseFactor (LET :: ID x :: EQ :: r) =
    let
      val (e1, r1) = parseExp r
      val (e2, r2) = parseExp (expect IN r1)
    in (Let (x, e1, e2), expect END r2) end
  | parseFactor (t :: _) = raise ParseError ("unexpected " ^ tokenName t)
  | parseFactor [] = raise ParseError "empty"

fun parse s =
    case parseExp (lex s) of
      (e, [EOF]) => e
    | (_, t :: _) => raise ParseError ("trailing " ^ tokenName t)
    | (_, []) => raise ParseError "no EOF"

fun eval env (Num n) = n
  | eval env (Name x) =
    (case List.find (fn (y, _) => y = x) env of SOME (_, v) => v | NONE => raise Unbound x)
  | eval env (Negate e) = ~ (eval env e)
  | eval env (Let (x, e1, e2)) = eval ((x, eval env e1) :: env) e2
  | eval env (Bin (c, a, b)) =
    let val x = eval env a and y = eval env b in
      case c of
        #"+" => x + y | #"-" => x - y | #"*" => x * y
      | #"/" => x div y | #"%" => x mod y
      | _ => raise Fail "operator"
    end

fun show (Num n) = Int.toString n
  | show (Name x) = x
  | show (Negate e) = "~" ^ show e
  | show (Let (x, a, b)) = "let " ^ x ^ " = " ^ show a ^ " in " ^ show b ^ " end"
  | show (Bin (c, a, b)) = "(" ^ show a ^ " " ^ str c ^ " " ^ show b ^ ")"

fun run s =
    (print (s ^ "\n  => ");
     let val e = parse s in
       print (show e ^ "\n  = " ^ Int.toString (eval [] e) ^ "\n")
     end)
    handle LexError (i, c) => print ("lex error at " ^ Int.toString i ^ ": " ^ Char.toString c ^ "\n")
         | ParseError m => print ("parse error: " ^ m ^ "\n")
         | Unbound x => print ("unbound variable " ^ x ^ "\n")
         | Div => print "division by zero\n"

val _ = app run
  [ "1 + 2 * 3",
    "(1 + 2) * 3",
    "-7 / 2",
    "-7 % 2",
    "let x = 5 in x * x - 1 end",
    "let x = 2 in let y = x * 10 in y + x end end",
    "let x = 1 in let x = x + 1 in x * 100 end + x end",
    "10 / (5 - 5)",
    "3 + y",
    "2 * (3 + 4",
    "4 $ 4",
    "1 2",
    "let in",
    "100 - 1 - 2 - 3",
    "2 * 3 % 4 * 5" ]

val toks = lex "let abc = 42 in abc end"
val _ = print (String.concatWith " | " (map tokenName toks) ^ "\n")
val _ = print (Int.toString (eval [] (parse "4611686018427387903 + 1")) ^ "\n")
