(* An interpreter for a small expression language with environments as
   association lists, first-class closures, let, recursive functions
   through a letrec form, pairs and a runtime error exception carrying a
   message; values are printed by a recursive show function. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Num of int | Bool of bool | Var of string
             | Prim of string * exp * exp
             | If of exp * exp * exp
             | Let of string * exp * exp
             | Fn of string * exp
             | App of exp * exp
             | LetRec of string * string * exp * exp
             | Pair of exp * exp | Fst of exp | Snd of exp

datatype value = IntV of int | BoolV of bool | PairV of value * value
               | Closure of string * exp * env ref
withtype env = (string * value) list

exception RuntimeError of string

fun lookup (x, []) = raise RuntimeError ("unbound " ^ x)
  | lookup (x, (y, v) :: rest) = if x = y then v else lookup (x, rest)

fun show (IntV n) = pi n
  | show (BoolV b) = Bool.toString b
  | show (PairV (a, b)) = "(" ^ show a ^ ", " ^ show b ^ ")"
  | show (Closure (x, _, _)) = "<fn " ^ x ^ ">"

fun prim ("+", IntV a, IntV b) = IntV (a + b)
  | prim ("-", IntV a, IntV b) = IntV (a - b)
  | prim ("*", IntV a, IntV b) = IntV (a * b)
  | prim ("/", IntV _, IntV 0) = raise RuntimeError "division by zero"
  | prim ("/", IntV a, IntV b) = IntV (a div b)
  | prim ("<", IntV a, IntV b) = BoolV (a < b)
  | prim ("=", IntV a, IntV b) = BoolV (a = b)
  | prim ("=", BoolV a, BoolV b) = BoolV (a = b)
  | prim (p, a, b) = raise RuntimeError ("bad operands for " ^ p ^ ": " ^ show a ^ ", " ^ show b)

fun eval env e =
    case e of
        Num n => IntV n
      | Bool b => BoolV b
      | Var x => lookup (x, env)
      | Prim (p, a, b) => prim (p, eval env a, eval env b)
      | If (c, t, f) => (case eval env c of
                             BoolV true => eval env t
                           | BoolV false => eval env f
                           | v => raise RuntimeError ("if on " ^ show v))
      | Let (x, a, b) => eval ((x, eval env a) :: env) b
      | Fn (x, b) => Closure (x, b, ref env)
      | App (f, a) =>
          (case eval env f of
               Closure (x, b, cenv) => eval ((x, eval env a) :: !cenv) b
             | v => raise RuntimeError ("apply non-function " ^ show v))
      | LetRec (f, x, b, body) =>
          let val r = ref []
              val clo = Closure (x, b, r)
          in r := (f, clo) :: env; eval ((f, clo) :: env) body end
      | Pair (a, b) => PairV (eval env a, eval env b)
      | Fst p => (case eval env p of PairV (a, _) => a | v => raise RuntimeError ("fst of " ^ show v))
      | Snd p => (case eval env p of PairV (_, b) => b | v => raise RuntimeError ("snd of " ^ show v))

fun run (name, e) =
    pr (name ^ " => " ^ (show (eval [] e) handle RuntimeError m => "error: " ^ m))

val fact = LetRec ("fact", "n", If (Prim ("<", Var "n", Num 1), Num 1,
                                    Prim ("*", Var "n", App (Var "fact", Prim ("-", Var "n", Num 1)))),
                   App (Var "fact", Num 10))
val fib = LetRec ("fib", "n", If (Prim ("<", Var "n", Num 2), Var "n",
                                  Prim ("+", App (Var "fib", Prim ("-", Var "n", Num 1)),
                                             App (Var "fib", Prim ("-", Var "n", Num 2)))),
                  Pair (App (Var "fib", Num 10), App (Var "fib", Num 13)))
val adder = Let ("add", Fn ("a", Fn ("b", Prim ("+", Var "a", Var "b"))),
                 Let ("inc", App (Var "add", Num 1),
                      Pair (App (Var "inc", Num 41), App (App (Var "add", Num 2), Num 3))))
val scoping = Let ("x", Num 1,
                   Let ("f", Fn ("y", Prim ("+", Var "x", Var "y")),
                        Let ("x", Num 100, App (Var "f", Var "x"))))
val compose = Let ("compose", Fn ("f", Fn ("g", Fn ("x", App (Var "f", App (Var "g", Var "x"))))),
                   App (App (App (Var "compose", Fn ("n", Prim ("*", Var "n", Num 2))),
                             Fn ("n", Prim ("+", Var "n", Num 3))), Num 4))
val sumTo = LetRec ("sum", "p",
                    If (Prim ("=", Fst (Var "p"), Num 0), Snd (Var "p"),
                        App (Var "sum", Pair (Prim ("-", Fst (Var "p"), Num 1),
                                              Prim ("+", Snd (Var "p"), Fst (Var "p"))))),
                    App (Var "sum", Pair (Num 300, Num 0)))

val _ = app run [("fact 10", fact), ("fib 10, 13", fib), ("curried add", adder),
                 ("static scope", scoping), ("compose", compose), ("sum 1..300", sumTo),
                 ("closure value", Fn ("z", Var "z")),
                 ("unbound", Prim ("+", Num 1, Var "y")),
                 ("div zero", Prim ("/", Num 7, Prim ("-", Num 2, Num 2))),
                 ("type error", Prim ("+", Num 1, Bool true)),
                 ("if non-bool", If (Num 0, Num 1, Num 2)),
                 ("apply int", App (Num 3, Num 4)),
                 ("fst of int", Fst (Num 9)),
                 ("bool eq", Prim ("=", Bool true, Prim ("<", Num 1, Num 2)))]
