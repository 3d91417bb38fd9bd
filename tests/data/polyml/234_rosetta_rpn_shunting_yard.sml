(* After the Rosetta Code tasks "Parsing/Shunting-yard algorithm" and
   "Parsing/RPN calculator algorithm": convert "3 + 4 * 2 / ( 1 - 5 ) ^ 2 ^ 3"
   to reverse Polish notation printing the stack at each token, then
   evaluate RPN with a list as the stack. Integer arithmetic (the task uses
   reals), ^ as exponentiation, right associative. *)

datatype assoc = LeftAssoc | RightAssoc

fun opInfo "^" = SOME (4, RightAssoc)
  | opInfo "*" = SOME (3, LeftAssoc)
  | opInfo "/" = SOME (3, LeftAssoc)
  | opInfo "+" = SOME (2, LeftAssoc)
  | opInfo "-" = SOME (2, LeftAssoc)
  | opInfo _ = NONE

exception Mismatched of string

fun shuntingYard tokens =
  let
    fun show (out, stack) = print (StringCvt.padRight #" " 24 (String.concatWith " " (rev out))
                                   ^ " | " ^ String.concatWith " " stack ^ "\n")
    fun popWhile (tok, out, stack) =
      case (opInfo tok, stack) of
          (SOME (p, a), top :: rest) =>
            (case opInfo top of
                 SOME (q, _) =>
                   if q > p orelse (q = p andalso a = LeftAssoc)
                   then popWhile (tok, top :: out, rest)
                   else (out, stack)
               | NONE => (out, stack))
        | _ => (out, stack)
    fun go ([], out, stack) =
          let fun flush (out, []) = rev out
                | flush (out, "(" :: _) = raise Mismatched "("
                | flush (out, t :: ts) = flush (t :: out, ts)
          in flush (out, stack) end
      | go (tok :: toks, out, stack) =
          let val (out', stack') =
                case tok of
                    "(" => (out, "(" :: stack)
                  | ")" =>
                      let fun unwind (out, "(" :: rest) = (out, rest)
                            | unwind (out, t :: rest) = unwind (t :: out, rest)
                            | unwind (_, []) = raise Mismatched ")"
                      in unwind (out, stack) end
                  | _ => (case opInfo tok of
                              SOME _ => let val (o', s') = popWhile (tok, out, stack)
                                        in (o', tok :: s') end
                            | NONE => (tok :: out, stack))
          in print (StringCvt.padRight #" " 3 tok); show (out', stack'); go (toks, out', stack') end
  in go (tokens, [], []) end

fun pow (b, 0) = 1
  | pow (b, e) = b * pow (b, e - 1)

fun evalRPN tokens =
  let
    fun step (tok, stack) =
      let val stack' =
            case (tok, stack) of
                ("+", y :: x :: s) => x + y :: s
              | ("-", y :: x :: s) => x - y :: s
              | ("*", y :: x :: s) => x * y :: s
              | ("/", y :: x :: s) => x div y :: s
              | ("^", y :: x :: s) => pow (x, y) :: s
              | (t, s) => (case Int.fromString t of
                               SOME n => n :: s
                             | NONE => raise Fail ("bad token " ^ t))
      in
        print (tok ^ "\t" ^ String.concatWith " " (map Int.toString (rev stack')) ^ "\n");
        stack'
      end
  in
    case foldl step [] tokens of
        [v] => v
      | _ => raise Fail "stack"
  end

val infix1 = "3 + 4 * 2 / ( 1 - 5 ) ^ 2 ^ 3"
val rpn = shuntingYard (String.tokens (fn c => c = #" ") infix1)
val _ = print ("RPN: " ^ String.concatWith " " rpn ^ "\n")
val _ = print ("value: " ^ Int.toString (evalRPN rpn) ^ "\n")
val _ = print ("value: " ^ Int.toString (evalRPN (String.tokens Char.isSpace "3 4 2 * 1 5 - 2 3 ^ ^ / +")) ^ "\n")
val rpn2 = shuntingYard (String.tokens Char.isSpace "( 1 + 2 ) * ( 3 + 4 ) - 2 ^ 3")
val _ = print ("value: " ^ Int.toString (evalRPN rpn2) ^ "\n")
val _ = (shuntingYard ["(", "1", "+", "2"]; ()) handle Mismatched p => print ("mismatched " ^ p ^ "\n")
val _ = evalRPN ["1", "+"]
