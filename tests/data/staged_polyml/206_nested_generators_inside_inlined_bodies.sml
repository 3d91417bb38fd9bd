(* Inlined generator bodies that themselves hold code: lift of a pair argument bound split, of its components and of curried arguments, cogen inside the body, nested code applied at the next stage, in the apply, apply-pair and apply-curried forms and in the plain closure, at two and three stages *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
cogen mkpair = code (fn st => let cogen s = lift st in code (#1 s * 10 + #2 s) end)
cogen mkcomp = code (fn (a, b) => let cogen x = lift a cogen y = lift (t "lift b" b) in code (fn z => x * 100 + y * 10 + z) end)
cogen mkcur = code (fn a => fn b => fn c => let cogen s = lift (a + b + c) in code (fn k => (s, k, s * k)) end)
cogen mkmid = code (fn a => let cogen la = lift a in fn b => let cogen lb = lift b in code (la - lb) end end)
cogen mkwhole = code (fn (p as (a, _)) => let cogen lp = lift p cogen la = lift a in code (#2 lp + la) end)
cogen mkuse = code (fn c => let cogen c = lift c in code (c + 1) end)
val p1 = code (fn n =>
  let val st = (n, n + 1)
      val c1 = mkpair st
      val c2 = mkpair (t "x" n, t "y" 5)
      val c3 = mkcomp st
      val c4 = mkcomp (n, t "second" 9)
      val c5 = mkcur (t "c1" 1) (t "c2" n) (t "c3" 100)
      val part = mkcur n n
      val c6 = part 1
      val c7 = part 2
      val c8 = mkmid (t "m1" n) (t "m2" 2)
      val c9 = mkwhole st
      val c10 = mkwhole (t "w1" 3, t "w2" 4)
      val f = mkcur
  in (c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, f 0 0 0) end)
val stage2 = eval p1 7
val _ = flush ()
val _ = case stage2 of (c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11) =>
  (say (sl [eval c1, eval c2, eval c3 1, eval c4 2, eval c8, eval c9, eval c10]);
   say (String.concatWith " " (map (fn c => case eval c 3 of (a, b, d) => sl [a, b, d]) [c5, c6, c7, c11])))
val _ = flush ()
(* the same generators spliced into code that is itself generated *)
val p2 = code (fn n => let cogen inner = mkcomp (n, n * 2) in code (fn z => (inner z, inner (z + 1))) end)
val _ = case eval (eval p2 3) 4 of (a, b) => say (sl [a, b])
val _ = flush ()
(* three stages: the body of an inlined generator generates a generator *)
cogen deep = code (fn (a, b) => let cogen la = lift (a * b) in code (fn c => let cogen lc = lift (c + la) in code (fn d => (lc, d, la + d)) end) end)
val p3 = code (fn (x, y) => let val s = (y, x) in (deep (x, y), deep s, deep (t "d1" x, t "d2" 1)) end)
val _ = case eval p3 (2, 5) of (g1, g2, g3) =>
  (flush (); say (String.concatWith " " (map (fn g => case eval (eval g 10) 1 of (a, b, c) => sl [a, b, c]) [g1, g2, g3])))
cogen deepcur = code (fn a => fn b => let cogen l = lift (a - b) in code (fn c => let cogen m = lift (c * l) in code (m, l) end) end)
val p4 = code (fn x => (deepcur x 1, deepcur (t "e1" x) (t "e2" 3), let val g = deepcur 100 in (g x, g 0) end))
val _ = case eval p4 9 of (g1, g2, (g3, g4)) =>
  (flush (); say (String.concatWith " " (map (fn g => case eval (eval g 2) of (a, b) => sl [a, b]) [g1, g2, g3, g4])))
