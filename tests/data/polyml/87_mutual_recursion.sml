(* A small imperative language with mutually recursive datatypes
   (statements, expressions, blocks) and a mutually recursive
   interpreter (fun ... and ... and ...), with while loops, procedures
   and a mutually recursive pretty-printer *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
datatype exp = Int of int | Var of string | Bin of char * exp * exp | Call of string * exp list | Cond of exp * block * block
and stmt = Assign of string * exp | While of exp * block | Print of exp | Return of exp | Do of block
and block = Block of stmt list
datatype proc = Proc of string * string list * block
exception ReturnValue of int
exception Unknown of string
fun lookup (x, []) = raise Unknown x | lookup (x, (y, v) :: r) = if x = y then v else lookup (x, r)
fun update (x, v, []) = [(x, ref v)] | update (x, v, env as (y, r) :: rest) = if x = y then (r := v; env) else (y, r) :: update (x, v, rest)
fun evalExp procs env e =
  case e of
    Int n => n
  | Var x => !(lookup (x, !env))
  | Bin (#"+", a, b) => evalExp procs env a + evalExp procs env b
  | Bin (#"-", a, b) => evalExp procs env a - evalExp procs env b
  | Bin (#"*", a, b) => evalExp procs env a * evalExp procs env b
  | Bin (#"<", a, b) => if evalExp procs env a < evalExp procs env b then 1 else 0
  | Bin (#"%", a, b) => evalExp procs env a mod evalExp procs env b
  | Bin (c, _, _) => raise Unknown (str c)
  | Call (f, args) => callProc procs (f, map (evalExp procs env) args)
  | Cond (c, t, f) => if evalExp procs env c <> 0 then evalBlockValue procs env t else evalBlockValue procs env f
and evalBlockValue procs env b = (execBlock procs env b; 0) handle ReturnValue v => v
and execStmt procs env s =
  case s of
    Assign (x, e) => let val v = evalExp procs env e in env := update (x, v, !env) end
  | While (c, b) => while evalExp procs env c <> 0 do execBlock procs env b
  | Print e => p (i (evalExp procs env e))
  | Return e => raise ReturnValue (evalExp procs env e)
  | Do b => execBlock procs env b
and execBlock procs env (Block ss) = app (execStmt procs env) ss
and callProc procs (f, args) =
  case List.find (fn Proc (name, _, _) => name = f) procs of
    NONE => raise Unknown f
  | SOME (Proc (_, params, body)) =>
      let val env = ref (ListPair.map (fn (x, v) => (x, ref v)) (params, args))
      in evalBlockValue procs env body end
fun showExp (Int n) = i n
  | showExp (Var x) = x
  | showExp (Bin (c, a, b)) = "(" ^ showExp a ^ " " ^ str c ^ " " ^ showExp b ^ ")"
  | showExp (Call (f, args)) = f ^ "(" ^ String.concatWith ", " (map showExp args) ^ ")"
  | showExp (Cond (c, t, f)) = "if " ^ showExp c ^ " " ^ showBlock t ^ " else " ^ showBlock f
and showStmt (Assign (x, e)) = x ^ " := " ^ showExp e
  | showStmt (While (c, b)) = "while " ^ showExp c ^ " " ^ showBlock b
  | showStmt (Print e) = "print " ^ showExp e
  | showStmt (Return e) = "return " ^ showExp e
  | showStmt (Do b) = showBlock b
and showBlock (Block ss) = "{ " ^ String.concatWith "; " (map showStmt ss) ^ " }"
val fact = Proc ("fact", ["n"], Block [Return (Cond (Bin (#"<", Var "n", Int 2), Block [Return (Int 1)], Block [Return (Bin (#"*", Var "n", Call ("fact", [Bin (#"-", Var "n", Int 1)])))]))])
val isEven = Proc ("even", ["n"], Block [Return (Cond (Bin (#"<", Var "n", Int 1), Block [Return (Int 1)], Block [Return (Call ("odd", [Bin (#"-", Var "n", Int 1)]))]))])
val isOdd = Proc ("odd", ["n"], Block [Return (Cond (Bin (#"<", Var "n", Int 1), Block [Return (Int 0)], Block [Return (Call ("even", [Bin (#"-", Var "n", Int 1)]))]))])
val collatz = Proc ("collatz", ["n"], Block [Assign ("steps", Int 0),
                  While (Bin (#"<", Int 1, Var "n"), Block [Assign ("steps", Bin (#"+", Var "steps", Int 1)),
                         Assign ("n", Cond (Bin (#"%", Var "n", Int 2), Block [Return (Bin (#"+", Bin (#"*", Int 3, Var "n"), Int 1))], Block [Return (Call ("half", [Var "n"]))]))]),
                  Return (Var "steps")])
val half = Proc ("half", ["n"], Block [Assign ("q", Int 0), While (Bin (#"<", Bin (#"*", Int 2, Bin (#"+", Var "q", Int 1)), Bin (#"+", Var "n", Int 1)), Block [Assign ("q", Bin (#"+", Var "q", Int 1))]), Return (Var "q")])
val procs = [fact, isEven, isOdd, collatz, half]
val main = Block [Print (Call ("fact", [Int 10])), Print (Call ("even", [Int 10])), Print (Call ("odd", [Int 7])),
                  Print (Call ("collatz", [Int 7])), Print (Call ("collatz", [Int 1])), Print (Call ("half", [Int 101])), Do (Block [Print (Int ~1)])]
val _ = execBlock procs (ref []) main
val _ = p (showBlock main)
val _ = app (fn Proc (n, ps, b) => p (n ^ "(" ^ String.concatWith ", " ps ^ ") " ^ showBlock b)) [fact, half]
val _ = (execBlock procs (ref []) (Block [Print (Call ("nope", []))])) handle Unknown x => p ("unknown " ^ x)
val _ = (execBlock procs (ref []) (Block [Print (Bin (#"/", Int 1, Int 2))])) handle Unknown x => p ("unknown operator " ^ x)
val _ = (execBlock procs (ref []) (Block [Print (Var "y")])) handle Unknown x => p ("unbound " ^ x)
