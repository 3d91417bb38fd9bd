(* an RPN calculator over tokens, with a stack as a list, errors as
   exceptions with arguments, and an infix-to-RPN converter (shunting yard) *)
exception StackUnderflow of string
exception BadToken of string
exception DivByZero
fun apply (op', stack) =
  case stack of
    b :: a :: rest =>
      (case op' of
         "+" => a + b :: rest
       | "-" => a - b :: rest
       | "*" => a * b :: rest
       | "/" => if b = 0 then raise DivByZero else a div b :: rest
       | "%" => if b = 0 then raise DivByZero else a mod b :: rest
       | _ => raise BadToken op')
  | _ => raise StackUnderflow op'
fun step (tok, stack) =
  case Int.fromString tok of
    SOME n => n :: stack
  | NONE => (case tok of
               "dup" => (case stack of x :: r => x :: x :: r | [] => raise StackUnderflow tok)
             | "swap" => (case stack of x :: y :: r => y :: x :: r | _ => raise StackUnderflow tok)
             | "neg" => (case stack of x :: r => ~x :: r | [] => raise StackUnderflow tok)
             | _ => apply (tok, stack))
fun rpn s =
  case foldl step [] (String.tokens Char.isSpace s) of
    [x] => Int.toString x
  | [] => "empty"
  | x :: _ => Int.toString x ^ " (stack not empty)"
fun run s = print (s ^ " => " ^ (rpn s
              handle StackUnderflow t => "underflow at " ^ t
                   | BadToken t => "bad token " ^ t
                   | DivByZero => "division by zero") ^ "\n")
val _ = app run ["3 4 +", "5 1 2 + 4 * + 3 -", "2 dup *", "1 2 swap -", "7 neg 2 /", "1 +", "4 0 /", "2 3 ^", "", "1 2 3"]
fun precOf "+" = 1 | precOf "-" = 1 | precOf "*" = 2 | precOf "/" = 2 | precOf _ = 0
fun lex s =
  let fun go ([], acc) = rev acc
        | go (c :: cs, acc) =
            if Char.isSpace c then go (cs, acc)
            else if Char.isDigit c then
              let fun num (d :: ds, n) = if Char.isDigit d then num (ds, n ^ str d) else (n, d :: ds)
                    | num ([], n) = (n, [])
                  val (n, rest) = num (cs, str c)
              in go (rest, n :: acc) end
            else go (cs, str c :: acc)
  in go (explode s, []) end
fun toRpn tokens =
  let fun go ([], out, ops) = rev out @ ops
        | go (t :: ts, out, ops) =
            if t = "(" then go (ts, out, t :: ops)
            else if t = ")" then
              let fun pop (out, "(" :: ops) = (out, ops)
                    | pop (out, o' :: ops) = pop (o' :: out, ops)
                    | pop (_, []) = raise BadToken ")"
                  val (out', ops') = pop (out, ops)
              in go (ts, out', ops') end
            else if precOf t > 0 then
              let fun pop (out, o' :: ops) = if precOf o' >= precOf t then pop (o' :: out, ops) else (out, o' :: ops)
                    | pop (out, []) = (out, [])
                  val (out', ops') = pop (out, ops)
              in go (ts, out', t :: ops') end
            else go (ts, t :: out, ops)
  in go (tokens, [], []) end
fun calc s = let val r = String.concatWith " " (toRpn (lex s)) in print (s ^ " -> " ^ r ^ " -> "); run r end
val _ = app calc ["1 + 2 * 3", "(1 + 2) * 3", "100 / (4 - 2) / 5", "2 * (3 + 4) * (5 - 1)", "10 - 4 - 3"]
val _ = calc "(1 + 2"
val _ = calc "1 + 2)"
