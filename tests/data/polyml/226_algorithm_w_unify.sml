(* Hindley-Milner type inference (algorithm W with destructive
   unification through references), the classic exercise written by many
   (e.g. in the lecture notes of compiler courses that use SML): type
   variables are refs to NONE or SOME ty, generalisation by levels, and an
   occurs check. *)

datatype ty = TVar of tvar ref
            | TCon of string * ty list
and tvar = Unbound of int * int   (* id, level *)
         | Link of ty

datatype exp = Var of string
             | Lam of string * exp
             | App of exp * exp
             | Let of string * exp * exp
             | Lit of int

datatype scheme = Forall of int list * ty

exception TypeError of string

val counter = ref 0
fun fresh level = (counter := !counter + 1; TVar (ref (Unbound (!counter, level))))

fun arrow (a, b) = TCon ("->", [a, b])
val tint = TCon ("int", [])

fun prune (TVar (ref (Link t))) = prune t
  | prune t = t

fun occurs (r, level) t =
  case prune t of
      TVar (r' as ref (Unbound (id, l))) =>
        if r = r' then raise TypeError "occurs check"
        else if l > level then r' := Unbound (id, level) else ()
    | TVar _ => ()
    | TCon (_, ts) => app (occurs (r, level)) ts

fun unify (t1, t2) =
  case (prune t1, prune t2) of
      (TVar r1, TVar r2) => if r1 = r2 then () else
                              (case !r1 of Unbound (_, l) => (occurs (r1, l) (TVar r2); r1 := Link (TVar r2))
                                         | Link _ => raise Fail "pruned")
    | (TVar (r as ref (Unbound (_, l))), t) => (occurs (r, l) t; r := Link t)
    | (t, TVar (r as ref (Unbound (_, l)))) => (occurs (r, l) t; r := Link t)
    | (TCon (n1, a1), TCon (n2, a2)) =>
        if n1 = n2 andalso length a1 = length a2
        then ListPair.app unify (a1, a2)
        else raise TypeError ("cannot unify " ^ n1 ^ " with " ^ n2)
    | _ => raise Fail "unify"

fun generalize level t =
  let
    fun vars (t, acc) =
      case prune t of
          TVar (ref (Unbound (id, l))) =>
            if l > level andalso not (List.exists (fn i => i = id) acc) then id :: acc else acc
        | TVar _ => acc
        | TCon (_, ts) => foldl vars acc ts
  in Forall (rev (vars (t, [])), t) end

fun instantiate level (Forall (ids, t)) =
  let
    val subst = map (fn id => (id, fresh level)) ids
    fun inst t =
      case prune t of
          TVar (ref (Unbound (id, _))) =>
            (case List.find (fn (i, _) => i = id) subst of SOME (_, v) => v | NONE => t)
        | TVar _ => t
        | TCon (n, ts) => TCon (n, map inst ts)
  in inst t end

fun infer env level e =
  case e of
      Lit _ => tint
    | Var x =>
        (case List.find (fn (y, _) => x = y) env of
             SOME (_, s) => instantiate level s
           | NONE => raise TypeError ("unbound " ^ x))
    | Lam (x, body) =>
        let val a = fresh level
        in arrow (a, infer ((x, Forall ([], a)) :: env) level body) end
    | App (f, arg) =>
        let val tf = infer env level f
            val ta = infer env level arg
            val r = fresh level
        in unify (tf, arrow (ta, r)); r end
    | Let (x, e1, e2) =>
        let val t1 = infer env (level + 1) e1
        in infer ((x, generalize level t1) :: env) level e2 end

fun show t =
  let
    val names = ref []
    fun name id =
      case List.find (fn (i, _) => i = id) (!names) of
          SOME (_, n) => n
        | NONE => let val n = "'" ^ str (chr (ord #"a" + length (!names)))
                  in names := !names @ [(id, n)]; n end
    fun go (t, paren) =
      case prune t of
          TVar (ref (Unbound (id, _))) => name id
        | TVar _ => raise Fail "show"
        | TCon ("->", [a, b]) =>
            let val s = go (a, true) ^ " -> " ^ go (b, false)
            in if paren then "(" ^ s ^ ")" else s end
        | TCon (n, []) => n
        | TCon (n, ts) => String.concatWith " " (map (fn t => go (t, true)) ts) ^ " " ^ n
  in go (t, false) end

val prelude = [("add", Forall ([], arrow (tint, arrow (tint, tint))))]

fun check name e =
  print (name ^ " : " ^ show (infer prelude 0 e) ^ "\n")
  handle TypeError msg => print (name ^ " : error: " ^ msg ^ "\n")

val id = Lam ("x", Var "x")
val _ = check "id" id
val _ = check "const" (Lam ("x", Lam ("y", Var "x")))
val _ = check "compose" (Lam ("f", Lam ("g", Lam ("x", App (Var "f", App (Var "g", Var "x"))))))
val _ = check "let-poly" (Let ("id", id, App (App (Var "id", Var "id"), Lit 1)))
val _ = check "lambda-mono" (Lam ("id", App (App (Var "id", Var "id"), Lit 1)))
val _ = check "omega" (Lam ("x", App (Var "x", Var "x")))
val _ = check "apply" (Lam ("f", Lam ("x", App (Var "f", Var "x"))))
val _ = check "add1" (App (Var "add", Lit 1))
val _ = check "bad" (App (Lit 1, Lit 2))
val _ = check "S" (Lam ("x", Lam ("y", Lam ("z", App (App (Var "x", Var "z"), App (Var "y", Var "z"))))))
val _ = check "twice" (Let ("twice", Lam ("f", Lam ("x", App (Var "f", App (Var "f", Var "x")))),
                             App (Var "twice", App (Var "add", Lit 2))))
val _ = print ("type variables made: " ^ Int.toString (!counter) ^ "\n")
val _ = infer [] 0 (Var "nope")
