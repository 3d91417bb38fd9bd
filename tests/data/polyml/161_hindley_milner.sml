(* Hindley-Milner type inference for a tiny lambda calculus with let,
   using mutable type variables (union-find on refs) and levels for
   generalisation. *)

datatype term =
    V of string
  | Lam of string * term
  | Ap of term * term
  | LetT of string * term * term
  | LetRec of string * term * term
  | IntLit of int
  | BoolLit of bool
  | IfT of term * term * term
  | PairT of term * term

datatype ty =
    TVar of tvar ref
  | TCon of string * ty list
and tvar =
    Unbound of int * int          (* id, level *)
  | Link of ty

datatype scheme = Forall of int list * ty

exception TypeError of string
exception Occurs

val counter = ref 0
fun fresh level = (counter := !counter + 1; TVar (ref (Unbound (!counter, level))))

fun prune (t as TVar (r as ref (Link t'))) =
      let val t'' = prune t' in r := Link t''; t'' end
  | prune t = t

infixr 5 -->
fun a --> b = TCon ("->", [a, b])
val tint = TCon ("int", [])
val tbool = TCon ("bool", [])
fun tpair (a, b) = TCon ("*", [a, b])
fun tlist a = TCon ("list", [a])

(* Pretty printing with letters assigned in order of first appearance. *)
fun showType t =
  let
    val names = ref [] : (int * string) list ref
    fun nameOf id =
      case List.find (fn (i, _) => i = id) (!names) of
        SOME (_, n) => n
      | NONE =>
          let val k = length (!names)
              val n = if k < 26 then "'" ^ str (chr (ord #"a" + k))
                      else "'t" ^ Int.toString k
          in names := !names @ [(id, n)]; n end
    fun go prec t =
      case prune t of
        TVar (ref (Unbound (id, _))) => nameOf id
      | TVar (ref (Link _)) => raise Fail "pruned"
      | TCon ("->", [a, b]) =>
          let val s = go 1 a ^ " -> " ^ go 0 b
          in if prec > 0 then "(" ^ s ^ ")" else s end
      | TCon ("*", [a, b]) =>
          let val s = go 2 a ^ " * " ^ go 2 b
          in if prec > 1 then "(" ^ s ^ ")" else s end
      | TCon (c, []) => c
      | TCon (c, [a]) => go 3 a ^ " " ^ c
      | TCon (c, args) => "(" ^ String.concatWith ", " (map (go 0) args) ^ ") " ^ c
  in go 0 t end

fun occursAdjust (id, level) t =
  case prune t of
    TVar (r as ref (Unbound (id', level'))) =>
      if id = id' then raise Occurs
      else if level' > level then r := Unbound (id', level) else ()
  | TVar _ => ()
  | TCon (_, args) => List.app (occursAdjust (id, level)) args

fun unify (t1, t2) =
  case (prune t1, prune t2) of
    (TVar r1, TVar r2) =>
      if r1 = r2 then ()
      else (case !r1 of
              Unbound (id, lv) => (occursAdjust (id, lv) (TVar r2); r1 := Link (TVar r2))
            | Link _ => raise Fail "unpruned")
  | (TVar (r as ref (Unbound (id, lv))), t) =>
      ((occursAdjust (id, lv) t; r := Link t)
       handle Occurs => raise TypeError ("infinite type " ^ showType (TVar r) ^ " = " ^ showType t))
  | (t, TVar r) => unify (TVar r, t)
  | (a as TCon (c1, args1), b as TCon (c2, args2)) =>
      if c1 = c2 andalso length args1 = length args2 then
        ListPair.app unify (args1, args2)
      else raise TypeError ("cannot unify " ^ showType a ^ " with " ^ showType b)

fun generalize level t =
  let
    val ids = ref []
    fun walk t =
      case prune t of
        TVar (ref (Unbound (id, lv))) =>
          if lv > level andalso not (List.exists (fn i => i = id) (!ids))
          then ids := id :: !ids else ()
      | TVar _ => ()
      | TCon (_, args) => List.app walk args
  in walk t; Forall (rev (!ids), t) end

fun instantiate level (Forall (ids, t)) =
  let
    val subst = map (fn id => (id, fresh level)) ids
    fun copy t =
      case prune t of
        tv as TVar (ref (Unbound (id, _))) =>
          (case List.find (fn (i, _) => i = id) subst of
             SOME (_, t') => t'
           | NONE => tv)
      | TCon (c, args) => TCon (c, map copy args)
      | other => other
  in copy t end

fun infer env level term =
  case term of
    V x =>
      (case List.find (fn (y, _) => y = x) env of
         SOME (_, s) => instantiate level s
       | NONE => raise TypeError ("unbound variable " ^ x))
  | IntLit _ => tint
  | BoolLit _ => tbool
  | Lam (x, body) =>
      let val a = fresh level
      in a --> infer ((x, Forall ([], a)) :: env) level body end
  | Ap (f, arg) =>
      let val tf = infer env level f
          val ta = infer env level arg
          val r = fresh level
      in unify (tf, ta --> r); r end
  | LetT (x, e1, e2) =>
      let val t1 = infer env (level + 1) e1
      in infer ((x, generalize level t1) :: env) level e2 end
  | LetRec (f, e1, e2) =>
      let val a = fresh (level + 1)
          val t1 = infer ((f, Forall ([], a)) :: env) (level + 1) e1
      in unify (a, t1); infer ((f, generalize level a) :: env) level e2 end
  | IfT (c, a, b) =>
      let val () = unify (infer env level c, tbool)
          val ta = infer env level a
      in unify (ta, infer env level b); ta end
  | PairT (a, b) => tpair (infer env level a, infer env level b)

val initialEnv =
  let fun mono name t = (name, Forall ([], t))
      fun poly name mk =
        let val a = fresh 1 val b = fresh 1
        in (name, generalize 0 (mk (a, b))) end
  in
    [ mono "add" (tint --> tint --> tint),
      mono "eq" (tint --> tint --> tbool),
      poly "nil" (fn (a, _) => tlist a),
      poly "cons" (fn (a, _) => a --> tlist a --> tlist a),
      poly "head" (fn (a, _) => tlist a --> a),
      poly "tail" (fn (a, _) => tlist a --> tlist a),
      poly "null" (fn (a, _) => tlist a --> tbool),
      poly "fst" (fn (a, b) => tpair (a, b) --> a),
      poly "snd" (fn (a, b) => tpair (a, b) --> b) ]
  end

fun typeOf term =
  (counter := 100; showType (infer initialEnv 1 term))
  handle TypeError msg => "type error: " ^ msg

fun lams (xs, body) = foldr Lam body xs
fun aps (f, args) = foldl (fn (a, acc) => Ap (acc, a)) f args

val examples = [
  ("id", Lam ("x", V "x")),
  ("const", lams (["x", "y"], V "x")),
  ("compose", lams (["f", "g", "x"], Ap (V "f", Ap (V "g", V "x")))),
  ("S", lams (["x", "y", "z"], aps (V "x", [V "z", Ap (V "y", V "z")]))),
  ("let-poly", LetT ("id", Lam ("x", V "x"), PairT (Ap (V "id", IntLit 1), Ap (V "id", BoolLit true)))),
  ("lambda-mono", Ap (Lam ("id", PairT (Ap (V "id", IntLit 1), Ap (V "id", BoolLit true))), Lam ("x", V "x"))),
  ("omega", Lam ("x", Ap (V "x", V "x"))),
  ("map", LetRec ("map", lams (["f", "l"],
             IfT (Ap (V "null", V "l"), V "nil",
                  aps (V "cons", [Ap (V "f", Ap (V "head", V "l")),
                                  aps (V "map", [V "f", Ap (V "tail", V "l")])]))),
           V "map")),
  ("length", LetRec ("len", Lam ("l", IfT (Ap (V "null", V "l"), IntLit 0,
                                         aps (V "add", [IntLit 1, Ap (V "len", Ap (V "tail", V "l"))]))),
           V "len")),
  ("swap", Lam ("p", PairT (Ap (V "snd", V "p"), Ap (V "fst", V "p")))),
  ("if-mismatch", IfT (BoolLit true, IntLit 1, BoolLit false)),
  ("unbound", Ap (V "frob", IntLit 3)),
  ("apply-int", Ap (IntLit 3, IntLit 4)),
  ("twice", LetT ("twice", lams (["f", "x"], Ap (V "f", Ap (V "f", V "x"))),
                  aps (V "twice", [V "twice", Lam ("n", aps (V "add", [V "n", IntLit 1]))]))),
  ("pairs", LetT ("dup", Lam ("x", PairT (V "x", V "x")),
                  LetT ("d2", Lam ("y", Ap (V "dup", Ap (V "dup", V "y"))), V "d2"))),
  ("fix-curry", LetRec ("f", lams (["x", "y"], aps (V "f", [V "y", V "x"])), V "f")),
  ("Y-ish", Lam ("f", Ap (Lam ("x", Ap (V "f", Ap (V "x", V "x"))), Lam ("x", Ap (V "f", Ap (V "x", V "x"))))))
]

val () = List.app (fn (name, t) => print (StringCvt.padRight #" " 12 name ^ ": " ^ typeOf t ^ "\n")) examples

(* A chain of lets doubling the type: the classic exponential example, kept small. *)
fun chain 0 = V "x0"
  | chain n = chain (n - 1)
val big = LetT ("x0", Lam ("z", V "z"),
           LetT ("x1", PairT (V "x0", V "x0"),
             LetT ("x2", PairT (V "x1", V "x1"),
               LetT ("x3", PairT (V "x2", V "x2"), V "x3"))))
val () = print ("chain: " ^ typeOf big ^ "\n")
val () = print ("fresh counter: " ^ Int.toString (!counter) ^ "\n")

(* An ill-typed program whose error escapes: infer is called without the handler. *)
val _ = infer initialEnv 1 (Ap (V "head", IntLit 0))
