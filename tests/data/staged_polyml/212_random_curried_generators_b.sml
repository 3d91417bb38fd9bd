(* A second seed of the random generators of 211 *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
exception E of int
cogen c0 = lift 0
cogen c1 = lift 1
cogen cs = lift ""
cogen cw0 = lift 0w0
cogen cw1 = lift 0w1

cogen ck = lift (~1)
cogen g0 = code (fn (_ : int ref) => ((case t "C2" 0 of 0 => (fn (p0_1 as q0_1) => (fn (ref p0_2) => (let val _ = t "L1" () in fn (p0_3r as ref p0_3, p0_3b) => (if ck > 3 then raise E 6 else c0) end))) | _ => (fn (p0_1 as q0_1) => (fn (ref p0_2) => (let val _ = t "L1" () in fn (p0_3r as ref p0_3, p0_3b) => (if ck > 3 then raise E 6 else c0) end))))))
cogen g1 = code (fn (ref p1_0) => (fn (p1_1 as (p1_1a, _, p1_1c)) => (fn (p1_2 as (p1_2a, _, p1_2c)) => p1_1c)))
val q0 = code (fn z => let cogen lz = lift z in code (fn x => let val y = lz + x val rr = ref (x + 1) val pp = (y, x) in [(((g0 (rr) ((if t "e5" (c0) > 3 then raise E 4 else !rr)) (ref ((g0 (t "r7" rr) (9) ((rr := c0; rr)) ((rr, c1))))) ((rr, ((let val gg = g0 (rr) (y) in gg ((rr := 3; rr)) ((ref (!rr), c0)) end) div 1))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g1 (t "r11" rr) ((((case ~3 of 0 => x | w => w + 1) + y), 4, (case (c1 + ck) of 0 => ck | w => w + 1))) ((((ck div c1) * t "e12" (ck)), (case (!rr + ck) of 0 => x | w => w + 1), ((Word.toInt (Word.fromInt (y) * cw1 + cw0 - cw0) mod 1000) * (if c0 > 3 then raise E 4 else x)))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g1 ((rr := 4; rr)) ((t "e14" ((size (Int.toString (!rr) ^ cs) + size (cs ^ "ab"))), ck, c1)) ((t "e15" (t "e16" (x)), (Word.toInt (Word.fromInt ((Word.toInt (Word.fromInt (!rr) * cw1 + cw0 - cw0) mod 1000)) * cw1 + cw0 - cw0) mod 1000), t "e17" (t "e18" (!rr)))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997)] end) end)
val _ = (say (sl (eval (eval q0 3) 4))) handle E n => say ("E" ^ si n) | Match => say "Match" | Div => say "Div" | Overflow => say "Overflow"
val _ = flush ()
val q1 = code (fn x => let val y = x + 1 val rr = ref (x + 2) val pp = (y, x) in [(((g1 (rr) (((if (size (Int.toString (3) ^ cs) + size (cs ^ "ab")) > 3 then raise E 3 else (case c1 of 0 => 8 | w => w + 1)), t "e21" ((c1 * y)), x)) (((x + (case c0 of 0 => 9 | w => w + 1)), (y + (2 * c1)), !rr)))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g1 (ref (t "e23" ((c1 div ck)))) ((c1, (g0 ((rr := ck; rr)) (!rr) (rr) ((rr, ck))), ((!rr + x) * (2 + c0)))) (((y + (c0 - x)), c1, (size (Int.toString (ck) ^ cs) + size (cs ^ "ab")))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g0 (rr) (x) (rr) ((rr, ((case y of 0 => y | w => w + 1) div c1))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997)] end)
val _ = (say (sl (eval q1 4))) handle E n => say ("E" ^ si n) | Match => say "Match" | Div => say "Div" | Overflow => say "Overflow"
val _ = flush ()
val q2 = code (fn x => let val y = x + 1 val rr = ref (x + 2) val pp = (y, x) in [(((let val gg = g1 (ref ((let val gg = g0 (t "r32" rr) (x) (rr) in gg ((ref (c1), y)) end))) in gg (((if y > 3 then raise E 2 else (!rr - c1)), c1, (g0 (rr) (x) ((rr := 1; rr)) ((rr, ck))))) ((((g0 (t "r36" rr) (c0) (ref (c1)) ((ref (ck), 9))) + !rr), (size (Int.toString (t "e38" (ck)) ^ cs) + size (cs ^ "ab")), t "e39" ((9 + ck)))) end)) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g0 (t "r40" rr) ((size (Int.toString ((Word.toInt (Word.fromInt (c1) * cw1 + cw0 - cw0) mod 1000)) ^ cs) + size (cs ^ "ab"))) ((rr := y; rr)) ((ref ((g1 (t "r43" rr) ((c0, x, y)) ((y, c1, c0)))), t "e44" (t "e45" (ck)))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g0 (rr) (~1) (ref (c1)) ((ref ((g0 (t "r49" rr) (c0) (ref (c1)) ((ref (y), c0)))), (case (c1 + ck) of 0 => (let val gg = g1 (rr) ((9, y, !rr)) in gg ((x, x, x)) end) | w => w + 1))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997)] end)
val _ = (say (sl (eval q2 3))) handle E n => say ("E" ^ si n) | Match => say "Match" | Div => say "Div" | Overflow => say "Overflow"
val _ = flush ()
val q3 = code (fn x => let val y = x + 1 val rr = ref (x + 2) val pp = (y, x) in [(((g1 (t "r52" rr) ((c0, (Word.toInt (Word.fromInt (c1) * cw1 + cw0 - cw0) mod 1000), t "e53" ((let val gg = g1 (ref (c0)) ((c0, c1, !rr)) in gg ((ck, 8, y)) end)))) ((t "e55" (0), (case (case c0 of 0 => c1 | w => w + 1) of 0 => (g1 (rr) ((y, ck, c0)) ((c0, ck, c0))) | w => w + 1), y)))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g0 (ref ((size (Int.toString ((c0 - x)) ^ cs) + size (cs ^ "ab")))) (t "e58" ((y * y))) (ref (t "e60" ((ck + x)))) ((ref (t "e61" (2)), c1)))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g0 (t "r62" rr) (t "e63" ((ck + y))) ((rr := !rr; rr)) ((rr, t "e66" (y))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997)] end)
val _ = (say (sl (eval q3 0))) handle E n => say ("E" ^ si n) | Match => say "Match" | Div => say "Div" | Overflow => say "Overflow"
val _ = flush ()
