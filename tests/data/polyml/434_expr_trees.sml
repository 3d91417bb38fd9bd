(* Expression trees: a datatype of arithmetic with variables, an
   evaluator with an environment as an association list, a simplifier
   (constant folding, x+0, x*1, x*0), symbolic differentiation, and a
   printer with minimal parentheses. Unbound variables raise a user
   exception carrying the name, which finally escapes uncaught. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype expr = Num of int | Var of string | Add of expr * expr
              | Mul of expr * expr | Neg of expr | Pow of expr * int
exception Unbound of string

fun lookup (x, []) = raise Unbound x
  | lookup (x, (y, v) :: rest) = if x = y then v else lookup (x, rest)
fun power (b, 0) = 1
  | power (b, n) = b * power (b, n - 1)
fun eval env (Num n) = n
  | eval env (Var x) = lookup (x, env)
  | eval env (Add (a, b)) = eval env a + eval env b
  | eval env (Mul (a, b)) = eval env a * eval env b
  | eval env (Neg a) = ~ (eval env a)
  | eval env (Pow (a, n)) = power (eval env a, n)

fun prec (Add _) = 1
  | prec (Mul _) = 2
  | prec (Neg _) = 3
  | prec (Pow _) = 4
  | prec _ = 5
fun show e =
    let fun paren (sub, p) = if prec sub < p then "(" ^ show sub ^ ")" else show sub
    in case e of
           Num n => if n < 0 then "~" ^ pi (~n) else pi n
         | Var x => x
         | Add (a, b) => paren (a, 1) ^ " + " ^ paren (b, 2)
         | Mul (a, b) => paren (a, 2) ^ " * " ^ paren (b, 3)
         | Neg a => "-" ^ paren (a, 3)
         | Pow (a, n) => paren (a, 5) ^ "^" ^ pi n
    end

fun simp (Add (a, b)) =
      (case (simp a, simp b) of
           (Num 0, e) => e
         | (e, Num 0) => e
         | (Num x, Num y) => Num (x + y)
         | (x, y) => Add (x, y))
  | simp (Mul (a, b)) =
      (case (simp a, simp b) of
           (Num 0, _) => Num 0
         | (_, Num 0) => Num 0
         | (Num 1, e) => e
         | (e, Num 1) => e
         | (Num x, Num y) => Num (x * y)
         | (x, y) => Mul (x, y))
  | simp (Neg a) = (case simp a of Num n => Num (~n) | Neg b => b | b => Neg b)
  | simp (Pow (a, 0)) = Num 1
  | simp (Pow (a, 1)) = simp a
  | simp (Pow (a, n)) = (case simp a of Num b => Num (power (b, n)) | b => Pow (b, n))
  | simp e = e

fun deriv x (Num _) = Num 0
  | deriv x (Var y) = Num (if x = y then 1 else 0)
  | deriv x (Add (a, b)) = Add (deriv x a, deriv x b)
  | deriv x (Mul (a, b)) = Add (Mul (deriv x a, b), Mul (a, deriv x b))
  | deriv x (Neg a) = Neg (deriv x a)
  | deriv x (Pow (a, n)) = Mul (Mul (Num n, Pow (a, n - 1)), deriv x a)

val env = [("x", 3), ("y", ~2), ("z", 10)]
val e1 = Add (Mul (Num 2, Var "x"), Mul (Var "y", Add (Var "x", Num 1)))
val e2 = Pow (Add (Var "x", Num 1), 3)
val e3 = Mul (Add (Num 0, Var "z"), Add (Num 1, Num 0))
val e4 = Neg (Neg (Add (Var "x", Mul (Num 0, Var "q"))))
fun report (name, e) =
    (pr (name ^ " = " ^ show e);
     pr ("  value " ^ pi (eval env e));
     pr ("  simplified " ^ show (simp e));
     pr ("  d/dx " ^ show (simp (deriv "x" e)) ^ " = " ^ pi (eval env (deriv "x" e))))
val _ = app report [("e1", e1), ("e2", e2), ("e3", e3), ("e4", e4)]
val _ = pr ("show nested: " ^ show (Mul (Add (Num 1, Num 2), Neg (Add (Var "a", Num ~4)))))
val _ = pr ("caught: " ^ (pi (eval env (Add (Var "x", Var "w"))) handle Unbound v => "unbound " ^ v))
val _ = pr ("simplify hides q: " ^ pi (eval env (simp e4)))
val _ = pr ("direct: " ^ pi (eval env e4))
val _ = pr "not reached"
