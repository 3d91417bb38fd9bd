(* Term rewriting in the style of a completion procedure: matching and
   unification signal failure by exceptions, rules are tried in turn with
   a handler as the `else`, and terms are normalised leftmost-outermost. *)
datatype term = V of int | T of string * term list

exception NoMatch
exception NoUnify
exception NoRule

fun lookup (v, []) = NONE
  | lookup (v, (w, t) :: rest) = if v = w then SOME t else lookup (v, rest)

fun subst s (V v) = (case lookup (v, s) of SOME t => t | NONE => V v)
  | subst s (T (f, args)) = T (f, map (subst s) args)

fun matchWith s (V v, t) =
      (case lookup (v, s) of
         NONE => (v, t) :: s
       | SOME t' => if t' = t then s else raise NoMatch)
  | matchWith s (T (f, ps), T (g, ts)) =
      if f = g andalso length ps = length ts
      then ListPair.foldl (fn (p, t, s) => matchWith s (p, t)) s (ps, ts)
      else raise NoMatch
  | matchWith _ _ = raise NoMatch

fun occurs v (V w) = v = w
  | occurs v (T (_, ts)) = List.exists (occurs v) ts

fun unify (V v, t) = if t = V v then [] else if occurs v t then raise NoUnify else [(v, t)]
  | unify (t, V v) = unify (V v, t)
  | unify (T (f, ss), T (g, ts)) =
      if f <> g orelse length ss <> length ts then raise NoUnify
      else ListPair.foldl (fn (a, b, s) =>
             let val s' = unify (subst s a, subst s b)
             in map (fn (v, t) => (v, subst s' t)) s @ s' end) [] (ss, ts)

fun tryEach f [] = raise NoRule
  | tryEach f (x :: xs) = f x handle NoMatch => tryEach f xs

fun rewriteTop rules t = tryEach (fn (l, r) => subst (matchWith [] (l, t)) r) rules

fun rewriteOnce rules t =
  rewriteTop rules t
  handle NoRule =>
    (case t of
       V _ => raise NoRule
     | T (f, args) =>
         let fun first [] = raise NoRule
               | first (a :: rest) = (rewriteOnce rules a :: rest) handle NoRule => a :: first rest
         in T (f, first args) end)

fun normal rules t = normal rules (rewriteOnce rules t) handle NoRule => t

fun show (V n) = "x" ^ Int.toString n
  | show (T (f, [])) = f
  | show (T (f, [a, b])) = if f = "*" orelse f = "+" then "(" ^ show a ^ f ^ show b ^ ")"
                           else f ^ "(" ^ show a ^ "," ^ show b ^ ")"
  | show (T (f, args)) = f ^ "(" ^ String.concatWith "," (map show args) ^ ")"

fun c name = T (name, [])
fun op ** (a, b) = T ("*", [a, b])
infix 7 **
fun inv a = T ("I", [a])
val e = c "e"
(* a complete system for groups *)
val group =
  [(e ** V 1, V 1), (inv (V 1) ** V 1, e), ((V 1 ** V 2) ** V 3, V 1 ** (V 2 ** V 3)),
   (inv (V 1) ** (V 1 ** V 2), V 2), (V 1 ** e, V 1), (inv e, e), (inv (inv (V 1)), V 1),
   (V 1 ** inv (V 1), e), (V 1 ** (inv (V 1) ** V 2), V 2), (inv (V 1 ** V 2), inv (V 2) ** inv (V 1))]

val samples =
  [inv (c "a" ** c "b") ** (c "a" ** c "b"),
   ((c "a" ** inv (c "b")) ** c "b") ** inv (inv (c "c")),
   inv (inv (c "a") ** (e ** c "b")),
   (c "a" ** (c "b" ** c "c")) ** inv (c "c" ** e)]
val _ = app (fn t => print (show t ^ "  =>  " ^ show (normal group t) ^ "\n")) samples

(* critical overlaps: unify a left side with a subterm of another *)
fun subterms (t as V _) = []
  | subterms (t as T (_, args)) = t :: List.concat (map subterms args)
fun rename k (V n) = V (n + k)
  | rename k (T (f, args)) = T (f, map (rename k) args)
val overlaps =
  List.concat (map (fn (l1, _) =>
    List.concat (map (fn (l2, _) =>
      List.mapPartial (fn s => SOME (unify (rename 10 l1, s)) handle NoUnify => NONE)
        (subterms l2)) (List.take (group, 4)))) (List.take (group, 4)))
val _ = print (Int.toString (length overlaps) ^ " overlaps among the first four rules\n")
val _ = print ((show (normal [] (c "a")) ^ " " ^ show (rewriteOnce group (c "a"))) handle NoRule => "no rule applies\n")
