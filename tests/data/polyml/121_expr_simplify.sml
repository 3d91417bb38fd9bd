(* symbolic expressions: evaluation in an environment, simplification to a
   fixed point, symbolic differentiation and printing with minimal parentheses *)
datatype expr = Const of int
              | Var of string
              | Add of expr * expr
              | Mul of expr * expr
              | Sub of expr * expr
              | Neg of expr
              | Pow of expr * int
exception Unbound of string
fun lookup [] x = raise Unbound x
  | lookup ((y, v) :: env) x = if x = y then v else lookup env x
fun pow (b, 0) = 1
  | pow (b, n) = b * pow (b, n - 1)
fun eval env (Const n) = n
  | eval env (Var x) = lookup env x
  | eval env (Add (a, b)) = eval env a + eval env b
  | eval env (Mul (a, b)) = eval env a * eval env b
  | eval env (Sub (a, b)) = eval env a - eval env b
  | eval env (Neg a) = ~ (eval env a)
  | eval env (Pow (a, n)) = pow (eval env a, n)
fun simp (Add (Const 0, e)) = simp e
  | simp (Add (e, Const 0)) = simp e
  | simp (Add (Const a, Const b)) = Const (a + b)
  | simp (Mul (Const 0, _)) = Const 0
  | simp (Mul (_, Const 0)) = Const 0
  | simp (Mul (Const 1, e)) = simp e
  | simp (Mul (e, Const 1)) = simp e
  | simp (Mul (Const a, Const b)) = Const (a * b)
  | simp (Sub (e, Const 0)) = simp e
  | simp (Sub (a, b)) = if a = b then Const 0 else Sub (simp a, simp b)
  | simp (Neg (Neg e)) = simp e
  | simp (Neg (Const n)) = Const (~n)
  | simp (Pow (_, 0)) = Const 1
  | simp (Pow (e, 1)) = simp e
  | simp (Add (a, b)) = Add (simp a, simp b)
  | simp (Mul (a, b)) = Mul (simp a, simp b)
  | simp (Neg e) = Neg (simp e)
  | simp (Pow (e, n)) = Pow (simp e, n)
  | simp e = e
fun fixpoint e = let val e' = simp e in if e' = e then e else fixpoint e' end
fun deriv x (Const _) = Const 0
  | deriv x (Var y) = Const (if x = y then 1 else 0)
  | deriv x (Add (a, b)) = Add (deriv x a, deriv x b)
  | deriv x (Sub (a, b)) = Sub (deriv x a, deriv x b)
  | deriv x (Mul (a, b)) = Add (Mul (deriv x a, b), Mul (a, deriv x b))
  | deriv x (Neg a) = Neg (deriv x a)
  | deriv x (Pow (a, n)) = Mul (Mul (Const n, Pow (a, n - 1)), deriv x a)
fun prec (Add _) = 1 | prec (Sub _) = 1 | prec (Mul _) = 2 | prec (Neg _) = 3 | prec (Pow _) = 4 | prec _ = 5
fun show e =
  let fun wrap p e' = if prec e' < p then "(" ^ show e' ^ ")" else show e'
  in case e of
       Const n => if n < 0 then "(" ^ Int.toString n ^ ")" else Int.toString n
     | Var x => x
     | Add (a, b) => wrap 1 a ^ " + " ^ wrap 2 b
     | Sub (a, b) => wrap 1 a ^ " - " ^ wrap 2 b
     | Mul (a, b) => wrap 2 a ^ " * " ^ wrap 3 b
     | Neg a => "-" ^ wrap 3 a
     | Pow (a, n) => wrap 5 a ^ "^" ^ Int.toString n
  end
val p = Add (Mul (Const 3, Pow (Var "x", 2)), Sub (Mul (Const 2, Var "x"), Const 5))
val _ = print (show p ^ "\n")
val _ = print (Int.toString (eval [("x", 4)] p) ^ "\n")
val d = deriv "x" p
val _ = print (show d ^ "\n")
val _ = print (show (fixpoint d) ^ "\n")
val _ = print (Int.toString (eval [("x", 4)] (fixpoint d)) ^ "\n")
val q = Mul (Add (Var "x", Var "y"), Sub (Var "x", Neg (Var "y")))
val _ = print (show q ^ " = " ^ Int.toString (eval [("x", 3), ("y", 2)] q) ^ "\n")
val _ = print (show (fixpoint (deriv "y" q)) ^ "\n")
val _ = print (show (fixpoint (Add (Mul (Const 1, Add (Const 0, Var "z")), Neg (Neg (Sub (Var "z", Var "z")))))) ^ "\n")
val _ = print (Int.toString (eval [("x", 1)] q) ^ "\n")
