(* Parsing combinators in the manner of Paulson, "ML for the Working
   Programmer", chapter 9 ("Writing Interpreters for the lambda-calculus"):
   the infix operators -- (sequence), >> (apply), || (alternative) and $--
   with their precedences, $ for keywords, repeat, and a parser for
   arithmetic expressions with let over a token datatype. The structure
   Parse is flattened to top-level declarations. *)

datatype token = Key of string | Id of string | Num of int

exception SyntaxErr of string

fun lex s =
  let
    fun span p (c :: cs, acc) = if p c then span p (cs, c :: acc) else (implode (rev acc), c :: cs)
      | span p ([], acc) = (implode (rev acc), [])
    fun go [] = []
      | go (c :: cs) =
          if Char.isSpace c then go cs
          else if Char.isDigit c then
            let val (ds, rest) = span Char.isDigit (cs, [c])
            in Num (valOf (Int.fromString ds)) :: go rest end
          else if Char.isAlpha c then
            let val (w, rest) = span Char.isAlphaNum (cs, [c])
            in (if w = "let" orelse w = "in" orelse w = "end" then Key w else Id w) :: go rest end
          else Key (str c) :: go cs
  in go (explode s) end

infix 6 $--
infix 5 --
infix 3 >>
infix 0 ||

fun id (Id a :: toks) = (a, toks)
  | id _ = raise SyntaxErr "Identifier expected"

fun num (Num n :: toks) = (n, toks)
  | num _ = raise SyntaxErr "Number expected"

fun $ a (Key b :: toks) = if a = b then (a, toks) else raise SyntaxErr ("Symbol " ^ a ^ " expected")
  | $ a _ = raise SyntaxErr ("Symbol " ^ a ^ " expected")

fun empty toks = ([], toks)

fun (ph1 || ph2) toks = ph1 toks handle SyntaxErr _ => ph2 toks

fun (ph1 -- ph2) toks =
  let val (x, toks2) = ph1 toks
      val (y, toks3) = ph2 toks2
  in ((x, y), toks3) end

fun (ph >> f) toks =
  let val (x, toks2) = ph toks
  in (f x, toks2) end

fun (a $-- ph) = ($ a -- ph) >> (fn (_, x) => x)

fun repeat ph toks = (ph -- repeat ph >> (op ::) || empty) toks

fun reader ph a =
  case ph (lex a) of
      (x, []) => x
    | (_, _ :: _) => raise SyntaxErr "Extra characters in phrase"

(* abstract syntax and the grammar
     exp  = term { (+|-) term }     term = atom { * atom }
     atom = num | id | ( exp ) | let id = exp in exp end      *)
datatype exp = Const of int | Var of string | Bin of string * exp * exp | Let of string * exp * exp

fun foldOps (e, []) = e
  | foldOps (e, (opr, e') :: rest) = foldOps (Bin (opr, e, e'), rest)

fun exp toks = (term -- repeat (($ "+" || $ "-") -- term) >> foldOps) toks
and term toks = (atom -- repeat ($ "*" -- atom) >> foldOps) toks
and atom toks =
  (   num >> Const
   || id >> Var
   || "(" $-- exp -- $ ")" >> (fn (e, _) => e)
   || "let" $-- id -- "=" $-- exp -- "in" $-- exp -- $ "end"
        >> (fn (((x, e1), e2), _) => Let (x, e1, e2))
  ) toks

fun show (Const n) = Int.toString n
  | show (Var x) = x
  | show (Bin (opr, a, b)) = "(" ^ show a ^ " " ^ opr ^ " " ^ show b ^ ")"
  | show (Let (x, a, b)) = "let " ^ x ^ " = " ^ show a ^ " in " ^ show b ^ " end"

fun eval env (Const n) = n
  | eval env (Var x) = (case List.find (fn (y, _) => x = y) env of
                            SOME (_, v) => v
                          | NONE => raise SyntaxErr ("unbound " ^ x))
  | eval env (Bin ("+", a, b)) = eval env a + eval env b
  | eval env (Bin ("-", a, b)) = eval env a - eval env b
  | eval env (Bin (_, a, b)) = eval env a * eval env b
  | eval env (Let (x, a, b)) = eval ((x, eval env a) :: env) b

fun try s =
  let val e = reader exp s
  in print (show e ^ " = " ^ Int.toString (eval [] e) ^ "\n") end
  handle SyntaxErr msg => print ("error in \"" ^ s ^ "\": " ^ msg ^ "\n")

val _ = try "1 + 2 * 3"
val _ = try "(1 + 2) * 3 - 4 - 5"
val _ = try "let x = 5 in x * x + 1 end"
val _ = try "let a = 2 in let b = a * 10 in b - a end end"
val _ = try "2 * (3"
val _ = try "1 + + 2"
val _ = try "x + 1"
val _ = try "7 7"
val _ = print (Int.toString (length (lex "let abc1 = (42*x) in abc1 end")) ^ " tokens\n")
val _ = reader exp "let = 3"
