(* A type checker for a tiny typed language: int, bool, functions with
   annotated parameters, pairs, let and if. Each well-typed term prints its
   type; ill-typed ones are reported through a handler. The last term's
   error is raised deep inside the checker and nothing handles it, so the
   program stops with the uncaught TypeError. *)
fun pr s = print (s ^ "\n")

datatype ty = TInt | TBool | TArrow of ty * ty | TPair of ty * ty
datatype term = Lit of int | BoolLit of bool | V of string
              | Add of term * term | Less of term * term
              | Cond of term * term * term
              | Lam of string * ty * term | Ap of term * term
              | Tuple of term * term | First of term | Second of term
              | LetIn of string * term * term

exception TypeError of string

fun showTy TInt = "int"
  | showTy TBool = "bool"
  | showTy (TArrow (a as TArrow _, b)) = "(" ^ showTy a ^ ") -> " ^ showTy b
  | showTy (TArrow (a, b)) = atom a ^ " -> " ^ showTy b
  | showTy (TPair (a, b)) = atom a ^ " * " ^ atom b
and atom (t as TPair _) = "(" ^ showTy t ^ ")"
  | atom (t as TArrow _) = "(" ^ showTy t ^ ")"
  | atom t = showTy t

fun expect (what, want, got) =
    if want = got then ()
    else raise TypeError (what ^ ": expected " ^ showTy want ^ " but got " ^ showTy got)

fun typeOf env t =
    case t of
        Lit _ => TInt
      | BoolLit _ => TBool
      | V x => (case List.find (fn (y, _) => y = x) env of
                    SOME (_, ty) => ty
                  | NONE => raise TypeError ("unbound variable " ^ x))
      | Add (a, b) => (expect ("left of +", TInt, typeOf env a);
                       expect ("right of +", TInt, typeOf env b); TInt)
      | Less (a, b) => (expect ("left of <", TInt, typeOf env a);
                        expect ("right of <", TInt, typeOf env b); TBool)
      | Cond (c, a, b) =>
          let val () = expect ("condition", TBool, typeOf env c)
              val ta = typeOf env a
          in expect ("else branch", ta, typeOf env b); ta end
      | Lam (x, ty, body) => TArrow (ty, typeOf ((x, ty) :: env) body)
      | Ap (f, a) =>
          (case typeOf env f of
               TArrow (dom, cod) => (expect ("argument", dom, typeOf env a); cod)
             | other => raise TypeError ("applying a non-function of type " ^ showTy other))
      | Tuple (a, b) => TPair (typeOf env a, typeOf env b)
      | First p => (case typeOf env p of TPair (a, _) => a
                                       | other => raise TypeError ("first of " ^ showTy other))
      | Second p => (case typeOf env p of TPair (_, b) => b
                                        | other => raise TypeError ("second of " ^ showTy other))
      | LetIn (x, a, b) => typeOf ((x, typeOf env a) :: env) b

fun report (name, t) =
    pr (name ^ " : " ^ (showTy (typeOf [] t) handle TypeError m => "type error (" ^ m ^ ")"))

val twice = Lam ("f", TArrow (TInt, TInt), Lam ("x", TInt, Ap (V "f", Ap (V "f", V "x"))))
val inc = Lam ("n", TInt, Add (V "n", Lit 1))
val swap = Lam ("p", TPair (TInt, TBool), Tuple (Second (V "p"), First (V "p")))

val _ = app report
  [("literal", Lit 3),
   ("twice", twice),
   ("twice inc 5", Ap (Ap (twice, inc), Lit 5)),
   ("swap", swap),
   ("swap applied", Ap (swap, Tuple (Lit 1, BoolLit false))),
   ("let", LetIn ("y", Lit 4, Cond (Less (V "y", Lit 10), Tuple (V "y", inc), Tuple (Lit 0, inc)))),
   ("higher", Lam ("g", TArrow (TArrow (TInt, TBool), TInt), Ap (V "g", Lam ("k", TInt, Less (V "k", Lit 0))))),
   ("bad add", Add (Lit 1, BoolLit true)),
   ("bad if", Cond (Lit 1, Lit 2, Lit 3)),
   ("branches differ", Cond (BoolLit true, Lit 2, BoolLit false)),
   ("unbound", Lam ("a", TInt, Add (V "a", V "b"))),
   ("apply int", Ap (Lit 7, Lit 8)),
   ("wrong argument", Ap (twice, Lit 1)),
   ("first of bool", First (BoolLit true))]

(* a deep term: a chain of additions with the bad operand at the bottom *)
fun chain 0 = Less (Lit 0, Lit 1)
  | chain n = Add (Lit n, chain (n - 1))
val _ = pr ("chain 5 : " ^ (showTy (typeOf [] (chain 5)) handle TypeError m => "rejected: " ^ m))
val _ = pr ("nested lets : " ^ showTy (typeOf [] (LetIn ("a", Lit 1, LetIn ("b", Tuple (V "a", V "a"), Second (V "b"))))))
val _ = pr ("unchecked : " ^ showTy (typeOf [] (LetIn ("x", chain 40, V "x"))))
val _ = pr "not reached"
