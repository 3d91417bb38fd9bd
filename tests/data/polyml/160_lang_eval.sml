(* A tokenizer, recursive-descent parser and evaluator for a small
   expression language with let/fun/if, reporting errors by exceptions. *)

datatype token =
    TNum of int | TId of string | TSym of string
  | TLet | TIn | TEnd | TFun | TIf | TThen | TElse | TEOF

exception LexError of int * string
exception ParseError of string
exception EvalError of string

fun tokToString (TNum n) = "num " ^ Int.toString n
  | tokToString (TId s) = "id " ^ s
  | tokToString (TSym s) = "'" ^ s ^ "'"
  | tokToString TLet = "let" | tokToString TIn = "in"
  | tokToString TEnd = "end" | tokToString TFun = "fun"
  | tokToString TIf = "if" | tokToString TThen = "then"
  | tokToString TElse = "else" | tokToString TEOF = "<eof>"

local
  fun keyword "let" = TLet | keyword "in" = TIn | keyword "end" = TEnd
    | keyword "fun" = TFun | keyword "if" = TIf | keyword "then" = TThen
    | keyword "else" = TElse | keyword s = TId s
  val twoChar = ["<=", ">=", "==", "<>", "->"]
in
  fun tokenize (s : string) : token list =
    let
      val n = size s
      fun peek i = if i < n then SOME (String.sub (s, i)) else NONE
      fun scan i acc =
        case peek i of
          NONE => rev (TEOF :: acc)
        | SOME c =>
            if Char.isSpace c then scan (i + 1) acc
            else if Char.isDigit c then
              let fun go j = if j < n andalso Char.isDigit (String.sub (s, j)) then go (j + 1) else j
                  val j = go i
              in scan j (TNum (valOf (Int.fromString (String.substring (s, i, j - i)))) :: acc) end
            else if Char.isAlpha c then
              let fun go j = if j < n andalso (Char.isAlphaNum (String.sub (s, j)) orelse String.sub (s, j) = #"_")
                             then go (j + 1) else j
                  val j = go i
              in scan j (keyword (String.substring (s, i, j - i)) :: acc) end
            else if i + 1 < n andalso List.exists (fn t => t = String.substring (s, i, 2)) twoChar then
              scan (i + 2) (TSym (String.substring (s, i, 2)) :: acc)
            else if Char.contains "+-*/()=<>,%" c then scan (i + 1) (TSym (str c) :: acc)
            else raise LexError (i, "unexpected character " ^ Char.toString c)
    in scan 0 [] end
end

datatype expr =
    Num of int
  | Var of string
  | Bin of string * expr * expr
  | If of expr * expr * expr
  | Let of string * expr * expr
  | LetFun of string * string list * expr * expr
  | App of expr * expr list

(* The parser threads the remaining token list through every function. *)
fun expect (t, tok :: rest) =
      if t = tok then rest
      else raise ParseError ("expected " ^ tokToString t ^ " but found " ^ tokToString tok)
  | expect (t, []) = raise ParseError ("expected " ^ tokToString t ^ " at end")

fun parseExpr toks =
  case toks of
    TLet :: TFun :: TId f :: rest =>
      let
        fun params (TId x :: r) acc = params r (x :: acc)
          | params r acc = (rev acc, r)
        val (ps, r1) = params rest []
        val r2 = expect (TSym "=", r1)
        val (body, r3) = parseExpr r2
        val r4 = expect (TIn, r3)
        val (e, r5) = parseExpr r4
      in (LetFun (f, ps, body, e), expect (TEnd, r5)) end
  | TLet :: TId x :: TSym "=" :: rest =>
      let val (e1, r1) = parseExpr rest
          val (e2, r2) = parseExpr (expect (TIn, r1))
      in (Let (x, e1, e2), expect (TEnd, r2)) end
  | TLet :: t :: _ => raise ParseError ("bad let: " ^ tokToString t)
  | TIf :: rest =>
      let val (c, r1) = parseExpr rest
          val (a, r2) = parseExpr (expect (TThen, r1))
          val (b, r3) = parseExpr (expect (TElse, r2))
      in (If (c, a, b), r3) end
  | _ => parseCmp toks

and parseCmp toks =
  let val (l, r) = parseAdd toks
  in case r of
       TSym op_ :: r' =>
         if List.exists (fn c => c = op_) ["<", ">", "<=", ">=", "==", "<>"] then
           let val (rhs, r'') = parseAdd r' in (Bin (op_, l, rhs), r'') end
         else (l, r)
     | _ => (l, r)
  end

and parseAdd toks =
  let
    fun loop (lhs, TSym "+" :: r) =
          let val (rhs, r') = parseMul r in loop (Bin ("+", lhs, rhs), r') end
      | loop (lhs, TSym "-" :: r) =
          let val (rhs, r') = parseMul r in loop (Bin ("-", lhs, rhs), r') end
      | loop res = res
  in loop (parseMul toks) end

and parseMul toks =
  let
    fun loop (lhs, (t as TSym sym) :: r) =
          if sym = "*" orelse sym = "/" orelse sym = "%" then
            let val (rhs, r') = parseApp r in loop (Bin (sym, lhs, rhs), r') end
          else (lhs, t :: r)
      | loop res = res
  in loop (parseApp toks) end

and parseApp toks =
  let val (f, r) = parseAtom toks
  in case r of
       TSym "(" :: r' =>
         let
           fun args (TSym ")" :: r'') acc = (rev acc, r'')
             | args r'' acc =
                 let val (a, r3) = parseExpr r''
                 in case r3 of
                      TSym "," :: r4 => args r4 (a :: acc)
                    | TSym ")" :: r4 => (rev (a :: acc), r4)
                    | t :: _ => raise ParseError ("in arguments: " ^ tokToString t)
                    | [] => raise ParseError "in arguments: end"
                 end
           val (as_, r'') = args r' []
         in (App (f, as_), r'') end
     | _ => (f, r)
  end

and parseAtom (TNum n :: r) = (Num n, r)
  | parseAtom (TId x :: r) = (Var x, r)
  | parseAtom (TSym "-" :: r) = let val (e, r') = parseAtom r in (Bin ("-", Num 0, e), r') end
  | parseAtom (TSym "(" :: r) =
      let val (e, r') = parseExpr r in (e, expect (TSym ")", r')) end
  | parseAtom (t :: _) = raise ParseError ("unexpected " ^ tokToString t)
  | parseAtom [] = raise ParseError "unexpected end"

fun parse s =
  case parseExpr (tokenize s) of
    (e, [TEOF]) => e
  | (_, t :: _) => raise ParseError ("trailing " ^ tokToString t)
  | (_, []) => raise ParseError "no eof"

datatype value = IntV of int | Closure of string list * expr * (string * value) list ref
type env = (string * value) list

fun lookup x [] = raise EvalError ("unbound " ^ x)
  | lookup x ((y, v) :: rest) = if x = y then v else lookup x rest

fun showValue (IntV n) = if n < 0 then "-" ^ Int.toString (~n) else Int.toString n
  | showValue (Closure (ps, _, _)) = "<fn/" ^ Int.toString (length ps) ^ ">"

val steps = ref 0

fun eval env e =
  (steps := !steps + 1;
   case e of
     Num n => IntV n
   | Var x => lookup x env
   | Bin (oper, a, b) =>
       (case (eval env a, eval env b) of
          (IntV x, IntV y) =>
            (case oper of
               "+" => IntV (x + y) | "-" => IntV (x - y) | "*" => IntV (x * y)
             | "/" => (IntV (x div y) handle Div => raise EvalError "division by zero")
             | "%" => (IntV (x mod y) handle Div => raise EvalError "modulo by zero")
             | "<" => IntV (if x < y then 1 else 0)
             | ">" => IntV (if x > y then 1 else 0)
             | "<=" => IntV (if x <= y then 1 else 0)
             | ">=" => IntV (if x >= y then 1 else 0)
             | "==" => IntV (if x = y then 1 else 0)
             | "<>" => IntV (if x <> y then 1 else 0)
             | _ => raise EvalError ("operator " ^ oper))
        | _ => raise EvalError ("operands of " ^ oper ^ " must be integers"))
   | If (c, a, b) =>
       (case eval env c of
          IntV 0 => eval env b
        | IntV _ => eval env a
        | v => raise EvalError ("condition is " ^ showValue v))
   | Let (x, e1, e2) => eval ((x, eval env e1) :: env) e2
   | LetFun (f, ps, body, rest) =>
       let val r = ref env
           val clo = Closure (ps, body, r)
           val env' = (f, clo) :: env
       in r := env'; eval env' rest end
   | App (f, args) =>
       (case eval env f of
          Closure (ps, body, r) =>
            let val vs = map (eval env) args
            in eval (ListPair.zipEq (ps, vs) @ !r) body
               handle ListPair.UnequalLengths =>
                 raise EvalError ("arity: expected " ^ Int.toString (length ps)
                                  ^ ", got " ^ Int.toString (length vs))
            end
        | IntV n => raise EvalError ("applying the integer " ^ Int.toString n)))

fun run src =
  let val () = steps := 0
      val v = eval [] (parse src)
  in print (showValue v ^ "  [" ^ Int.toString (!steps) ^ " steps]\n") end
  handle LexError (i, m) => print ("lex error at " ^ Int.toString i ^ ": " ^ m ^ "\n")
       | ParseError m => print ("parse error: " ^ m ^ "\n")
       | EvalError m => print ("eval error: " ^ m ^ "\n")

val programs = [
  "1 + 2 * 3",
  "(1 + 2) * 3 - -4",
  "let x = 5 in x * x end",
  "let fun fact n = if n <= 1 then 1 else n * fact(n - 1) in fact(10) end",
  "let fun fib n = if n < 2 then n else fib(n-1) + fib(n-2) in fib(15) end",
  "let fun gcd a b = if b == 0 then a else gcd(b, a % b) in gcd(1071, 462) end",
  "let fun ack m n = if m == 0 then n + 1 else if n == 0 then ack(m - 1, 1) else ack(m - 1, ack(m, n - 1)) in ack(2, 3) end",
  "let fun twice f x = f(f(x)) in let fun inc n = n + 1 in twice(inc, 40) end end",
  "let fun compose f g = let fun h x = f(g(x)) in h end in let fun dbl x = 2 * x in compose(dbl, dbl)(7) end end",
  "10 / (5 - 5)",
  "7 % 0",
  "let x = 1 in y end",
  "let fun f a b = a in f(1) end",
  "3(4)",
  "let fun f x = x in if f then 1 else 2 end",
  "1 + * 2",
  "let x = 3 x end",
  "1 # 2",
  "(1 + 2",
  "1 2",
  "-7 / 2",
  "-7 % 2",
  "let fun sum n = if n == 0 then 0 else n + sum(n - 1) in sum(500) end"
]

val () = List.app run programs
val () = print ("tokens: " ^ String.concatWith " " (map tokToString (tokenize "let fun f x = x <= 2 in f(1) end")) ^ "\n")
(* The last one is not handled: an uncaught exception ends the program. *)
val _ = eval [] (parse "let fun loop n = if n == 0 then zz else loop(n - 1) in loop(3) end")
val () = print "not reached\n"
