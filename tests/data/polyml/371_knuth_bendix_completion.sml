(* Knuth-Bendix completion of the group axioms, after the Knuth-Bendix benchmark: matching, naive
   unification, leftmost-outermost rewriting driven by exceptions, a
   recursive path ordering with lexicographic status, critical pairs and
   the completion loop printing each rule it adds or deletes. *)
datatype term = V of int | T of string * term list
datatype ord = Gt | Eq | NotGe

exception NoMatch and NoUnify and NotFound and NoRedex and Stuck

fun lookup k [] = raise NotFound
  | lookup k ((k', v) :: rest) = if k = k' then v else lookup k rest
fun bound k s = List.exists (fn (k', _) => k = k') s

fun fold2 f a [] [] = a
  | fold2 f a (x :: xs) (y :: ys) = fold2 f (f a (x, y)) xs ys
  | fold2 _ _ _ _ = raise NoMatch

fun union xs ys = foldr (fn (x, acc) => if List.exists (fn y => y = x) acc then acc else x :: acc) ys xs
fun vars (V n) = [n]
  | vars (T (_, ts)) = foldr (fn (t, acc) => union (vars t) acc) [] ts

fun subst s (t as V n) = (lookup n s handle NotFound => t)
  | subst s (T (f, ts)) = T (f, map (subst s) ts)

fun replaceAt t [] r = r
  | replaceAt (T (f, ts)) (i :: path) r =
      T (f, List.tabulate (length ts, fn j => if j + 1 = i then replaceAt (List.nth (ts, j)) path r else List.nth (ts, j)))
  | replaceAt _ _ _ = raise Stuck

fun match pat t =
  let fun go s (V v, m) = if bound v s then (if lookup v s = m then s else raise NoMatch) else (v, m) :: s
        | go s (T (f, ps), T (g, ms)) = if f = g then fold2 go s ps ms else raise NoMatch
        | go _ _ = raise NoMatch
  in go [] (pat, t) end

fun occurs n (V m) = n = m
  | occurs n (T (_, ts)) = List.exists (occurs n) ts

fun compose s1 s2 = map (fn (v, t) => (v, subst s1 t)) s2 @ s1
fun unify (t1 as V n, t2) = if t1 = t2 then [] else if occurs n t2 then raise NoUnify else [(n, t2)]
  | unify (t1, V n) = if occurs n t1 then raise NoUnify else [(n, t1)]
  | unify (T (f, ts), T (g, us)) =
      if f <> g then raise NoUnify
      else fold2 (fn s => fn (a, b) => compose (unify (subst s a, subst s b)) s) [] ts us
        handle NoMatch => raise NoUnify

fun show (V n) = "v" ^ Int.toString n
  | show (T (f, [a, b])) = if f = "*" then paren a ^ "*" ^ paren b else f ^ "(" ^ show a ^ "," ^ show b ^ ")"
  | show (T (f, [])) = f
  | show (T (f, ts)) = f ^ "(" ^ String.concatWith "," (map show ts) ^ ")"
and paren (t as T ("*", _)) = "(" ^ show t ^ ")"
  | paren t = show t

(* rules: (number, (number of variables, (left, right))) *)
fun normalise (l, r) =
  let val vs = union (vars l) (vars r)
      val (k, s) = foldl (fn (v, (i, s)) => (i + 1, (v, V i) :: s)) (1, []) vs
  in (k - 1, (subst s l, subst s r)) end

fun showRule (k, (_, (l, r))) = print (Int.toString k ^ " : " ^ show l ^ " = " ^ show r ^ "\n")

fun rewriteTop rules t =
  let fun try [] = raise NoRedex
        | try ((_, (_, (l, r))) :: more) = (subst (match l t) r handle NoMatch => try more)
  in try rules end

fun rewrite1 rules t =
  rewriteTop rules t handle NoRedex =>
    (case t of
       V _ => raise NoRedex
     | T (f, ts) =>
         let fun first [] = raise NoRedex
               | first (u :: us) = (rewrite1 rules u :: us) handle NoRedex => u :: first us
         in T (f, first ts) end)

fun normal rules t = normal rules (rewrite1 rules t) handle NoRedex => t

fun reducible l t =
  (match l t; true) handle NoMatch =>
    (case t of T (_, ts) => List.exists (reducible l) ts | V _ => false)

fun rank "U" = 0 | rank "*" = 1 | rank "I" = 2 | rank "B" = 3 | rank "C" = 4 | rank "A" = 5 | rank _ = 100
fun prec f g = let val (a, b) = (rank f, rank g) in if a = b then Eq else if a > b then Gt else NotGe end

fun rpo (m, n) =
  if m = n then Eq
  else case (m, n) of
         (V _, _) => NotGe
       | (_, V v) => if occurs v m then Gt else NotGe
       | (T (f, ms), T (g, ns)) =>
           case prec f g of
             Gt => if List.all (fn n' => rpo (m, n') = Gt) ns then Gt else NotGe
           | Eq => lex (m, n) (ms, ns)
           | NotGe => if List.exists (fn m' => rpo (m', n) <> NotGe) ms then Gt else NotGe
and lex (m, n) ([], []) = Eq
  | lex _ ([], _) = NotGe
  | lex _ (_, []) = Gt
  | lex (m, n) (a :: as', b :: bs) =
      case rpo (a, b) of
        Gt => if List.all (fn n' => rpo (m, n') = Gt) bs then Gt else NotGe
      | Eq => lex (m, n) (as', bs)
      | NotGe => if List.exists (fn m' => rpo (m', n) <> NotGe) as' then Gt else NotGe

fun greater p = rpo p = Gt

(* positions u (and unifiers) where the non-variable subterm of n at u unifies with m *)
fun overlaps m (n as T (_, ts)) =
      let val inside = #1 (foldl (fn (son, (acc, i)) =>
                         (acc @ map (fn (u, s) => (i :: u, s)) (overlaps m son), i + 1)) ([], 1) ts)
      in (([], unify (m, n)) :: inside) handle NoUnify => inside end
  | overlaps _ (V _) = []
fun strictOverlaps m (T (_, ts)) =
      #1 (foldl (fn (son, (acc, i)) => (acc @ map (fn (u, s) => (i :: u, s)) (overlaps m son), i + 1)) ([], 1) ts)
  | strictOverlaps _ _ = []

fun pairsAt sites (l1, r1) (l2, r2) = map (fn (u, s) => (subst s (replaceAt l2 u r1), subst s r2)) sites
fun critical e1 e2 = pairsAt (overlaps (#1 e1) (#1 e2)) e1 e2
fun strictCritical e1 e2 = pairsAt (strictOverlaps (#1 e1) (#1 e2)) e1 e2
fun mutual e1 e2 = strictCritical e1 e2 @ critical e2 e1
fun rename k (a, b) =
  let fun r (V n) = V (n + k) | r (T (f, ts)) = T (f, map r ts) in (r a, r b) end

fun complete rules0 eqs0 =
  let
    fun loop (n, rules, failures, (k, l), eqs) =
      case eqs of
        [] => next (n, rules, failures, (k, l))
      | (m, n') :: eqs' =>
          let val a = normal rules m and b = normal rules n'
              fun enter (left, right) =
                let val rule = (n + 1, normalise (left, right))
                    val _ = showRule rule
                    val (gone, kept) = List.partition (fn (_, (_, (l', _))) => reducible left l') rules
                    val _ = app (fn (j, _) => print ("Rule " ^ Int.toString j ^ " deleted\n")) gone
                    val kept' = map (fn (j, (_, (l', r'))) => (j, normalise (l', normal (rule :: rules) r'))) kept
                in loop (n + 1, rule :: kept', [], (k, l), eqs' @ map (#2 o #2) gone @ failures) end
          in if a = b then loop (n, rules, failures, (k, l), eqs')
             else if greater (a, b) then enter (a, b)
             else if greater (b, a) then enter (b, a)
             else loop (n, rules, (a, b) :: failures, (k, l), eqs')
          end
    and next (n, rules, failures, (k, l)) =
      if k < l then pairs (n, rules, failures, (k + 1, l))
      else if l < n then pairs (n, rules, failures, (1, l + 1))
      else if null failures then rules
      else (print "Non-orientable equations:\n";
            app (fn (a, b) => print (show a ^ " = " ^ show b ^ "\n")) failures; raise Stuck)
    and pairs (n, rules, failures, (k, l)) =
      (let val (v, el) = lookup l rules in
         if k = l then loop (n, rules, failures, (k, l), strictCritical el (rename v el))
         else (let val (_, ek) = lookup k rules in
                 loop (n, rules, failures, (k, l), mutual el (rename v ek)) end
               handle NotFound => pairs (n, rules, failures, (k + 1, l)))
       end handle NotFound => pairs (n, rules, failures, (1, l + 1)))
    val n0 = length rules0
  in loop (n0, rules0, [], (n0, n0), eqs0) end

fun u () = T ("U", []) and a () = T ("A", []) and b () = T ("B", []) and c () = T ("C", [])
fun x * y = T ("*", [x, y])
fun inv x = T ("I", [x])
val group = [(u () * V 1, V 1), (inv (V 1) * V 1, u ()), ((V 1 * V 2) * V 3, V 1 * (V 2 * V 3))]
val geometry = group @ [(a () * b (), b () * a ()), (c () * c (), u ()),
                        (c () * (a () * inv (c ())), inv (a ())), (c () * (b () * inv (c ())), b ())]

fun run name eqs =
  let val _ = print ("-- " ^ name ^ "\n")
      val rules = complete [] eqs
  in print "Canonical set found:\n"; app showRule (rev rules) end

val _ = run "group" group
val _ = print (show (normal (complete [] group) (inv (a () * b ()) * (a () * (b () * c ())))) ^ "\n")
val _ = (run "commutator" [(a () * b (), b () * a ()), (inv (inv (V 1)), V 1)]) handle Stuck => print "stuck\n"
