(* A small first-order language read from text and run, after the simple
   interpreters of the MLKit's test suite: a lexer over a string with
   positions, a recursive-descent parser with precedence climbing, an
   evaluator with an environment of functions, and errors carried by
   exceptions with the position they were found at. *)
datatype token = NUM of int | ID of string | SYM of string | KW of string | EOF
datatype exp = Const of int | Name of string | Bin of string * exp * exp
             | If of exp * exp * exp | Let of string * exp * exp | Call of string * exp list

exception Error of int * string

val keywords = ["if", "then", "else", "let", "in", "end", "fun"]

fun lex s =
  let val n = size s
      fun at i = if i < n then String.sub (s, i) else #"\000"
      fun go (i, acc) =
        if i >= n then rev ((EOF, i) :: acc)
        else let val c = at i in
          if Char.isSpace c then go (i + 1, acc)
          else if c = #"#" then let fun skip j = if j >= n orelse at j = #"\n" then j else skip (j + 1) in go (skip i, acc) end
          else if Char.isDigit c then
            let fun num (j, v) = if Char.isDigit (at j) then num (j + 1, v * 10 + ord (at j) - ord #"0") else (j, v)
                val (j, v) = num (i, 0) in go (j, (NUM v, i) :: acc) end
          else if Char.isAlpha c then
            let fun word j = if Char.isAlphaNum (at j) orelse at j = #"_" then word (j + 1) else j
                val j = word i
                val w = String.substring (s, i, j - i)
            in go (j, ((if List.exists (fn k => k = w) keywords then KW w else ID w), i) :: acc) end
          else
            let val two = if i + 1 < n then String.substring (s, i, 2) else ""
            in if List.exists (fn t => t = two) ["<=", "==", "!=", ">="] then go (i + 2, (SYM two, i) :: acc)
               else if Char.contains "+-*/%<>(),=;" c then go (i + 1, (SYM (str c), i) :: acc)
               else raise Error (i, "unexpected character " ^ Char.toString c)
            end
        end
  in go (0, []) end

fun prec "==" = 1 | prec "!=" = 1 | prec "<" = 2 | prec "<=" = 2 | prec ">" = 2 | prec ">=" = 2
  | prec "+" = 3 | prec "-" = 3 | prec "*" = 4 | prec "/" = 4 | prec "%" = 4 | prec _ = 0

fun describe (NUM n) = Int.toString n | describe (ID x) = x | describe (SYM s) = "'" ^ s ^ "'"
  | describe (KW k) = k | describe EOF = "the end"

fun expect (t, (t', p) :: rest) = if t = t' then rest else raise Error (p, "expected " ^ describe t ^ ", found " ^ describe t')
  | expect (t, []) = raise Error (0, "expected " ^ describe t)

fun parseExp ts = climb (parseAtom ts, 1)
and climb ((lhs, ts as (SYM s, _) :: rest), minPrec) =
      let val p = prec s in
        if p >= minPrec andalso p > 0 then
          let val (rhs, ts') = climb (parseAtom rest, p + 1)
          in climb ((Bin (s, lhs, rhs), ts'), minPrec) end
        else (lhs, ts)
      end
  | climb (done, _) = done
and parseAtom ((NUM n, _) :: ts) = (Const n, ts)
  | parseAtom ((SYM "-", _) :: ts) = let val (e, ts') = parseAtom ts in (Bin ("-", Const 0, e), ts') end
  | parseAtom ((SYM "(", _) :: ts) = let val (e, ts') = parseExp ts in (e, expect (SYM ")", ts')) end
  | parseAtom ((ID f, _) :: (SYM "(", _) :: ts) =
      let fun args ((SYM ")", _) :: ts, acc) = (rev acc, ts)
            | args (ts, acc) =
                let val (e, ts') = parseExp ts in
                  case ts' of
                    (SYM ",", _) :: ts'' => args (ts'', e :: acc)
                  | _ => (rev (e :: acc), expect (SYM ")", ts'))
                end
          val (es, ts') = args (ts, [])
      in (Call (f, es), ts') end
  | parseAtom ((ID x, _) :: ts) = (Name x, ts)
  | parseAtom ((KW "if", _) :: ts) =
      let val (c, ts1) = parseExp ts
          val (a, ts2) = parseExp (expect (KW "then", ts1))
          val (b, ts3) = parseExp (expect (KW "else", ts2))
      in (If (c, a, b), ts3) end
  | parseAtom ((KW "let", _) :: (ID x, _) :: ts) =
      let val (e, ts1) = parseExp (expect (SYM "=", ts))
          val (b, ts2) = parseExp (expect (KW "in", ts1))
      in (Let (x, e, b), expect (KW "end", ts2)) end
  | parseAtom ((t, p) :: _) = raise Error (p, "unexpected " ^ describe t)
  | parseAtom [] = raise Error (0, "nothing to parse")

fun parseProgram ts =
  case ts of
    (KW "fun", _) :: (ID f, _) :: (SYM "(", _) :: rest =>
      let fun params ((ID x, _) :: (SYM ",", _) :: ts, acc) = params (ts, x :: acc)
            | params ((ID x, _) :: (SYM ")", _) :: ts, acc) = (rev (x :: acc), ts)
            | params ((SYM ")", _) :: ts, acc) = (rev acc, ts)
            | params ((t, p) :: _, _) = raise Error (p, "bad parameter " ^ describe t)
            | params ([], _) = raise Error (0, "bad parameters")
          val (xs, ts1) = params (rest, [])
          val (body, ts2) = parseExp (expect (SYM "=", ts1))
          val (fns, main) = parseProgram (expect (SYM ";", ts2))
      in ((f, (xs, body)) :: fns, main) end
  | _ => let val (e, ts') = parseExp ts in ignore (expect (EOF, ts')); ([], e) end

exception Runtime of string
val calls = ref 0
fun eval fns env e =
  case e of
    Const n => n
  | Name x => (case List.find (fn (y, _) => y = x) env of SOME (_, v) => v | NONE => raise Runtime ("unbound " ^ x))
  | Bin (oper, a, b) =>
      let val x = eval fns env a and y = eval fns env b in
        case oper of
          "+" => x + y | "-" => x - y | "*" => x * y
        | "/" => (x div y handle Div => raise Runtime "division by zero")
        | "%" => (x mod y handle Div => raise Runtime "division by zero")
        | "<" => if x < y then 1 else 0 | "<=" => if x <= y then 1 else 0
        | ">" => if x > y then 1 else 0 | ">=" => if x >= y then 1 else 0
        | "==" => if x = y then 1 else 0 | "!=" => if x <> y then 1 else 0
        | _ => raise Runtime ("operator " ^ oper)
      end
  | If (c, a, b) => if eval fns env c <> 0 then eval fns env a else eval fns env b
  | Let (x, a, b) => eval fns ((x, eval fns env a) :: env) b
  | Call (f, args) =>
      (case List.find (fn (g, _) => g = f) fns of
         NONE => raise Runtime ("no function " ^ f)
       | SOME (_, (xs, body)) =>
           let val vs = map (eval fns env) args in
             if length xs <> length vs then raise Runtime (f ^ " takes " ^ Int.toString (length xs) ^ " arguments")
             else (calls := !calls + 1; eval fns (ListPair.zip (xs, vs)) body)
           end)

fun run src =
  let val (fns, main) = parseProgram (lex src)
      val _ = calls := 0
      val v = eval fns [] main
  in print (Int.toString v ^ " (" ^ Int.toString (!calls) ^ " calls)\n") end
  handle Error (p, msg) => print ("syntax error at " ^ Int.toString p ^ ": " ^ msg ^ "\n")
       | Runtime msg => print ("runtime error: " ^ msg ^ "\n")
       | Overflow => print "runtime error: overflow\n"

val _ = run "1 + 2 * 3 - 4"
val _ = run "(1 + 2) * 3 - -4 % 3"
val _ = run "fun fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2); fib(15)"
val _ = run "fun gcd(a, b) = if b == 0 then a else gcd(b, a % b); gcd(1071, 462) * 1000 + gcd(17, 5)"
val _ = run "fun ack(m, n) = if m == 0 then n + 1 else if n == 0 then ack(m - 1, 1) else ack(m - 1, ack(m, n - 1)); ack(2, 3)"
val _ = run "# comments run to the end of the line\nlet x = 5 in let y = x * x in y - x end end"
val _ = run "fun pow(b, e) = if e == 0 then 1 else b * pow(b, e - 1); pow(2, 61) + pow(2, 61)"
val _ = run "fun collatz(n, k) = if n == 1 then k else if n % 2 == 0 then collatz(n / 2, k + 1) else collatz(3 * n + 1, k + 1); collatz(97, 0)"
val _ = run "1 + * 2"
val _ = run "let x = 1 in x"
val _ = run "f(1)"
val _ = run "fun f(x) = x; f(1, 2)"
val _ = run "10 / (5 - 5)"
val _ = run "1 $ 2"
val _ = run "y + 1"
