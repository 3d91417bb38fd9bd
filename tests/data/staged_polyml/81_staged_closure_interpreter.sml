(* A staged interpreter for a small functional language with closures,
   recursive functions and exceptions: the expression and the static
   environment (names to positions) are known at generation time, the
   environment's values only at run time. A counter of generated nodes
   shows generation happens once per compile, and the generated code is
   run on several arguments, including recursion 10^4 deep and exceptions
   raised in one generated function and handled in another. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Num of int | Var of string | Lam of string * exp | App of exp * exp
             | Add of exp * exp | Sub of exp * exp | Mul of exp * exp
             | If0 of exp * exp * exp | LetRec of string * string * exp * exp
             | Let of string * exp * exp | Raise of exp | Try of exp * string * exp

datatype value = I of int | F of value -> value
exception Error of int
exception TypeError of string
exception Unbound of string

val nodes = ref 0
fun index (x, []) = raise Unbound x
  | index (x, y :: r) = if x = y then 0 else 1 + index (x, r)

fun arith (opname : string, a : [value list -> value], b : [value list -> value], f : [int * int -> int]) =
    let cogen ca = a cogen cb = b cogen f' = f cogen name = lift opname
    in code (fn rho => case (ca rho, cb rho) of (I x, I y) => I (f' (x, y)) | _ => raise TypeError name) end

fun comp (e : exp, env : string list) : [value list -> value] =
    (nodes := !nodes + 1;
     case e of
         Num n => let cogen n' = lift n in code (fn _ => I n') end
       | Var x => let cogen i = lift (index (x, env)) in code (fn rho => List.nth (rho, i)) end
       | Lam (x, b) => let cogen cb = comp (b, x :: env) in code (fn rho => F (fn v => cb (v :: rho))) end
       | App (f, a) =>
           let cogen cf = comp (f, env) cogen ca = comp (a, env)
           in code (fn rho => case cf rho of F g => g (ca rho) | I _ => raise TypeError "apply") end
       | Add (a, b) => arith ("add", comp (a, env), comp (b, env), code (op +))
       | Sub (a, b) => arith ("sub", comp (a, env), comp (b, env), code (op -))
       | Mul (a, b) => arith ("mul", comp (a, env), comp (b, env), code (op * ))
       | If0 (c, t, f) =>
           let cogen cc = comp (c, env) cogen ct = comp (t, env) cogen cf = comp (f, env)
           in code (fn rho => case cc rho of I 0 => ct rho | I _ => cf rho | F _ => raise TypeError "if0") end
       | LetRec (f, x, body, scope) =>
           let cogen cb = comp (body, x :: f :: env) cogen cs = comp (scope, f :: env)
           in code (fn rho => let fun fv v = cb (v :: F fv :: rho) in cs (F fv :: rho) end) end
       | Let (x, a, b) =>
           let cogen ca = comp (a, env) cogen cb = comp (b, x :: env)
           in code (fn rho => cb (ca rho :: rho)) end
       | Raise a => let cogen ca = comp (a, env) in code (fn rho => case ca rho of I n => raise Error n | F _ => raise TypeError "raise") end
       | Try (a, x, h) =>
           let cogen ca = comp (a, env) cogen ch = comp (h, x :: env)
           in code (fn rho => ca rho handle Error n => ch (I n :: rho)) end)

fun compile (e : exp) : value -> value =
    let val start = !nodes
        val g = comp (Lam ("arg", e), [])
        val _ = pr ("generated " ^ pi (!nodes - start) ^ " nodes")
    in case (eval g) [] of F f => f | I _ => raise TypeError "program" end

fun show (I n) = pi n
  | show (F _) = "<fn>"
fun run name f args =
    pr (name ^ ": " ^ String.concatWith " " (map (fn n => show (f (I n)) handle Error k => "error " ^ pi k
                                                                 | TypeError s => "type error in " ^ s) args))

val fact = compile (LetRec ("fact", "n", If0 (Var "n", Num 1, Mul (Var "n", App (Var "fact", Sub (Var "n", Num 1)))),
                            App (Var "fact", Var "arg")))
val _ = run "fact" fact [0, 1, 5, 10, 20]

val fib = compile (LetRec ("fib", "n", If0 (Var "n", Num 0, If0 (Sub (Var "n", Num 1), Num 1,
                              Add (App (Var "fib", Sub (Var "n", Num 1)), App (Var "fib", Sub (Var "n", Num 2))))),
                           App (Var "fib", Var "arg")))
val _ = run "fib" fib [0, 1, 2, 10, 15]

(* recursion 10^4 deep inside generated code: sum 1..n *)
val sumTo = compile (LetRec ("s", "n", If0 (Var "n", Num 0, Add (Var "n", App (Var "s", Sub (Var "n", Num 1)))),
                             App (Var "s", Var "arg")))
val _ = run "sum" sumTo [0, 100, 10000]

(* exceptions: raise at depth, caught by a handler further out with the raised value bound *)
val findNeg = compile (LetRec ("down", "n", If0 (Var "n", Raise (Num 99), If0 (Sub (Var "n", Num 7), Raise (Mul (Var "n", Num 1000)),
                                                                             App (Var "down", Sub (Var "n", Num 1)))),
                               Try (App (Var "down", Var "arg"), "e", Add (Var "e", Num 1))))
val _ = run "try" findNeg [3, 7, 8, 50]
val uncaught = compile (If0 (Var "arg", Raise (Num 5), Var "arg"))
val _ = run "raise" uncaught [0, 1]
val _ = run "type" (compile (App (Var "arg", Num 1))) [3]

(* closures capture their environment: a curried adder and composition *)
val curried = compile (Let ("add", Lam ("a", Lam ("b", Add (Var "a", Var "b"))),
                        Let ("twice", Lam ("f", Lam ("x", App (Var "f", App (Var "f", Var "x")))),
                             App (App (Var "twice", App (Var "add", Var "arg")), Num 100))))
val _ = run "closures" curried [1, 2, ~50]

(* the compiled function run many times *)
val total = ref 0
val _ = List.app (fn k => case fact (I (k mod 8)) of I v => total := !total + v | F _ => ()) (List.tabulate (500, fn k => k))
val _ = pr ("many runs: " ^ pi (!total))
val _ = pr ("nodes in all: " ^ pi (!nodes))
val _ = (compile (Var "nope"); ()) handle Unbound x => pr ("unbound " ^ x)
