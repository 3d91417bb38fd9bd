(* Type inference for a tiny functional language by unification: type
   variables are refs that get bound, occurs check, let-polymorphism by
   generalising the variables created inside a let's right side, and
   printing of the inferred types with letters for the variables. Type
   errors are reported with exceptions carrying the two clashing types. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype ty = TVar of tvar ref | TCon of string * ty list
and tvar = Unbound of int * int | Link of ty
datatype scheme = Forall of int list * ty

datatype exp = Var of string | Int of int | Bool of bool | Lam of string * exp
             | App of exp * exp | Let of string * exp * exp | If of exp * exp * exp

exception Clash of ty * ty
exception Occurs
exception NotBound of string

val counter = ref 0
fun fresh level = (counter := !counter + 1; TVar (ref (Unbound (!counter, level))))
fun arrow (a, b) = TCon ("->", [a, b])
val tint = TCon ("int", [])
val tbool = TCon ("bool", [])

fun prune (TVar (ref (Link t))) = prune t
  | prune t = t

fun occurs (r, level) t =
    case prune t of
        TVar (r' as ref (Unbound (id, l))) =>
          if r = r' then raise Occurs
          else if l > level then r' := Unbound (id, level) else ()
      | TVar _ => ()
      | TCon (_, args) => app (occurs (r, level)) args

fun unify (a, b) =
    case (prune a, prune b) of
        (TVar r, TVar r') => if r = r' then () else bind (r, TVar r')
      | (TVar r, t) => bind (r, t)
      | (t, TVar r) => bind (r, t)
      | (t1 as TCon (n, xs), t2 as TCon (m, ys)) =>
          if n = m andalso length xs = length ys then ListPair.app unify (xs, ys)
          else raise Clash (t1, t2)
and bind (r as ref (Unbound (_, level)), t) = (occurs (r, level) t; r := Link t)
  | bind (_, _) = raise Fail "bind: already linked"

fun generalise level t =
    let fun vars (t, acc) =
            case prune t of
                TVar (ref (Unbound (id, l))) => if l > level andalso not (List.exists (fn i => i = id) acc) then id :: acc else acc
              | TCon (_, args) => foldl vars acc args
              | _ => acc
    in Forall (rev (vars (t, [])), t) end

fun instantiate level (Forall (ids, t)) =
    let val subst = map (fn id => (id, fresh level)) ids
        fun inst t =
            case prune t of
                TVar (ref (Unbound (id, _))) =>
                  (case List.find (fn (i, _) => i = id) subst of SOME (_, v) => v | NONE => t)
              | TCon (n, args) => TCon (n, map inst args)
              | other => other
    in inst t end

fun infer env level e =
    case e of
        Var x => (case List.find (fn (y, _) => y = x) env of
                      SOME (_, s) => instantiate level s
                    | NONE => raise NotBound x)
      | Int _ => tint
      | Bool _ => tbool
      | Lam (x, body) =>
          let val a = fresh level
          in arrow (a, infer ((x, Forall ([], a)) :: env) level body) end
      | App (f, arg) =>
          let val tf = infer env level f
              val ta = infer env level arg
              val r = fresh level
          in unify (tf, arrow (ta, r)); r end
      | Let (x, rhs, body) =>
          let val t = infer env (level + 1) rhs
          in infer ((x, generalise level t) :: env) level body end
      | If (c, a, b) =>
          let val () = unify (infer env level c, tbool)
              val ta = infer env level a
          in unify (ta, infer env level b); ta end

fun show t =
    let val names = ref []
        fun name id = case List.find (fn (i, _) => i = id) (!names) of
                          SOME (_, n) => n
                        | NONE => let val n = "'" ^ str (chr (ord #"a" + length (!names)))
                                  in names := !names @ [(id, n)]; n end
        fun go (t, paren) =
            case prune t of
                TVar (ref (Unbound (id, _))) => name id
              | TCon ("->", [a, b]) =>
                  let val s = go (a, true) ^ " -> " ^ go (b, false) in if paren then "(" ^ s ^ ")" else s end
              | TCon ("*", [a, b]) =>
                  let val s = go (a, true) ^ " * " ^ go (b, true) in if paren then "(" ^ s ^ ")" else s end
              | TCon (n, []) => n
              | TCon (n, args) => String.concatWith " " (map (fn a => go (a, true)) args) ^ " " ^ n
              | _ => "?"
    in go (t, false) end

val basis = [("add", Forall ([], arrow (tint, arrow (tint, tint)))),
             ("eq", Forall ([], arrow (tint, arrow (tint, tbool)))),
             ("pair", Forall ([1000, 1001], arrow (TVar (ref (Unbound (1000, 99))), arrow (TVar (ref (Unbound (1001, 99))),
                                     TCon ("*", [TVar (ref (Unbound (1000, 99))), TVar (ref (Unbound (1001, 99)))])))))]
fun typeOf (name, e) =
    pr (name ^ " : " ^ (show (infer basis 0 e)
                        handle Clash (a, b) => "error: cannot unify " ^ show a ^ " with " ^ show b
                             | Occurs => "error: occurs check"
                             | NotBound x => "error: unbound " ^ x))

val _ = typeOf ("id", Lam ("x", Var "x"))
val _ = typeOf ("const", Lam ("x", Lam ("y", Var "x")))
val _ = typeOf ("compose", Lam ("f", Lam ("g", Lam ("x", App (Var "f", App (Var "g", Var "x"))))))
val _ = typeOf ("apply add", App (Var "add", Int 1))
val _ = typeOf ("let id twice", Let ("id", Lam ("x", Var "x"), App (App (Var "pair", App (Var "id", Int 1)), App (Var "id", Bool true))))
val _ = typeOf ("lambda id not poly", Lam ("id", App (App (Var "pair", App (Var "id", Int 1)), App (Var "id", Bool true))))
val _ = typeOf ("self application", Lam ("x", App (Var "x", Var "x")))
val _ = typeOf ("if mismatch", If (Bool true, Int 1, Bool false))
val _ = typeOf ("if ok", Lam ("b", If (Var "b", Lam ("x", Var "x"), Lam ("y", App (App (Var "add", Var "y"), Int 1)))))
val _ = typeOf ("unbound", App (Var "mystery", Int 2))
val _ = typeOf ("S combinator", Lam ("f", Lam ("g", Lam ("x", App (App (Var "f", Var "x"), App (Var "g", Var "x"))))))
val _ = typeOf ("twice", Let ("twice", Lam ("f", Lam ("x", App (Var "f", App (Var "f", Var "x")))),
                              App (App (Var "twice", Var "twice"), Lam ("n", App (App (Var "add", Var "n"), Int 1)))))
val _ = typeOf ("pair applied", App (Var "pair", Bool false))
val _ = pr ("type variables made: " ^ pi (!counter))
