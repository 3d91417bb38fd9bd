(* Symbolic differentiation with simplification and a pretty printer
   that puts in only the brackets precedence needs. *)
datatype expr =
    Const of int
  | Var of string
  | Add of expr * expr
  | Sub of expr * expr
  | Mul of expr * expr
  | Pow of expr * int
  | Neg of expr

fun prec (Const n) = if n < 0 then 3 else 4
  | prec (Var _) = 4
  | prec (Add _) = 1
  | prec (Sub _) = 1
  | prec (Mul _) = 2
  | prec (Pow _) = 3
  | prec (Neg _) = 3

fun show e =
    let
      fun paren p e = if prec e < p then "(" ^ show e ^ ")" else show e
    in
      case e of
        Const n => Int.toString n
      | Var x => x
      | Add (a, b) => paren 1 a ^ " + " ^ paren 2 b
      | Sub (a, b) => paren 1 a ^ " - " ^ paren 2 b
      | Mul (a, b) => paren 2 a ^ "*" ^ paren 3 b
      | Pow (a, n) => paren 4 a ^ "^" ^ Int.toString n
      | Neg a => "-" ^ paren 4 a
    end

fun simp (Add (a, b)) =
    (case (simp a, simp b) of
       (Const 0, e) => e
     | (e, Const 0) => e
     | (Const x, Const y) => Const (x + y)
     | (e1, e2) => if e1 = e2 then Mul (Const 2, e1) else Add (e1, e2))
  | simp (Sub (a, b)) =
    (case (simp a, simp b) of
       (e, Const 0) => e
     | (Const 0, e) => simp (Neg e)
     | (Const x, Const y) => Const (x - y)
     | (e1, e2) => if e1 = e2 then Const 0 else Sub (e1, e2))
  | simp (Mul (a, b)) =
    (case (simp a, simp b) of
       (Const 0, _) => Const 0
     | (_, Const 0) => Const 0
     | (Const 1, e) => e
     | (e, Const 1) => e
     | (Const x, Const y) => Const (x * y)
     | (Const x, Mul (Const y, e)) => Mul (Const (x * y), e)
     | (e1, e2) => if e1 = e2 then Pow (e1, 2) else Mul (e1, e2))
  | simp (Pow (a, n)) =
    (case (simp a, n) of
       (_, 0) => Const 1
     | (e, 1) => e
     | (Const x, k) => let fun p 0 = 1 | p i = x * p (i - 1) in Const (p k) end
     | (Pow (e, m), k) => Pow (e, m * k)
     | (e, k) => Pow (e, k))
  | simp (Neg a) =
    (case simp a of
       Const n => Const (~n)
     | Neg e => e
     | e => Neg e)
  | simp e = e

fun deriv x (Const _) = Const 0
  | deriv x (Var y) = Const (if x = y then 1 else 0)
  | deriv x (Add (a, b)) = Add (deriv x a, deriv x b)
  | deriv x (Sub (a, b)) = Sub (deriv x a, deriv x b)
  | deriv x (Mul (a, b)) = Add (Mul (deriv x a, b), Mul (a, deriv x b))
  | deriv x (Pow (a, n)) = Mul (Mul (Const n, Pow (a, n - 1)), deriv x a)
  | deriv x (Neg a) = Neg (deriv x a)

fun eval env (Const n) = n
  | eval env (Var x) =
    (case List.find (fn (y, _) => y = x) env of
       SOME (_, v) => v
     | NONE => raise Fail ("unbound " ^ x))
  | eval env (Add (a, b)) = eval env a + eval env b
  | eval env (Sub (a, b)) = eval env a - eval env b
  | eval env (Mul (a, b)) = eval env a * eval env b
  | eval env (Pow (a, n)) =
    let val v = eval env a
        fun p 0 = 1 | p k = v * p (k - 1)
    in p n end
  | eval env (Neg a) = ~ (eval env a)

val x = Var "x" and y = Var "y"
val tests =
  [ Add (Mul (Const 3, Pow (x, 2)), Mul (Const 2, x)),
    Mul (x, y),
    Pow (Add (x, Const 1), 3),
    Sub (Mul (x, x), Neg (Mul (Const 5, y))),
    Neg (Neg (Pow (x, 1))),
    Mul (Add (x, y), Sub (x, y)),
    Pow (Pow (x, 2), 3),
    Add (Const ~4, Mul (Const ~2, x)) ]

val env = [("x", 3), ("y", ~2)]

fun report e =
    let
      val d = deriv "x" e
      val s = simp d
      val dd = simp (deriv "x" s)
    in
      print ("f      = " ^ show e ^ "\n");
      print ("f'     = " ^ show d ^ "\n");
      print ("simp   = " ^ show s ^ "\n");
      print ("f''    = " ^ show dd ^ "\n");
      print ("f(3,-2) = " ^ Int.toString (eval env e) ^ ", f'(3,-2) = "
             ^ Int.toString (eval env s) ^ " = " ^ Int.toString (eval env d) ^ "\n\n")
    end

val _ = app report tests
fun iterate 0 e = e
  | iterate n e = iterate (n - 1) (simp (deriv "x" e))
val _ = print ("5th derivative of (x+1)^6: " ^ show (iterate 5 (Pow (Add (x, Const 1), 6))) ^ "\n")
val _ = print ("d/dy: " ^ show (simp (deriv "y" (Mul (Mul (x, y), y)))) ^ "\n")
val _ = print (Int.toString (eval [("x", 1)] (Add (x, Var "z"))) ^ "\n")
  handle Fail msg => print ("error: " ^ msg ^ "\n")
val _ = print (Int.toString (eval [] (Var "w")) ^ "\n")
