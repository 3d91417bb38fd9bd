(* Matches that fail and exceptions raised while generating (stage 0, or stage 1 generating stage 2 inside generated code and handled there), next to run-time failures of inlined generators; bodies that use their pair argument whole after binding code variables, local exceptions and datatypes; the program dies of a Match raised by a generator function at generation time *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
exception Gen of string
cogen f = code (fn st => let cogen k = code (t "k" 5) cogen m = lift (#1 st) val q = code (m + 1) in (k + eval q, st) end)
cogen g = code (fn (a, b) => let exception Loc of int datatype d = D of int | N fun h (D x) = x | h N = 0 in (h (D a) + ((raise Loc b) handle Loc z => z), (a, b)) end)
cogen w = code (fn st => let val (a, b) = st in let cogen l = lift (a * b) cogen s2 = lift st in code (l, s2) end end)
val p = code (fn x => let val pr = (x, x + 1) in
  (f pr, f (t "a" x, t "b" 2), g pr, g (3, t "c" 4), eval (w pr), eval (w (5, 6))) end)
val _ = case eval p 7 of ((a, (b, c)), (d, (e, f')), (g, (h, i)), (j, (k, l)), (m, (n, o2)), (q, (r, s))) =>
  say (String.concatWith "," (map si [a, b, c, d, e, f', g, h, i, j, k, l, m, n, o2, q, r, s]))
val _ = flush ()
(* a generator function whose clauses fail at generation time *)
fun gen (x :: rest) = let cogen r = gen rest cogen lx = lift (t "gen" x) in code (fn a => fn b => r (a + lx) (b * lx)) end
  | gen [] = code (fn a => fn b => a - b)
fun first (n :: _) = n
val _ = t "before" ()
cogen g3 = gen [1, 2, 3]
val _ = flush ()
val _ = say (si (eval (code (g3 (t "x" 1) (t "y" 2)))))
val _ = flush ()
val r1 = (let cogen bad = gen [first [], 2] in code (bad 1 1) end) handle Match => (t "match at generation" (); code 0)
val _ = say (si (eval r1))
val _ = flush ()
(* generation of stage 2 inside generated code: the failure is raised, and handled, when stage 1 runs *)
val p2 = code (fn l => (eval (let cogen h = gen (t "stage1" (if null l then raise Gen "empty" else l)) in code (h 10 (t "stage2" 1)) end))
                       handle Gen s => (t s 0) | Match => ~2)
val _ = say (si (eval p2 [4, 5]))
val _ = flush ()
val _ = say (si (eval p2 []))
val _ = flush ()
val p3 = code (fn l => let val c = (let cogen h = gen l in code (fn y => h y y) end) in (eval c 3, eval c 4) end)
val _ = case eval p3 [2] of (a, b) => say (si a ^ " " ^ si b)
val _ = flush ()
(* run-time failures in inlined bodies beside generation-time ones *)
cogen part = code (fn 0 => (fn b => b) | 1 => (fn b => ~b))
val p4 = code (fn x => (part (t "p" x) (t "q" 9)) handle Match => t "run-time match" 0)
val _ = say (si (eval p4 1))
val _ = say (si (eval p4 2))
val _ = flush ()
val _ = t "last" ()
cogen dies = gen [1, first (t "arg" [])]
val _ = say "not reached"
