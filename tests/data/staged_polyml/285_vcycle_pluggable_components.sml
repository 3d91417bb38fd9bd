(* The online-PE paper's V-cycle (Figure 7): a multigrid cycle whose
   components (smoother, residual, restriction, interpolation) are passed
   in as functions, specialised so that the components are inlined, the
   recursion over levels is unrolled and the number of smoothing steps is
   a constant.  Here on integer arrays, with simple components; the
   residual-then-restrict pair is also offered fused into one pass (the
   paper's iterate_rr), which must give the same result without the
   temporary array.  Checked against the same cycle unstaged. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showArr a = String.concatWith " " (List.tabulate (Array.length a, fn i => pi (Array.sub (a, i))))

(* components, each in two forms: a plain function and a generator *)
fun at (a, i) = Array.sub (a, Int.max (0, Int.min (Array.length a - 1, i)))
fun smoothF a = Array.tabulate (Array.length a, fn i => (at (a, i - 1) + 2 * at (a, i) + at (a, i + 1)) div 4)
fun residualF (a, s) = Array.tabulate (Array.length a, fn i => Array.sub (a, i) - Array.sub (s, i))
fun restrictF r = Array.tabulate (Array.length r div 2, fn i => (Array.sub (r, 2 * i) + Array.sub (r, 2 * i + 1)) div 2)
fun interpolateF (a, c) = Array.tabulate (Array.length a, fn i => Array.sub (a, i) + (if i div 2 < Array.length c then Array.sub (c, i div 2) else 0))

val smoothG : [int array -> int array] =
    code (fn a => let fun at' i = Array.sub (a, Int.max (0, Int.min (Array.length a - 1, i)))
                  in Array.tabulate (Array.length a, fn i => (at' (i - 1) + 2 * at' i + at' (i + 1)) div 4) end)
val residualG : [int array * int array -> int array] = code (fn (a, s) => Array.tabulate (Array.length a, fn i => Array.sub (a, i) - Array.sub (s, i)))
val restrictG : [int array -> int array] = code (fn r => Array.tabulate (Array.length r div 2, fn i => (Array.sub (r, 2 * i) + Array.sub (r, 2 * i + 1)) div 2))
val interpolateG : [int array * int array -> int array] =
    code (fn (a, c) => Array.tabulate (Array.length a, fn i => Array.sub (a, i) + (if i div 2 < Array.length c then Array.sub (c, i div 2) else 0)))
(* residual and restriction in one pass: no temporary residual array *)
val fusedRRG : [int array * int array -> int array] =
    code (fn (a, s) => Array.tabulate (Array.length a div 2, fn i =>
            ((Array.sub (a, 2 * i) - Array.sub (s, 2 * i)) + (Array.sub (a, 2 * i + 1) - Array.sub (s, 2 * i + 1))) div 2))

(* unstaged cycle *)
fun smoothSteps (a, 0) = a
  | smoothSteps (a, k) = smoothSteps (smoothF a, k - 1)
fun vcycle (a, lvl, levels, steps) =
    let val a1 = smoothSteps (a, steps)
    in if lvl = levels - 1 orelse Array.length a1 < 2 then a1
       else let val coarse = restrictF (residualF (a, a1))
                val corrected = vcycle (coarse, lvl + 1, levels, steps)
            in smoothSteps (interpolateF (a1, corrected), steps) end
    end

(* staged cycle: levels and steps static, components spliced *)
val levelsBuilt = ref 0
fun smoothStepsG 0 : [int array -> int array] = code (fn a => a)
  | smoothStepsG k = let cogen s = smoothG cogen more = smoothStepsG (k - 1) in code (fn a => more (s a)) end
fun vcycleG (lvl, levels, steps, fused) : [int array -> int array] =
    let val _ = levelsBuilt := !levelsBuilt + 1
        val preG = smoothStepsG steps
    in if lvl = levels - 1 then preG
       else let cogen pre = preG
                cogen deeper = vcycleG (lvl + 1, levels, steps, fused)
                cogen resid = residualG
                cogen restr = restrictG
                cogen rr = fusedRRG
                cogen interp = interpolateG
                cogen post = smoothStepsG steps
                cogen useFused = lift fused
            in code (fn a => let val a1 = pre a
                             in if Array.length a1 < 2 then a1
                                else let val coarse = if useFused then rr (a, a1) else restr (resid (a, a1))
                                     in post (interp (a1, deeper coarse)) end
                             end)
            end
    end

val inputs = [Array.fromList [0, 0, 0, 100, 0, 0, 0, 0],
              Array.fromList [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160],
              Array.fromList [5, ~5, 5, ~5, 5, ~5, 5, ~5],
              Array.fromList [7]]
fun same (a, b) = Array.length a = Array.length b andalso Array.foldli (fn (i, v, ok) => ok andalso v = Array.sub (b, i)) true a

val _ = app (fn (levels, steps, fused) =>
               let val _ = levelsBuilt := 0
                   val f = eval (vcycleG (0, levels, steps, fused))
               in pr ("levels " ^ pi levels ^ ", steps " ^ pi steps ^ (if fused then ", fused" else "") ^ ": " ^ pi (!levelsBuilt) ^ " levels built");
                  app (fn a => let val got = f a
                               in pr ("  " ^ showArr got ^ (if same (got, vcycle (a, 0, levels, steps)) then "" else "  MISMATCH")) end) inputs
               end) [(1, 1, false), (2, 1, false), (3, 2, false), (3, 2, true), (4, 1, true)]

(* a few cycles in a row *)
val cycle = eval (vcycleG (0, 3, 1, true))
fun repeat (a, 0) = a
  | repeat (a, k) = repeat (cycle a, k - 1)
val _ = pr ("three cycles: " ^ showArr (repeat (List.nth (inputs, 0), 3)))
