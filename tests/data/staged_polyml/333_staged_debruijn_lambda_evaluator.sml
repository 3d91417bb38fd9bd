(* A tree-walking evaluator for lambda terms with de Bruijn indices,
   integers, conditionals and a fixpoint, then the same evaluator staged:
   the term is walked at generation time; a variable's index becomes a
   fixed number of tail steps on the run-time environment list; a lambda
   becomes a generated ML closure.  The first Futamura projection, by hand,
   as a partial evaluation user would check it: both print the same. *)

datatype term = Var of int | Lam of term | App of term * term | Lit of int
              | Prim of string * term * term | If0 of term * term * term | Fix of term  (* Fix (Lam (Lam body)) *)
datatype value = Int of int | Fun of value -> value

exception Stuck of string

fun prim ("+", Int a, Int b) = Int (a + b)
  | prim ("-", Int a, Int b) = Int (a - b)
  | prim ("*", Int a, Int b) = Int (a * b)
  | prim ("<", Int a, Int b) = Int (if a < b then 1 else 0)
  | prim (p, _, _) = raise Stuck ("bad primitive application " ^ p)

fun apply (Fun f, v) = f v
  | apply (Int _, _) = raise Stuck "applying an integer"

fun interp (env : value list) (t : term) : value =
  case t of
    Var i => List.nth (env, i)
  | Lam b => Fun (fn v => interp (v :: env) b)
  | App (f, a) => apply (interp env f, interp env a)
  | Lit n => Int n
  | Prim (p, a, b) => prim (p, interp env a, interp env b)
  | If0 (c, a, b) => (case interp env c of Int 0 => interp env a | Int _ => interp env b
                                         | Fun _ => raise Stuck "if0 on a function")
  | Fix f => let fun self v = apply (apply (interp env f, Fun self), v) in Fun self end

(* the staged evaluator: the environment is a run-time list, the term static *)
fun nth (i : int) : [value list -> value] =
  if i = 0 then code (fn env => case env of v :: _ => v | [] => raise Stuck "unbound")
  else let cogen rest = nth (i - 1) in code (fn env => case env of _ :: e => rest e | [] => raise Stuck "unbound") end

fun comp (t : term) : [value list -> value] =
  case t of
    Var i => nth i
  | Lam b => let cogen b' = comp b in code (fn env => Fun (fn v => b' (v :: env))) end
  | App (f, a) => let cogen f' = comp f cogen a' = comp a in code (fn env => apply (f' env, a' env)) end
  | Lit n => let cogen v = lift (Int n) in code (fn _ => v) end
  (* the primitive is chosen at generation time *)
  | Prim (p, a, b) =>
      let cogen a' = comp a cogen b' = comp b
      in case p of
           "+" => code (fn env => case (a' env, b' env) of (Int x, Int y) => Int (x + y) | _ => raise Stuck "bad primitive application +")
         | "-" => code (fn env => case (a' env, b' env) of (Int x, Int y) => Int (x - y) | _ => raise Stuck "bad primitive application -")
         | "*" => code (fn env => case (a' env, b' env) of (Int x, Int y) => Int (x * y) | _ => raise Stuck "bad primitive application *")
         | _ => let cogen p' = lift p in code (fn env => prim (p', a' env, b' env)) end
      end
  | If0 (c, a, b) =>
      let cogen c' = comp c cogen a' = comp a cogen b' = comp b
      in code (fn env => case c' env of Int 0 => a' env | Int _ => b' env | Fun _ => raise Stuck "if0 on a function") end
  | Fix f => let cogen f' = comp f
             in code (fn env => let fun self v = apply (apply (f' env, Fun self), v) in Fun self end) end

fun show (Int n) = Int.toString n
  | show (Fun _) = "<fun>"

(* programs *)
val fact = Fix (Lam (Lam (If0 (Var 0, Lit 1, Prim ("*", Var 0, App (Var 1, Prim ("-", Var 0, Lit 1)))))))
val fib = Fix (Lam (Lam (If0 (Prim ("<", Var 0, Lit 2), App (Var 1, Prim ("-", Var 0, Lit 1)) (* placeholder, replaced below *), Var 0))))
(* fib n = if n < 2 then n else fib (n-1) + fib (n-2); if0 tests for zero, so test (n < 2) = 0 *)
val fib = Fix (Lam (Lam (If0 (Prim ("<", Var 0, Lit 2),
                              Prim ("+", App (Var 1, Prim ("-", Var 0, Lit 1)), App (Var 1, Prim ("-", Var 0, Lit 2))),
                              Var 0))))
(* Church numerals: two = \f.\x. f (f x), applied to (+1) and 0 *)
val two = Lam (Lam (App (Var 1, App (Var 1, Var 0))))
val mult = Lam (Lam (Lam (App (Var 2, App (Var 1, Var 0)))))
val churchTest = App (App (App (App (mult, two), App (App (mult, two), two)), Lam (Prim ("+", Var 0, Lit 1))), Lit 0)
(* deep indices: \a.\b.\c.\d.\e. a - e, applied to five numbers *)
val deep = foldl (fn (n, t) => App (t, Lit n)) (Lam (Lam (Lam (Lam (Lam (Prim ("-", Var 4, Var 0))))))) [100, 2, 3, 4, 5]
(* sum 1..n by an accumulating loop with two arguments, curried *)
val sumTo = Fix (Lam (Lam (Lam (If0 (Var 1, Var 0, App (App (Var 2, Prim ("-", Var 1, Lit 1)), Prim ("+", Var 0, Var 1)))))))
val bad1 = App (Lit 3, Lit 4)
val bad2 = Prim ("+", Lam (Var 0), Lit 1)
val bad3 = Prim ("%", Lit 1, Lit 2)

fun both name t =
  let val a = show (interp [] t) handle Stuck m => "stuck: " ^ m
      val b = show (eval (comp t) []) handle Stuck m => "stuck: " ^ m
  in print (name ^ " = " ^ b ^ (if a = b then "" else "  (interpreter: " ^ a ^ ")") ^ "\n") end

val _ = both "fact 10" (App (fact, Lit 10))
val _ = both "fib 15" (App (fib, Lit 15))
val _ = both "church 2*(2*2)" churchTest
val _ = both "deep" deep
val _ = both "sumTo 1000" (App (App (sumTo, Lit 1000), Lit 0))
val _ = both "fact" fact
val _ = both "bad1" bad1
val _ = both "bad2" bad2
val _ = both "bad3" bad3

(* compile once, apply the compiled function value to many arguments *)
val factV = eval (comp fact) []
val _ = print ("facts: " ^ String.concatWith " " (List.tabulate (13, fn n => show (apply (factV, Int n)))) ^ "\n")
val fibV = eval (comp fib) []
val _ = print ("fibs: " ^ String.concatWith " " (List.tabulate (16, fn n => show (apply (fibV, Int n)))) ^ "\n")
