(* Type inference for a tiny lambda calculus: type variables as refs,
   unification with occurs check, let-polymorphism, pretty-printed types. *)
datatype ty = TInt | TBool | TArrow of ty * ty | TVar of tv ref
and tv = Unbound of int * int | Link of ty
datatype term = Var of string | Lam of string * term | App of term * term
              | Let of string * term * term | Lit of int | BoolLit of bool | If of term * term * term
              | Plus of term * term
datatype scheme = Forall of int list * ty

exception TypeError of string

val counter = ref 0
fun fresh level = (counter := !counter + 1; TVar (ref (Unbound (!counter, level))))

fun prune (TVar (ref (Link t))) = prune t
  | prune t = t

fun occurs (r, level) t =
    case prune t of
      TVar (r' as ref (Unbound (id, l))) =>
        if r = r' then raise TypeError "occurs check"
        else if l > level then r' := Unbound (id, level) else ()
    | TArrow (a, b) => (occurs (r, level) a; occurs (r, level) b)
    | _ => ()

fun unify (t1, t2) =
    case (prune t1, prune t2) of
      (TInt, TInt) => ()
    | (TBool, TBool) => ()
    | (TArrow (a, b), TArrow (c, d)) => (unify (a, c); unify (b, d))
    | (TVar r, t) => bindVar (r, t)
    | (t, TVar r) => bindVar (r, t)
    | (a, b) => raise TypeError "mismatch"
and bindVar (r, t) =
    case t of
      TVar r' => if r = r' then () else link (r, t)
    | _ => link (r, t)
and link (r, t) =
    case !r of
      Unbound (_, level) => (occurs (r, level) t; r := Link t)
    | Link _ => raise Fail "linked"

fun generalize level t =
    let
      val ids = ref []
      fun walk t = case prune t of
                     TVar (ref (Unbound (id, l))) => if l > level andalso not (List.exists (fn i => i = id) (!ids)) then ids := id :: !ids else ()
                   | TArrow (a, b) => (walk a; walk b)
                   | _ => ()
    in walk t; Forall (rev (!ids), t) end

fun instantiate level (Forall (ids, t)) =
    let
      val subst = map (fn id => (id, fresh level)) ids
      fun copy t = case prune t of
                     TVar (r as ref (Unbound (id, _))) =>
                       (case List.find (fn (i, _) => i = id) subst of SOME (_, v) => v | NONE => TVar r)
                   | TArrow (a, b) => TArrow (copy a, copy b)
                   | t' => t'
    in copy t end

fun infer env level tm =
    case tm of
      Lit _ => TInt
    | BoolLit _ => TBool
    | Var x => (case List.find (fn (y, _) => y = x) env of
                  SOME (_, s) => instantiate level s
                | NONE => raise TypeError ("unbound " ^ x))
    | Lam (x, body) =>
        let val a = fresh level in TArrow (a, infer ((x, Forall ([], a)) :: env) level body) end
    | App (f, arg) =>
        let val tf = infer env level f
            val ta = infer env level arg
            val r = fresh level
        in unify (tf, TArrow (ta, r)); r end
    | Let (x, e, body) =>
        let val te = infer env (level + 1) e
        in infer ((x, generalize level te) :: env) level body end
    | If (c, a, b) =>
        let val tc = infer env level c
            val ta = infer env level a
            val tb = infer env level b
        in unify (tc, TBool); unify (ta, tb); ta end
    | Plus (a, b) => (unify (infer env level a, TInt); unify (infer env level b, TInt); TInt)

fun show t =
    let
      val names = ref []
      fun name id = case List.find (fn (i, _) => i = id) (!names) of
                      SOME (_, n) => n
                    | NONE => let val n = "'" ^ str (chr (ord #"a" + length (!names)))
                              in names := (id, n) :: !names; n end
      fun go (TInt, _) = "int"
        | go (TBool, _) = "bool"
        | go (TVar (ref (Link t)), p) = go (t, p)
        | go (TVar (ref (Unbound (id, _))), _) = name id
        | go (TArrow (a, b), p) = let val s = go (a, true) ^ " -> " ^ go (b, false) in if p then "(" ^ s ^ ")" else s end
    in go (t, false) end

fun check (name, tm) =
    print (name ^ " : " ^ (show (infer [] 0 tm) handle TypeError m => "type error: " ^ m) ^ "\n")

val id = Lam ("x", Var "x")
val compose = Lam ("f", Lam ("g", Lam ("x", App (Var "f", App (Var "g", Var "x")))))
val _ = app check
  [ ("id", id),
    ("const", Lam ("x", Lam ("y", Var "x"))),
    ("compose", compose),
    ("apply", Lam ("f", Lam ("x", App (Var "f", Var "x")))),
    ("inc", Lam ("n", Plus (Var "n", Lit 1))),
    ("let id", Let ("i", id, If (App (Var "i", BoolLit true), App (Var "i", Lit 1), Lit 2))),
    ("lambda id", App (Lam ("i", If (App (Var "i", BoolLit true), App (Var "i", Lit 1), Lit 2)), id)),
    ("omega", Lam ("x", App (Var "x", Var "x"))),
    ("twice", Lam ("f", Lam ("x", App (Var "f", App (Var "f", Var "x"))))),
    ("bad if", If (Lit 1, Lit 2, Lit 3)),
    ("free", App (Var "nope", Lit 1)),
    ("S", Lam ("x", Lam ("y", Lam ("z", App (App (Var "x", Var "z"), App (Var "y", Var "z")))))),
    ("let compose", Let ("c", compose, App (App (Var "c", Var "c"), Var "c"))) ]
val _ = print ("fresh variables made: " ^ Int.toString (!counter) ^ "\n")
val _ = print (show (infer [] 0 (Plus (BoolLit false, Lit 0))) ^ "\n")
