(* Boolean formulae compiled by staging: a formula over named variables
   becomes a generated predicate on an environment (a bool list), with
   constant folding at generation time (true andalso p = p). The compiled
   predicates print truth tables, count models and check tautologies. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype form = T | F | Var of int | Not of form | And of form * form | Or of form * form | Imp of form * form | Iff of form * form

(* simplification at generation time: what we know statically *)
datatype partial = Known of bool | Dyn of [bool list -> bool]
fun comp T = Known true
  | comp F = Known false
  | comp (Var i) = let cogen i' = lift i in Dyn (code (fn env => List.nth (env, i'))) end
  | comp (Not f) = (case comp f of Known b => Known (not b) | Dyn g => let cogen g' = g in Dyn (code (fn env => not (g' env))) end)
  | comp (And (a, b)) =
      (case (comp a, comp b) of
         (Known false, _) => Known false
       | (_, Known false) => Known false
       | (Known true, x) => x
       | (x, Known true) => x
       | (Dyn g, Dyn h) => let cogen g' = g cogen h' = h in Dyn (code (fn env => g' env andalso h' env)) end)
  | comp (Or (a, b)) = comp (Not (And (Not a, Not b)))
  | comp (Imp (a, b)) = comp (Or (Not a, b))
  | comp (Iff (a, b)) = comp (And (Imp (a, b), Imp (b, a)))

fun toGen f = case comp f of Known b => let cogen b' = lift b in code (fn (_ : bool list) => b') end | Dyn g => g
fun describe f = case comp f of Known b => "constant " ^ Bool.toString b | Dyn _ => "depends on its variables"

fun envs 0 = [[]]
  | envs n = let val r = envs (n - 1) in map (fn e => false :: e) r @ map (fn e => true :: e) r end
fun table (n, f) =
    let val p = eval (toGen f)
    in String.concat (map (fn e => if p e then "1" else "0") (envs n)) end
fun models (n, f) = let val p = eval (toGen f) in length (List.filter p (envs n)) end

val x = Var 0 val y = Var 1 val z = Var 2
val formulas =
  [("x and y", And (x, y)), ("x or y", Or (x, y)), ("x -> y", Imp (x, y)), ("x <-> y", Iff (x, y)),
   ("excluded middle", Or (x, Not x)), ("contradiction", And (x, Not x)),
   ("peirce", Imp (Imp (Imp (x, y), x), x)), ("majority", Or (Or (And (x, y), And (y, z)), And (x, z))),
   ("T and x", And (T, x)), ("F or F", Or (F, F)), ("not not T", Not (Not T))]
val _ = app (fn (name, f) => pr (name ^ ": " ^ table (3, f) ^ " models " ^ pi (models (3, f)) ^ ", " ^ describe f)) formulas
(* a bigger formula: parity of 7 variables *)
fun parity 0 = F
  | parity n = Iff (Not (Var (n - 1)), parity (n - 1))
val _ = pr ("parity of 7: " ^ pi (models (7, parity 7)) ^ " of " ^ pi (length (envs 7)))
val _ = pr ((table (1, Var 3)) handle Subscript => "variable out of range: Subscript at run time")
