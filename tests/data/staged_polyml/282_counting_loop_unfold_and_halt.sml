(* The counting-loop problem of the online-PE paper (and of Jones,
   Gomard and Sestoft): count(i, N) = if i < N then count(i + 1, N) else i.
   With N static the call folds to a constant; with N dynamic an eager
   specialiser would unfold forever, so the generator unfolds a bounded
   number of steps (the paper's run annotation) and then halts,
   leaving a residual loop (the halt annotation).  After LMS: a while
   loop runs at generation time when its condition is static and stays
   in the code when it is dynamic, and a variable written under a
   dynamic condition must itself become dynamic. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun count (i, n) = if i < n then count (i + 1, n) else i

val unfolded = ref 0

(* N static: computed at generation time *)
fun countStatic (i, n) : [int] = let cogen v = lift (count (i, n)) in code v end

(* N dynamic: unfold `budget` tests, then halt with a residual loop *)
fun countDynamic (i, budget) : [int -> int] =
    if budget = 0 then
      let cogen start = lift i
      in code (fn n => let fun loop j = if j < n then loop (j + 1) else j in loop start end) end
    else
      let val _ = unfolded := !unfolded + 1
          cogen ii = lift i
          cogen further = countDynamic (i + 1, budget - 1)
      in code (fn n => if ii < n then further n else ii) end

val _ = pr ("static: " ^ String.concatWith " " (map (fn (i, n) => pi (eval (countStatic (i, n)))) [(0, 10), (5, 3), (~4, 0), (7, 7)]))
val _ = app (fn budget =>
               let val _ = unfolded := 0
                   val f = eval (countDynamic (2, budget))
               in pr ("budget " ^ pi budget ^ " (" ^ pi (!unfolded) ^ " tests unfolded): " ^
                      String.concatWith " " (map (fn n => pi (f n) ^ "/" ^ pi (count (2, n))) [~1, 0, 2, 3, 4, 9, 100]))
               end) [0, 1, 3, 10]

(* LMS while: with a static condition the loop runs now and emits one statement per turn *)
val emittedAdds = ref 0
fun sumUpToStatic n : [int array -> unit] =
    let fun emit i = if i > n then code (fn _ => ())
                     else let val _ = emittedAdds := !emittedAdds + 1
                              cogen ii = lift i
                              cogen rest = emit (i + 1)
                          in code (fn acc => (Array.update (acc, 0, Array.sub (acc, 0) + ii); rest acc)) end
    in emit 1 end
(* with a dynamic condition the loop is residual *)
val sumUpToDynamic : [int -> int array -> unit] =
    code (fn n => fn acc => let val i = ref 1
                            in while !i <= n do (Array.update (acc, 0, Array.sub (acc, 0) + !i); i := !i + 1) end)
val acc = Array.array (1, 0)
val _ = eval (sumUpToStatic 10) acc
val _ = pr ("static while: sum 1..10 = " ^ pi (Array.sub (acc, 0)) ^ " from " ^ pi (!emittedAdds) ^ " emitted additions")
val _ = Array.update (acc, 0, 0)
val dynSum = eval sumUpToDynamic
val _ = dynSum 10 acc
val _ = pr ("dynamic while: sum 1..10 = " ^ pi (Array.sub (acc, 0)))
val _ = (Array.update (acc, 0, 0); dynSum 1000 acc)
val _ = pr ("dynamic while: sum 1..1000 = " ^ pi (Array.sub (acc, 0)))

(* var i = 0; if (c) i += 1: a static c keeps i static, a dynamic c makes i dynamic *)
datatype cond = Static of bool | Dynamic
fun bump (c, start) : [bool -> int] =
    case c of
        Static b => let cogen v = lift (if b then start + 1 else start) in code (fn _ => v) end
      | Dynamic => let cogen s = lift start in code (fn c => let val i = ref s in if c then i := !i + 1 else (); !i end) end
val _ = pr ("bump: static true " ^ pi (eval (bump (Static true, 5)) false) ^
            ", static false " ^ pi (eval (bump (Static false, 5)) true) ^
            ", dynamic on true " ^ pi (eval (bump (Dynamic, 5)) true) ^
            ", dynamic on false " ^ pi (eval (bump (Dynamic, 5)) false))
