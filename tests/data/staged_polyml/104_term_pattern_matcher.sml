(* A staged first-order pattern matcher and rewriter: rewrite rules
   (patterns with variables over a term algebra) are known at generation
   time and compiled into nested case analyses that bind variables into
   a substitution array; a generated normaliser applies the rules
   bottom-up until no rule applies, simplifying arithmetic and boolean
   terms. Non-linear patterns test equality of the bound subterms. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype term = F of string * term list | C of int
datatype pat = PV of int | PF of string * pat list | PC of int

fun show (C n) = pi n
  | show (F (f, [])) = f
  | show (F (f, args)) = f ^ "(" ^ String.concatWith "," (map show args) ^ ")"

(* matching code: succeed with k, fail with NONE; variables bound in the array *)
fun matchP (p : pat, k : [term array -> term option]) : [term * term array -> term option] =
    case p of
        PV i => let cogen i' = lift i cogen k' = k
                in code (fn (t, env) => case Array.sub (env, i') of
                                            C ~999 => (Array.update (env, i', t); k' env)
                                          | bound => if bound = t then k' env else NONE) end
      | PC n => let cogen n' = lift n cogen k' = k in code (fn (C m, env) => if m = n' then k' env else NONE | (_, _) => NONE) end
      | PF (f, ps) =>
          let cogen f' = lift f cogen arity = lift (length ps) cogen args = matchArgs (ps, k)
          in code (fn (F (g, ts), env) => if g = f' andalso length ts = arity then args (ts, env) else NONE | (_, _) => NONE) end
and matchArgs ([], k) = let cogen k' = k in code (fn (_ : term list, env) => k' env) end
  | matchArgs (p :: ps, k) =
      (* the arguments are matched one after another: p with a continuation that succeeds, then the rest *)
      let cogen here = matchP (p, code (fn (_ : term array) => SOME (C 0))) cogen rest = matchArgs (ps, k)
      in code (fn (t :: ts, env) => (case here (t, env) of SOME _ => rest (ts, env) | NONE => NONE) | ([], _) => NONE) end

fun instantiate (PV i) env = Array.sub (env, i)
  | instantiate (PC n) _ = C n
  | instantiate (PF (f, ps)) env = F (f, map (fn p => instantiate p env) ps)

fun ruleCode (lhs : pat, rhs : pat) : [term -> term option] =
    let cogen m = matchP (lhs, let cogen r = lift rhs in code (fn env => SOME (instantiate r env)) end)
    in code (fn t => m (t, Array.array (8, C ~999))) end

fun rulesCode [] = code (fn (_ : term) => (NONE : term option))
  | rulesCode (r :: rs) = let cogen here = ruleCode r cogen rest = rulesCode rs in code (fn t => case here t of NONE => rest t | some => some) end

exception Loop
fun normaliser (rules : (pat * pat) list) : [term -> term] =
    let cogen rw = rulesCode rules
    in code (fn t0 => let val steps = ref 0
                          fun norm t = let val t' = case t of F (f, args) => F (f, map norm args) | c => c
                                       in case rw t' of
                                              SOME u => (steps := !steps + 1; if !steps > 500 then raise Loop else norm u)
                                            | NONE => (case t' of
                                                           F ("+", [C a, C b]) => C (a + b)
                                                         | F ("*", [C a, C b]) => C (a * b)
                                                         | other => other) end
                      in norm t0 end) end

val x = 0 val y = 1
val arithRules = [(PF ("+", [PC 0, PV x]), PV x), (PF ("+", [PV x, PC 0]), PV x),
                  (PF ("*", [PC 1, PV x]), PV x), (PF ("*", [PV x, PC 1]), PV x),
                  (PF ("*", [PC 0, PV x]), PC 0), (PF ("*", [PV x, PC 0]), PC 0),
                  (PF ("-", [PV x, PV x]), PC 0),                                   (* non-linear *)
                  (PF ("neg", [PF ("neg", [PV x])]), PV x),
                  (PF ("*", [PV x, PF ("+", [PV y, PV 2])]), PF ("+", [PF ("*", [PV x, PV y]), PF ("*", [PV x, PV 2])]))]
val simp = eval (normaliser arithRules)
fun v s = F (s, [])
val terms = [F ("+", [C 0, F ("*", [v "a", C 1])]),
             F ("-", [F ("+", [v "a", v "b"]), F ("+", [v "a", v "b"])]),
             F ("-", [v "a", v "b"]),
             F ("neg", [F ("neg", [F ("neg", [v "z"])])]),
             F ("*", [v "k", F ("+", [v "a", C 3])]),
             F ("+", [F ("*", [C 2, C 3]), F ("*", [C 0, v "q"])]),
             F ("*", [F ("+", [C 1, C 1]), F ("+", [v "m", F ("-", [v "n", v "n"])])])]
val _ = List.app (fn t => pr (show t ^ "  =>  " ^ show (simp t))) terms

val boolRules = [(PF ("and", [PF ("true", []), PV x]), PV x), (PF ("and", [PF ("false", []), PV x]), PF ("false", [])),
                 (PF ("or", [PF ("true", []), PV x]), PF ("true", [])), (PF ("or", [PF ("false", []), PV x]), PV x),
                 (PF ("not", [PF ("true", [])]), PF ("false", [])), (PF ("not", [PF ("false", [])]), PF ("true", [])),
                 (PF ("not", [PF ("not", [PV x])]), PV x), (PF ("and", [PV x, PV x]), PV x)]
val bsimp = eval (normaliser boolRules)
val bt = F ("and", [F ("or", [v "false", F ("not", [F ("not", [v "p"])])]), F ("and", [v "true", v "p"])])
val _ = pr (show bt ^ "  =>  " ^ show (bsimp bt))
(* a rule set that loops is stopped *)
val looping = eval (normaliser [(PF ("f", [PV x]), PF ("f", [PF ("g", [PV x])])), (PF ("g", [PV x]), PV x)])
val _ = pr ((show (looping (F ("f", [C 1])))) handle Loop => "rewriting loops")
(* a big term: a sum of 100 zeros and variables normalised *)
fun bigSum 0 = C 0 | bigSum n = F ("+", [if n mod 3 = 0 then C 0 else v ("x" ^ pi (n mod 4)), bigSum (n - 1)])
val _ = pr (pi (size (show (simp (bigSum 100)))))
