(* Two seeds of a scratch generator of curried generators (1014, 1056): chains of one to four fns over int, datatype, ref, pair, triple, box and unit patterns, with failing first clauses, layered and ref-reading patterns, lets, logs and cases between the fns, some wrapped so that they are not fns and some past the copy size bound; applied fully, in part and through a fn at depths 1 to 3, to arguments that log, count, raise, overflow, splice logging code variables and run nested generated code *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
exception E of int
datatype d = A of int | B of int * int | C
datatype bx = Box of int
fun dv (A n) = n | dv (B (a, b)) = a * 3 + b | dv C = 7
fun bv (Box n) = n
val cnt = ref 0
fun tick () = (cnt := !cnt + 1; !cnt)
cogen k0 = lift 0
cogen k1 = lift 1
cogen km = lift 4611686018427387903
cogen sk = code (t "sk" 3)
fun tv (a, b, c) = a * 100 + b * 10 + c

cogen g0 = code (fn (b2 as A a) => (((t "b1" (a) div k1) - ((if dv b2 = 1 then raise E 2 else dv b2) + (dv b2 + k0 * k1))) + (a * 0 - 0) + (a * 1 - 1) + (dv b2 * 2 - 2) + (a * 3 - 3) + (a * 4 - 4) + (a * 5 - 5) + (a * 6 - 6) + (a * 7 - 7) + (dv b2 * 8 - 8) + (dv b2 * 9 - 9) + (a * 10 - 10) + (dv b2 * 11 - 11) + (a * 12 - 12) + (a * 13 - 13) + (dv b2 * 14 - 14) + (a * 15 - 15) + (a * 16 - 16) + (dv b2 * 17 - 17) + (a * 18 - 18) + (dv b2 * 19 - 19) + (a * 20 - 20) + (dv b2 * 21 - 21) + (a * 22 - 22) + (a * 23 - 23) + (a * 24 - 24) + (dv b2 * 25 - 25) + (a * 26 - 26) + (dv b2 * 27 - 27) + (a * 28 - 28) + (dv b2 * 29 - 29) + (a * 30 - 30) + (a * 31 - 31) + (dv b2 * 32 - 32) + (a * 33 - 33) + (a * 34 - 34) + (dv b2 * 35 - 35) + (a * 36 - 36) + (dv b2 * 37 - 37) + (a * 38 - 38) + (a * 39 - 39) + (a * 40 - 40) + (a * 41 - 41) + (a * 42 - 42) + (dv b2 * 43 - 43) + (a * 44 - 44) + (dv b2 * 45 - 45) + (dv b2 * 46 - 46)))
cogen g1 = code (fn (y2 as x) => (let val y = (case (y2 div 1) of 0 => (x - x) | w => w + t "b2" (y2)) in (if (let val y = 4 in y2 end) = 2 then raise E 3 else 3) end))
cogen g2 = code (fn _ => (fn (a : int * int * int) => (fn b => (let val _ = t "l4" ((b := !b + 1; !b)) in (fn (x1 : int * int) => ((b := !b + 1; !b) + (((#1 x1 - #2 x1) + !b) + t "b3" (#2 x1)))) end))))
cogen g3 = code (let in (fn () => (fn (b1 as p) => (t "b5" ((if p = 0 then raise E 7 else b1)) * b1))) end)
val q0 = code (fn x => let cogen h0 = code (fn (z : int * int * int) => (fn (r : int * int) => tv z)) cogen lx = lift x in eval (code ([(((g2 (t "a6" ((tick ()))) ((k1 + k0), (k0 + k0), lx) (ref (lx)) (~1, (km + ~1)))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), ((((h0 ((t "a7" (k0)), (let val y = k0 in y * 2 end), k1)) (lx, ~1))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), (((g0 (B ((k1 + 1), (tick ()))))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4)])) end)
val _ = (say (sl (eval q0 4))) handle E n => say ("E" ^ si n) | Match => say "Match" | Bind => say "Bind" | Overflow => say "Overflow" | Div => say "Div"
val _ = flush ()
val q1 = code (fn z => let cogen lz = lift z in code (fn x => let val y = lz + x val rr = ref (x + 1) val pp = (y, x) val dd = A lz val bb = Box lz val tt = (lz, x, y) in [(((g0 (B ((eval (code ((let val ff = g3 (t "u9" ()) in ff 0 end)))), ~1)))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), ((((fn gv => gv (t "q13" pp)) (g2 k1 (x, k1, (1 + y)) rr))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4)] end) end)
val _ = (say (sl (eval (eval q1 0) 3))) handle E n => say ("E" ^ si n) | Match => say "Match" | Bind => say "Bind" | Overflow => say "Overflow" | Div => say "Div"
val _ = flush ()
val q2 = code (fn x => let val y = x + 1 val rr = ref (x + 2) val pp = (y, x) val dd = B (x, 2) val bb = Box (x * 3) val tt = (x, 1, 2) cogen lx = lift x in [(((let val f = g3 () in f sk end)) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), eval (code ((((g2 k0 ((g1 lx), lx, (eval (code ((g1 k1))))) (ref (k0)) ((k1 + lx), (let val a = k1 in a * 2 end)))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4))), eval (code (eval (code (((((fn gv => gv (k1, (t "a16" (k0)))) (g2 ~1 (k0, (let val z = lx in z * 2 end), (tick ())) (ref ((t "a15" (2))))))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4)))))] end)
val _ = (say (sl (eval q2 2))) handle E n => say ("E" ^ si n) | Match => say "Match" | Bind => say "Bind" | Overflow => say "Overflow" | Div => say "Div"
val _ = flush ()
val q3 = code (fn z => let cogen lz = lift z in code (fn x => let val y = lz + x val rr = ref (x + 1) val pp = (y, x) val dd = A lz val bb = Box lz val tt = (lz, x, y) in [((((g3 (t "u17" ())) x)) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), (((g0 (A ((tick ()))))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4)] end) end)
val _ = (say (sl (eval (eval q3 1) 3))) handle E n => say ("E" ^ si n) | Match => say "Match" | Bind => say "Bind" | Overflow => say "Overflow" | Div => say "Div"
val _ = flush ()

cogen g0 = code (let in (fn (b : int * int) => (fn a => ((t "b1" (dv a) + (#1 b - #2 b)) div 1))) end)
cogen g1 = code (fn y => (fn 0 => t "b2" (y) | _ => (y + (y * 0 - 0) + (y * 1 - 1) + (y * 2 - 2) + (y * 3 - 3) + (y * 4 - 4) + (y * 5 - 5) + (y * 6 - 6) + (y * 7 - 7) + (y * 8 - 8) + (y * 9 - 9) + (y * 10 - 10) + (y * 11 - 11) + (y * 12 - 12) + (y * 13 - 13) + (y * 14 - 14) + (y * 15 - 15) + (y * 16 - 16) + (y * 17 - 17) + (y * 18 - 18) + (y * 19 - 19) + (y * 20 - 20) + (y * 21 - 21) + (y * 22 - 22) + (y * 23 - 23) + (y * 24 - 24) + (y * 25 - 25) + (y * 26 - 26) + (y * 27 - 27) + (y * 28 - 28) + (y * 29 - 29) + (y * 30 - 30) + (y * 31 - 31) + (y * 32 - 32) + (y * 33 - 33) + (y * 34 - 34) + (y * 35 - 35) + (y * 36 - 36) + (y * 37 - 37))))
val q0 = code (fn x => let val y = x + 1 val rr = ref (x + 2) val pp = (y, x) val dd = B (x, 2) val bb = Box (x * 3) val tt = (x, 1, 2) cogen lx = lift x in [((((g1 (t "a3" (k1))) ((g0 (k0, k0)) C))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), eval (code ((((g0 ((tick ()), k0) (B ((t "a6" (2)), ~1)))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4))), eval (code (eval (code ((((g0 ((km + lx), k1) (t "d10" (A 0)))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4)))))] end)
val _ = (say (sl (eval q0 3))) handle E n => say ("E" ^ si n) | Match => say "Match" | Bind => say "Bind" | Overflow => say "Overflow" | Div => say "Div"
val _ = flush ()
val q1 = let fun gen n = if n = 0 then code 0 else let cogen rest = gen (n - 1) cogen k = lift n in code (rest + ((((g1 (t "a11" ((t "a12" (k)))) (t "a13" ((t "a14" (~1)))))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4)) * k) end in gen 3 end
val _ = (say (si (eval q1))) handle E n => say ("E" ^ si n) | Match => say "Match" | Overflow => say "Overflow" | Div => say "Div"
val _ = flush ()
val q2 = code (fn x => let val y = x + 1 val rr = ref (x + 2) val pp = (y, x) val dd = B (x, 2) val bb = Box (x * 3) val tt = (x, 1, 2) in [((((fn gv => gv (B (y, 0))) (g0 pp))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), (((g1 x y)) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), ((((g1 k1) (if k0 > 5 then raise E 4 else 2))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4)] end)
val _ = (say (sl (eval q2 1))) handle E n => say ("E" ^ si n) | Match => say "Match" | Bind => say "Bind" | Overflow => say "Overflow" | Div => say "Div"
val _ = flush ()
val q3 = code (fn x => let cogen h3 = code (fn _ => (fn (a1 as (b2, z1, _)) => (t "m17" (); (fn a => (((let val y = (a := !a + 1; !a) in 3 end) - (let val x = (a := !a + 1; !a) in #3 a1 end)) + k0 * k1))))) cogen lx = lift x in eval (code ([((((fn gv => gv (A ((if lx > 5 then raise E 8 else ~1)))) (g0 ((let val z = lx in z * 2 end), (t "a18" (k1)))))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), (((h3 lx ((t "a20" (lx)), 2, (t "a21" (~1))) (ref ((if lx > 5 then raise E 8 else k1))))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4), (((g0 ((t "a22" (k0)), ((fn gv => gv k0) (g1 lx))) (t "d23" (A 0)))) handle E n => 1000 + n | Match => ~1 | Bind => ~2 | Overflow => ~3 | Div => ~4)])) end)
val _ = (say (sl (eval q3 4))) handle E n => say ("E" ^ si n) | Match => say "Match" | Bind => say "Bind" | Overflow => say "Overflow" | Div => say "Div"
val _ = flush ()
