(* an interpreter for a small functional language with let, lambda,
   application, if, integers and booleans; closures capture their
   environment; runtime type errors are exceptions carrying a message *)
datatype term = Num of int
              | Bool of bool
              | Id of string
              | Prim of string * term * term
              | If of term * term * term
              | Let of string * term * term
              | Lam of string * term
              | App of term * term
              | LetRec of string * string * term * term
datatype value = IntV of int
               | BoolV of bool
               | Closure of string * term * env ref
and env = Env of (string * value) list
exception RuntimeError of string
fun lookup (Env bindings) x =
  case List.find (fn (y, _) => y = x) bindings of
    SOME (_, v) => v
  | NONE => raise RuntimeError ("unbound " ^ x)
fun extend (Env bindings) (x, v) = Env ((x, v) :: bindings)
fun show (IntV n) = Int.toString n
  | show (BoolV b) = Bool.toString b
  | show (Closure (x, _, _)) = "<fn " ^ x ^ ">"
fun prim ("+", IntV a, IntV b) = IntV (a + b)
  | prim ("-", IntV a, IntV b) = IntV (a - b)
  | prim ("*", IntV a, IntV b) = IntV (a * b)
  | prim ("<", IntV a, IntV b) = BoolV (a < b)
  | prim ("=", IntV a, IntV b) = BoolV (a = b)
  | prim ("=", BoolV a, BoolV b) = BoolV (a = b)
  | prim (p, a, b) = raise RuntimeError ("bad operands for " ^ p ^ ": " ^ show a ^ ", " ^ show b)
fun eval env t =
  case t of
    Num n => IntV n
  | Bool b => BoolV b
  | Id x => lookup env x
  | Prim (p, a, b) => prim (p, eval env a, eval env b)
  | If (c, a, b) => (case eval env c of
                       BoolV true => eval env a
                     | BoolV false => eval env b
                     | v => raise RuntimeError ("condition is " ^ show v))
  | Let (x, e, body) => eval (extend env (x, eval env e)) body
  | Lam (x, body) => Closure (x, body, ref env)
  | App (f, a) =>
      (case eval env f of
         Closure (x, body, cenv) => eval (extend (!cenv) (x, eval env a)) body
       | v => raise RuntimeError ("applying " ^ show v))
  | LetRec (f, x, body, rest) =>
      let val cenv = ref env
          val clo = Closure (x, body, cenv)
      in cenv := extend env (f, clo); eval (extend env (f, clo)) rest end
val empty = Env []
fun run name t = print (name ^ ": " ^ (show (eval empty t) handle RuntimeError m => "error: " ^ m) ^ "\n")
val fact = LetRec ("fact", "n", If (Prim ("<", Id "n", Num 1), Num 1, Prim ("*", Id "n", App (Id "fact", Prim ("-", Id "n", Num 1)))),
                   App (Id "fact", Num 10))
val _ = run "fact 10" fact
val adder = Let ("add", Lam ("a", Lam ("b", Prim ("+", Id "a", Id "b"))),
                 Let ("inc", App (Id "add", Num 1), App (Id "inc", App (Id "inc", Num 40))))
val _ = run "adder" adder
val scope = Let ("x", Num 1, Let ("f", Lam ("y", Prim ("+", Id "x", Id "y")), Let ("x", Num 100, App (Id "f", Num 10))))
val _ = run "lexical scope" scope
val fib = LetRec ("fib", "n", If (Prim ("<", Id "n", Num 2), Id "n",
                                  Prim ("+", App (Id "fib", Prim ("-", Id "n", Num 1)), App (Id "fib", Prim ("-", Id "n", Num 2)))),
                  App (Id "fib", Num 15))
val _ = run "fib 15" fib
val _ = run "closure" (Lam ("z", Id "z"))
val _ = run "type error" (Prim ("+", Num 1, Bool true))
val _ = run "unbound" (App (Lam ("x", Id "y"), Num 1))
val _ = run "bad if" (If (Num 0, Num 1, Num 2))
val _ = run "apply int" (App (Num 3, Num 4))
val _ = run "eq bools" (Prim ("=", Prim ("<", Num 1, Num 2), Bool true))
val _ = eval empty (Id "nowhere")
