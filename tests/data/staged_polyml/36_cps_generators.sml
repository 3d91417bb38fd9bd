(* Generation in continuation-passing style: the continuations are
   functions from generators to generators, so let-insertion is decided at
   generation time. Every intermediate result gets a register (a slot of
   an array the generated code allocates per call), numbered by a counter
   at generation time; direct-style generation duplicates the work of a
   squared subexpression, CPS computes it once, and the counts show it *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype e = K of int | X | Add of e * e | Mul of e * e | Neg of e | Sq of e
val work = ref 0
fun op' n = (work := !work + 1; n)
(* direct style: Sq splices its argument's code twice *)
fun direct (K n) = let cogen c = lift n in code (fn (_ : int) => c) end
  | direct X = code (fn x => x)
  | direct (Add (a, b)) = let cogen f = direct a cogen g = direct b in code (fn x => op' (f x + g x)) end
  | direct (Mul (a, b)) = let cogen f = direct a cogen g = direct b in code (fn x => op' (f x * g x)) end
  | direct (Neg a) = let cogen f = direct a in code (fn x => op' (~(f x))) end
  | direct (Sq a) = let cogen f = direct a in code (fn x => op' (f x * f x)) end
type frame = int * int array
val nextSlot = ref 0
(* bind g k: compute g once into a fresh register, continue with a generator that reads it *)
fun bind (g : [frame -> int]) (k : [frame -> int] -> [frame -> int]) : [frame -> int] =
  let val slot = !nextSlot
      val _ = nextSlot := slot + 1
      cogen s = lift slot
      cogen compute = g
      cogen rest = k (code (fn (_, regs) => Array.sub (regs, s)))
  in code (fn (x, regs) => (Array.update (regs, s, compute (x, regs)); rest (x, regs))) end
fun cps (ex : e) (k : [frame -> int] -> [frame -> int]) : [frame -> int] =
  case ex of
    K n => let cogen c = lift n in k (code (fn _ => c)) end
  | X => k (code (fn (x, _) => x))
  | Add (a, b) => cps a (fn ga => cps b (fn gb => bind (let cogen f = ga cogen g = gb in code (fn m => op' (f m + g m)) end) k))
  | Mul (a, b) => cps a (fn ga => cps b (fn gb => bind (let cogen f = ga cogen g = gb in code (fn m => op' (f m * g m)) end) k))
  | Neg a => cps a (fn ga => bind (let cogen f = ga in code (fn m => op' (~(f m))) end) k)
  | Sq a => cps a (fn ga => bind (let cogen f = ga in code (fn m => op' (f m * f m)) end) k)
fun compileCps ex =
  let val _ = nextSlot := 0
      cogen body = cps ex (fn g => g)
      cogen size' = lift (!nextSlot)
  in code (fn x => body (x, Array.array (size', 0))) end
fun interp (K n) _ = n | interp X x = x | interp (Add (a, b)) x = interp a x + interp b x
  | interp (Mul (a, b)) x = interp a x * interp b x | interp (Neg a) x = ~(interp a x)
  | interp (Sq a) x = let val v = interp a x in v * v end
val exprs = [Add (X, K 1), Sq (Sq (Add (X, K 1))), Sq (Sq (Sq (Sq X))), Neg (Mul (Sq (Add (X, X)), K 3)),
             Add (Sq (Neg X), Sq X), K 7, X, Sq (Sq (Sq (Sq (Sq (Sq (Add (X, K ~2)))))))]
val _ = app (fn ex =>
          let val fd = eval (direct ex)
              val fc = eval (compileCps ex)
              val slots = !nextSlot
              fun measure f = (work := 0; let val v = f 3 in (v, !work) end)
              val (vd, wd) = measure fd
              val (vc, wc) = measure fc
          in pr (pi (interp ex 3) ^ ": direct " ^ pi vd ^ " in " ^ pi wd ^ " ops, cps " ^ pi vc ^ " in " ^ pi wc ^ " ops, " ^ pi slots ^ " registers") end) exprs
(* the CPS-compiled function is reentrant: each call has its own registers *)
val f = eval (compileCps (Add (Sq X, Sq (Add (X, K 1)))))
val _ = pr (String.concatWith " " (map (fn x => pi (f x)) [0, 1, 2, ~3, 1000]))
val _ = pr (pi (f (f 1)))
