(* A tautology checker by rewriting, after the Boyer benchmark: terms whose
   heads carry a mutable list of lemmas, compared by equality (refs by
   identity), unification against lemma left sides, and a case split on
   `if`. *)
datatype term = V of int | P of (string * (term * term) list ref) * term list
datatype binding = B of int * term

val heads : (string * (term * term) list ref) list ref = ref []

fun head name =
  let fun look [] = let val h = (name, ref []) in heads := h :: !heads; h end
        | look ((h as (n, _)) :: rest) = if n = name then h else look rest
  in look (!heads) end

exception Unbound
fun lookup v [] = raise Unbound
  | lookup v (B (w, t) :: rest) = if v = w then t else lookup v rest

fun subst s (t as V v) = (lookup v s handle Unbound => t)
  | subst s (P (h, args)) = P (h, map (subst s) args)

exception NoUnify
fun unify (t1, t2, s) =
  case t2 of
    V v => ((if lookup v s = t1 then s else raise NoUnify)
            handle Unbound => B (v, t1) :: s)
  | P (h2, a2) =>
      (case t1 of
         V _ => raise NoUnify
       | P (h1, a1) => if h1 = h2 then unifyList (a1, a2, s) else raise NoUnify)
and unifyList ([], [], s) = s
  | unifyList (x :: xs, y :: ys, s) = unifyList (xs, ys, unify (x, y, s))
  | unifyList _ = raise NoUnify

val rewrites = ref 0
fun rewrite (t as V _) = t
  | rewrite (P (h as (_, lemmas), args)) = tryLemmas (P (h, map rewrite args), !lemmas)
and tryLemmas (t, []) = t
  | tryLemmas (t, (l, r) :: more) =
      (let val s = unify (t, l, []) in rewrites := !rewrites + 1; rewrite (subst s r) end)
      handle NoUnify => tryLemmas (t, more)

(* lemmas written as nested lists: C (name, args) or X n *)
datatype c = X of int | C of string * c list
fun toTerm (X n) = V n
  | toTerm (C (n, args)) = P (head n, map toTerm args)
fun lemma (l, r) =
  case toTerm l of
    P ((_, r'), _) => r' := !r' @ [(toTerm l, toTerm r)]
  | V _ => raise Fail "lemma on a variable"

val T = C ("true", []) and F = C ("false", []) and Z = C ("zero", [])
fun If (a, b, c) = C ("if", [a, b, c])
fun Eq (a, b) = C ("equal", [a, b])
val x = X 1 and y = X 2 and z = X 3 and u = X 4 and w = X 5

val _ = app lemma
  [(C ("and", [x, y]), If (x, If (y, T, F), F)),
   (C ("or", [x, y]), If (x, T, If (y, T, F))),
   (C ("not", [x]), If (x, F, T)),
   (C ("implies", [x, y]), If (x, If (y, T, F), T)),
   (C ("iff", [x, y]), C ("and", [C ("implies", [x, y]), C ("implies", [y, x])])),
   (If (If (x, y, z), u, w), If (x, If (y, u, w), If (z, u, w))),
   (C ("plus", [C ("plus", [x, y]), z]), C ("plus", [x, C ("plus", [y, z])])),
   (C ("times", [x, C ("plus", [y, z])]), C ("plus", [C ("times", [x, y]), C ("times", [x, z])])),
   (C ("times", [C ("times", [x, y]), z]), C ("times", [x, C ("times", [y, z])])),
   (C ("append", [C ("append", [x, y]), z]), C ("append", [x, C ("append", [y, z])])),
   (C ("reverse", [C ("append", [x, y])]), C ("append", [C ("reverse", [y]), C ("reverse", [x])])),
   (Eq (C ("plus", [x, y]), Z), C ("and", [C ("zerop", [x]), C ("zerop", [y])])),
   (Eq (C ("times", [x, y]), Z), C ("or", [C ("zerop", [x]), C ("zerop", [y])])),
   (C ("zerop", [x]), C ("or", [Eq (x, Z), C ("not", [C ("numberp", [x])])])),
   (C ("difference", [x, x]), Z),
   (C ("lt", [C ("remainder", [x, y]), y]), C ("not", [C ("zerop", [y])])),
   (C ("remainder", [x, x]), Z),
   (C ("member", [x, C ("append", [y, z])]), C ("or", [C ("member", [x, y]), C ("member", [x, z])])),
   (C ("member", [x, C ("reverse", [y])]), C ("member", [x, y])),
   (C ("length", [C ("reverse", [x])]), C ("length", [x])),
   (Eq (C ("append", [x, y]), C ("append", [x, z])), Eq (y, z)),
   (C ("ge", [x, y]), C ("not", [C ("lt", [x, y])])),
   (C ("gt", [x, y]), C ("lt", [y, x])),
   (C ("le", [x, y]), C ("ge", [y, x])),
   (C ("fix", [x]), If (C ("numberp", [x]), x, Z))]

fun mem t [] = false
  | mem t (t' :: ts) = t = t' orelse mem t ts
fun isTrue (t as P ((n, _), _), known) = n = "true" orelse mem t known
  | isTrue (t, known) = mem t known
fun isFalse (t as P ((n, _), _), known) = n = "false" orelse mem t known
  | isFalse (t, known) = mem t known

val splits = ref 0
fun taut (t, ts, fs) =
  if isTrue (t, ts) then true
  else if isFalse (t, fs) then false
  else case t of
         P (("if", _), [c, a, b]) =>
           if isTrue (c, ts) then taut (a, ts, fs)
           else if isFalse (c, fs) then taut (b, ts, fs)
           else (splits := !splits + 1;
                 taut (a, c :: ts, fs) andalso taut (b, ts, c :: fs))
       | _ => false

fun show (V n) = "v" ^ Int.toString n
  | show (P ((n, _), [])) = n
  | show (P ((n, _), args)) = n ^ "(" ^ String.concatWith "," (map show args) ^ ")"

fun prove name t =
  let val _ = (rewrites := 0; splits := 0)
      val r = rewrite t
      val ok = taut (r, [], [])
  in print (name ^ ": " ^ (if ok then "proved" else "not proved") ^ " after "
            ^ Int.toString (!rewrites) ^ " rewrites and " ^ Int.toString (!splits) ^ " splits\n")
  end

val s = [B (1, toTerm (C ("f", [C ("plus", [C ("plus", [X 10, X 11]), C ("plus", [X 12, Z])])]))),
         B (2, toTerm (C ("f", [C ("times", [C ("times", [X 10, X 11]), C ("plus", [X 12, X 13])])]))),
         B (3, toTerm (C ("f", [C ("reverse", [C ("append", [C ("append", [X 10, X 11]), C ("nil", [])])])]))),
         B (4, toTerm (Eq (C ("plus", [X 10, X 11]), C ("difference", [X 1, X 2])))),
         B (5, toTerm (C ("lt", [C ("remainder", [X 10, X 11]), C ("member", [X 10, C ("length", [X 11])])])))]
val chain = toTerm (C ("implies", [C ("and", [C ("implies", [x, y]), C ("and", [C ("implies", [y, z]),
               C ("and", [C ("implies", [z, u]), C ("implies", [u, w])])])]), C ("implies", [x, w])]))
val _ = prove "chain" (subst (List.take (s, 2)) chain)
val _ = prove "converse" (toTerm (C ("implies", [C ("implies", [x, y]), C ("implies", [y, x])])))
val _ = prove "iff" (toTerm (C ("iff", [C ("and", [x, y]), C ("and", [y, x])])))
val _ = prove "excluded middle" (toTerm (C ("or", [x, C ("not", [x])])))
val _ = prove "zero" (toTerm (C ("implies", [Eq (C ("plus", [x, y]), Z), C ("zerop", [x])])))
val _ = print (show (rewrite (toTerm (C ("reverse", [C ("append", [C ("append", [x, y]), z])])))) ^ "\n")
val _ = print (Int.toString (length (!heads)) ^ " heads\n")
