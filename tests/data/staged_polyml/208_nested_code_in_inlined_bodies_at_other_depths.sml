(* Generators whose fn bodies build nested code reading code variables of the place they were defined (lifted constants, generators, generator arguments), inlined into code at other environment depths (under lets, fns, handlers, inside loops and recursive functions) and run there with eval, once and many times *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
fun maker k0 (g : [int -> int]) =
  let cogen k = lift (t "k" k0)
      cogen g = g
  in code (fn a => fn b => let cogen la = lift (a - b) in code (g (la * k) + k) end) end
cogen m1 = maker 3 (code (fn v => v * v))
cogen m2 = maker 10 (code (fn v => t "m2-run" (v + 1)))
val _ = flush ()
val p1 = code (fn x =>
  let val u = 1 val v = 2 val w = (u, v)
      val a = eval (m1 x 1)
      val b = let val z = x * 2 in eval (m2 z (t "b" u)) end
      val c = (eval (m1 (if x > 0 then raise Fail "no" else x) 0)) handle Fail s => t s 77
      val d = let fun go 0 acc = acc | go n acc = go (n - 1) (acc + eval (m1 n (#1 w))) in go 4 0 end
      val r = ref 0 val i = ref 0
      val _ = while !i < 3 do (r := !r + eval (m2 (!i) 0); i := !i + 1)
      val gen = m1 5 (t "g" 1)
      val e = eval gen + eval gen
      val part = m2 100
      val f = eval (part 1) - eval (part 2)
  in [a, b, c, d, !r, e, f] end)
val _ = say (sl (eval p1 4))
val _ = flush ()
val _ = say (sl (eval p1 0))
val _ = flush ()
(* the same, generated one stage further down *)
val p2 = code (fn x => let cogen lx = lift x in code (fn y => (eval (m1 lx y), eval (m2 y lx), let val q = m1 (y + lx) (t "q" 0) in (eval q, eval q) end)) end)
val s2 = eval p2 6
val _ = flush ()
val _ = case eval s2 2 of (a, b, (c, d)) => say (sl [a, b, c, d])
val _ = flush ()
(* a code variable of the defining generator shadowed by a run-time name in the inlining code *)
fun shadowing () = let cogen k = lift 1000 in code (fn k2 => let cogen k3 = lift (k2 + k) in code (k3, k) end) end
cogen sh = shadowing ()
val p3 = code (fn k => let val k2 = k + 1 in (eval (sh k2), eval (sh k), let val k = 0 in eval (sh k) end) end)
val _ = case eval p3 5 of ((a, b), (c, d), (e, f)) => say (sl [a, b, c, d, e, f])
(* a chain whose nested code is itself a chain, inlined at the next stage *)
cogen outer = code (fn a => fn b => let cogen s = lift (a * 10 + b) in code (fn c => fn d => s * 100 + c * 10 + d) end)
val p4 = code (fn x => let cogen inner = outer (t "oa" x) (t "ob" 2) in code (fn y => (inner y (t "id" 3), inner 0 0, let val h = inner (t "ic" y) in h 1 + h 2 end)) end)
val s4 = eval p4 1
val _ = flush ()
val _ = case eval s4 7 of (a, b, c) => say (sl [a, b, c])
val _ = flush ()
