(* An interpreter for a small functional language with closures:
   integers, booleans, variables, lambda, application, let, if,
   primitive operators and recursive functions (letrec via a ref cell in
   the environment). Run-time type errors raise Fail with a message;
   the last program is ill-typed and its Fail escapes uncaught. The
   value printer deliberately has no case for closures. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype term = I of int | B of bool | V of string | Lam of string * term | App of term * term
              | Let of string * term * term | If of term * term * term | Prim of string * term * term
              | LetRec of string * string * term * term
datatype value = IntV of int | BoolV of bool | Clo of string * term * env
and env = Env of (string * value ref) list

fun look (Env [], x) = raise Fail ("unbound " ^ x)
  | look (Env ((y, r) :: rest), x) = if x = y then !r else look (Env rest, x)
fun extend (Env bs, x, v) = Env ((x, ref v) :: bs)

val steps = ref 0
fun prim ("+", IntV a, IntV b) = IntV (a + b)
  | prim ("-", IntV a, IntV b) = IntV (a - b)
  | prim ("*", IntV a, IntV b) = IntV (a * b)
  | prim ("<", IntV a, IntV b) = BoolV (a < b)
  | prim ("=", IntV a, IntV b) = BoolV (a = b)
  | prim (p, _, _) = raise Fail ("bad operands for " ^ p)

fun eval (env, t) =
    (steps := !steps + 1;
     case t of
         I n => IntV n
       | B b => BoolV b
       | V x => look (env, x)
       | Lam (x, body) => Clo (x, body, env)
       | App (f, a) =>
           (case eval (env, f) of
                Clo (x, body, cenv) => eval (extend (cenv, x, eval (env, a)), body)
              | _ => raise Fail "applying a non-function")
       | Let (x, e, body) => eval (extend (env, x, eval (env, e)), body)
       | If (c, a, b) =>
           (case eval (env, c) of
                BoolV true => eval (env, a)
              | BoolV false => eval (env, b)
              | _ => raise Fail "if on a non-boolean")
       | Prim (p, a, b) => prim (p, eval (env, a), eval (env, b))
       | LetRec (f, x, body, rest) =>
           let val Env bs = env
               val cell = ref (IntV 0)
               val env' = Env ((f, cell) :: bs)
           in cell := Clo (x, body, env'); eval (env', rest) end)

(* deliberately non-exhaustive: closures are not printable *)
fun show (IntV n) = pi n
  | show (BoolV b) = Bool.toString b

fun run (name, t) =
    (steps := 0;
     pr (name ^ " => " ^ (show (eval (Env [], t)) handle Fail m => "error: " ^ m | Match => "<closure>")
         ^ "  [" ^ pi (!steps) ^ " steps]"))

val progs =
  [("arith", Prim ("+", I 2, Prim ("*", I 3, I 4))),
   ("let", Let ("x", I 5, Let ("y", Prim ("*", V "x", V "x"), Prim ("-", V "y", V "x")))),
   ("apply", App (Lam ("n", Prim ("+", V "n", I 1)), I 41)),
   ("curried", App (App (Lam ("a", Lam ("b", Prim ("-", V "a", V "b"))), I 10), I 3)),
   ("closure", Let ("k", I 100, Let ("f", Lam ("z", Prim ("+", V "z", V "k")), Let ("k", I 0, App (V "f", I 1))))),
   ("if", If (Prim ("<", I 3, I 4), I 1, I 2)),
   ("fact 10", LetRec ("fact", "n", If (Prim ("=", V "n", I 0), I 1, Prim ("*", V "n", App (V "fact", Prim ("-", V "n", I 1)))),
                       App (V "fact", I 10))),
   ("fib 15", LetRec ("fib", "n", If (Prim ("<", V "n", I 2), V "n",
                         Prim ("+", App (V "fib", Prim ("-", V "n", I 1)), App (V "fib", Prim ("-", V "n", I 2)))),
                      App (V "fib", I 15))),
   ("a function", Lam ("x", V "x")),
   ("unbound", Prim ("+", V "nope", I 1)),
   ("bad if", If (I 1, I 2, I 3)),
   ("bad apply", App (I 3, I 4)),
   ("bad prim", Prim ("*", B true, I 2))]
val _ = app run progs
val _ = pr "now without a handler:"
val _ = pr (show (eval (Env [], Prim ("-", I 1, B false))))
val _ = pr "not reached"
