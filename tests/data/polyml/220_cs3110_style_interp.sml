(* A substitution-based interpreter for a small language with let, if and
   functions, in the manner of the Cornell CS 3110 / CMU 15-312 course
   interpreters (there in OCaml and SML): an AST datatype with mutually
   recursive functions subst/eval, an environment-free small-step evaluator,
   and a typechecker over a type datatype. *)

datatype typ = TInt | TBool | TArrow of typ * typ

datatype expr =
    Int of int
  | Bool of bool
  | Var of string
  | Binop of string * expr * expr
  | If of expr * expr * expr
  | Let of string * expr * expr
  | Fn of string * typ * expr
  | App of expr * expr

exception TypeError of string
exception Stuck of string

fun typToString TInt = "int"
  | typToString TBool = "bool"
  | typToString (TArrow (t1 as TArrow _, t2)) = "(" ^ typToString t1 ^ ") -> " ^ typToString t2
  | typToString (TArrow (t1, t2)) = typToString t1 ^ " -> " ^ typToString t2

fun lookup x [] = raise TypeError ("unbound variable " ^ x)
  | lookup x ((y, t) :: rest) = if x = y then t else lookup x rest

fun typeof ctx e =
  case e of
      Int _ => TInt
    | Bool _ => TBool
    | Var x => lookup x ctx
    | Binop (op', e1, e2) =>
        (case (op', typeof ctx e1, typeof ctx e2) of
             ("+", TInt, TInt) => TInt
           | ("*", TInt, TInt) => TInt
           | ("-", TInt, TInt) => TInt
           | ("<=", TInt, TInt) => TBool
           | _ => raise TypeError ("bad operands for " ^ op'))
    | If (c, t, f) =>
        if typeof ctx c <> TBool then raise TypeError "if guard"
        else let val tt = typeof ctx t in
               if tt = typeof ctx f then tt else raise TypeError "if branches"
             end
    | Let (x, e1, e2) => typeof ((x, typeof ctx e1) :: ctx) e2
    | Fn (x, t, body) => TArrow (t, typeof ((x, t) :: ctx) body)
    | App (e1, e2) =>
        (case typeof ctx e1 of
             TArrow (t1, t2) => if typeof ctx e2 = t1 then t2 else raise TypeError "argument"
           | t => raise TypeError ("applying a " ^ typToString t))

fun isValue (Int _) = true
  | isValue (Bool _) = true
  | isValue (Fn _) = true
  | isValue _ = false

(* subst v x e = e[v/x]; v is closed, so no capture *)
fun subst v x e =
  let val s = subst v x in
    case e of
        Var y => if x = y then v else e
      | Binop (o', a, b) => Binop (o', s a, s b)
      | If (a, b, c) => If (s a, s b, s c)
      | Let (y, a, b) => Let (y, s a, if x = y then b else s b)
      | Fn (y, t, b) => if x = y then e else Fn (y, t, s b)
      | App (a, b) => App (s a, s b)
      | _ => e
  end

fun step e =
  case e of
      Binop (o', Int a, Int b) =>
        (case o' of "+" => Int (a + b) | "-" => Int (a - b) | "*" => Int (a * b)
                  | "<=" => Bool (a <= b) | _ => raise Stuck o')
    | Binop (o', a, b) => if isValue a then Binop (o', a, step b) else Binop (o', step a, b)
    | If (Bool true, t, _) => t
    | If (Bool false, _, f) => f
    | If (c, t, f) => If (step c, t, f)
    | Let (x, a, b) => if isValue a then subst a x b else Let (x, step a, b)
    | App (Fn (x, _, b), a) => if isValue a then subst a x b else App (Fn (x, TInt, b), step a)
    | App (f, a) => App (step f, a)
    | _ => raise Stuck "no step"

fun eval e = if isValue e then (e, 0) else let val (v, n) = eval (step e) in (v, n + 1) end

fun show (Int n) = Int.toString n
  | show (Bool b) = Bool.toString b
  | show (Fn (x, _, _)) = "<fn " ^ x ^ ">"
  | show _ = "<expr>"

fun run name e =
  (print (name ^ " : " ^ typToString (typeof [] e));
   let val (v, steps) = eval e in
     print (" = " ^ show v ^ " in " ^ Int.toString steps ^ " steps\n")
   end)
  handle TypeError msg => print (name ^ ": type error: " ^ msg ^ "\n")

val double = Fn ("x", TInt, Binop ("+", Var "x", Var "x"))
val twice = Fn ("f", TArrow (TInt, TInt), Fn ("y", TInt, App (Var "f", App (Var "f", Var "y"))))

val _ = run "arith" (Binop ("*", Binop ("+", Int 2, Int 3), Binop ("-", Int 10, Int 4)))
val _ = run "let" (Let ("a", Int 5, Let ("b", Binop ("*", Var "a", Var "a"), Binop ("+", Var "a", Var "b"))))
val _ = run "twice" (App (App (twice, double), Int 7))
val _ = run "curried" (App (twice, double))
val _ = run "if" (If (Binop ("<=", Int 3, Int 2), Int 1, Int 0))
val _ = run "shadow" (Let ("x", Int 1, Let ("x", Int 2, Var "x")))
val _ = run "bad if" (If (Int 1, Int 2, Int 3))
val _ = run "bad app" (App (Int 3, Int 4))
val _ = run "unbound" (Binop ("+", Var "z", Int 1))
val _ = print (typToString (typeof [] twice) ^ "\n")
val _ = step (Int 3)
