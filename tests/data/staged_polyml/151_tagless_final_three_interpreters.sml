(* Carette, Kiselyov and Shan, "Finally Tagless, Partially Evaluated"
   (JFP 2009): a term is written once, against an abstract interface, and
   interpreted three ways - R evaluates, C compiles (generates code), P
   partially evaluates (static parts folded, dynamic parts compiled). The
   paper uses higher-order abstract syntax with open code in C; ML□ has
   closed code, so variables are de Bruijn levels into a run-time
   environment list (the closed modal analogue), and ML has no type
   classes or records here, so the interface is a tuple of functions and
   the terms are let-polymorphic functions of it. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* (int, var, add, mul, leq-if, let) *)
type 'r sym = (int -> 'r) * (int -> 'r) * ('r * 'r -> 'r) * ('r * 'r -> 'r) * ('r * 'r * 'r * 'r -> 'r) * ('r * 'r -> 'r)

(* R: run directly *)
val R : (int list -> int) sym =
  (fn n => fn _ => n, fn i => fn env => List.nth (env, length env - 1 - i),
   fn (a, b) => fn env => a env + b env, fn (a, b) => fn env => a env * b env,
   fn (a, b, t, e) => fn env => if a env <= b env then t env else e env,
   fn (v, body) => fn env => body (v env :: env))

(* C: generate code over the environment *)
val C : [int list -> int] sym =
  (fn n => let cogen n' = lift n in code (fn _ => n') end,
   fn i => let cogen i' = lift i in code (fn env => List.nth (env, length env - 1 - i')) end,
   fn (a, b) => let cogen a' = a cogen b' = b in code (fn env => a' env + b' env) end,
   fn (a, b) => let cogen a' = a cogen b' = b in code (fn env => a' env * b' env) end,
   fn (a, b, t, e) => let cogen a' = a cogen b' = b cogen t' = t cogen e' = e
                      in code (fn env => if a' env <= b' env then t' env else e' env) end,
   fn (v, body) => let cogen v' = v cogen b' = body in code (fn env => b' (v' env :: env)) end)

(* P: a static value when known, and always the code *)
type pe = int option * [int list -> int]
fun dyn ((_, c) : pe) = c
fun sta n : pe = let val (int, _, _, _, _, _) = C in (SOME n, int n) end
val P : pe sym =
  (sta,
   fn i => let val (_, var, _, _, _, _) = C in (NONE, var i) end,
   fn (a, b) => (case (a, b) of
                     ((SOME x, _), (SOME y, _)) => sta (x + y)
                   | ((SOME 0, _), _) => b
                   | (_, (SOME 0, _)) => a
                   | _ => let val (_, _, add, _, _, _) = C in (NONE, add (dyn a, dyn b)) end),
   fn (a, b) => (case (a, b) of
                     ((SOME x, _), (SOME y, _)) => sta (x * y)
                   | ((SOME 0, _), _) => sta 0
                   | ((SOME 1, _), _) => b
                   | (_, (SOME 1, _)) => a
                   | _ => let val (_, _, _, mul, _, _) = C in (NONE, mul (dyn a, dyn b)) end),
   fn (a, b, t, e) => (case (a, b) of
                           ((SOME x, _), (SOME y, _)) => if x <= y then t else e
                         | _ => let val (_, _, _, _, leq, _) = C in (NONE, leq (dyn a, dyn b, dyn t, dyn e)) end),
   fn (v, body) => let val (_, _, _, _, _, lt) = C in (NONE, lt (dyn v, dyn body)) end)

(* terms, written once; level 0 is the input *)
fun term1 ((int, var, add, mul, leq, lt) : 'r sym) = add (mul (int 2, int 3), mul (int 1, var 0))
fun term2 ((int, var, add, mul, leq, lt) : 'r sym) =
    lt (add (var 0, int 0), leq (var 1, int 10, mul (var 1, var 1), add (var 1, mul (int 0, var 0))))
fun term3 ((int, var, add, mul, leq, lt) : 'r sym) = leq (int 3, int 4, add (int 5, var 0), var 0)
fun power ((s as (int, var, add, mul, leq, lt)) : 'r sym) n =
    if n = 0 then int 1 else mul (var 0, power s (n - 1))

fun runC c = eval c
fun runAll name (r : int list -> int, c : [int list -> int], p : pe) inputs =
    let val cf = runC c val pf = runC (dyn p)
        val static = case p of (SOME n, _) => "static " ^ pi n | (NONE, _) => "dynamic"
    in pr (name ^ " (" ^ static ^ "): " ^
           String.concatWith " " (map (fn x => let val a = r [x] val b = cf [x] val d = pf [x]
                                                in if a = b andalso b = d then pi a else "MISMATCH" end) inputs)) end
val inputs = [~3, 0, 4, 11]
val _ = runAll "term1" (term1 R, term1 C, term1 P) inputs
val _ = runAll "term2" (term2 R, term2 C, term2 P) inputs
val _ = runAll "term3" (term3 R, term3 C, term3 P) inputs
val _ = runAll "power 5" (power R 5, power C 5, power P 5) inputs
fun term4 ((int, var, add, mul, leq, lt) : 'r sym) = leq (int 1, int 0, var 0, add (int 4, mul (int 5, int 6)))
val _ = runAll "term4" (term4 R, term4 C, term4 P) [0, 9]
(* an unbound level: List.nth raises Subscript in R and in generated code alike *)
fun bad ((_, var, _, _, _, _) : 'r sym) = var 3
val _ = pr ((pi (bad R [1]) ^ pi (runC (bad C) [1])) handle Subscript => "Subscript for an unbound variable")
