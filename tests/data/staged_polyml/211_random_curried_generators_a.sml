(* Randomly generated (seeded) curried and tupled generators: chains of one to four fns over int, ref, pair and triple patterns, layered and ref-reading patterns, clauses that can fail, lets, sequences and cases between the fns; applied inside code at depths 1 and 2 to arguments that log, assign, raise and call other generators, fully and in part; lifted 0, 1, "" and words next to foldable arithmetic *)
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
cogen g0 = code (fn (p0_0r as ref p0_0, p0_0b) => ((case t "C2" 0 of 0 => (fn p0_1 => (fn p0_2 => (fn (p0_3r as ref p0_3, p0_3b) => t "e1" (p0_1)))) | _ => (fn p0_1 => (fn p0_2 => (fn (p0_3r as ref p0_3, p0_3b) => t "e1" (p0_1)))))))
cogen g1 = code (fn (p1_0, p1_0b, p1_0c) => (fn (p1_1r as ref p1_1, p1_1b) => (fn p1_2 => t "e3" (t "e4" (p1_0b)))))
val q0 = code (fn z => let cogen lz = lift z in code (fn x => let val y = lz + x val rr = ref (x + 1) val pp = (y, x) in [(((g0 ((ref (((g1 ((c1, 8, ck)) ((rr, !rr)) (c1)) - (!rr + c0))), y)) ((g0 ((rr, !rr)) (c1) (c0) ((ref (c0), c1)))) (t "e5" ((case c1 of 0 => c0 | w => w + 1))) ((ref (t "e6" (c0)), t "e7" ((g0 ((rr, c0)) (x) (!rr) ((ref (c1), !rr)))))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g1 (((ck div 2), ((y + c0) + (if c0 > 3 then raise E 8 else ~1)), c1)) ((rr, c1)) ((Word.toInt (Word.fromInt (!rr) * cw1 + cw0 - cw0) mod 1000)))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g1 (((let val gg = g0 ((ref (c1), 9)) (c0) in gg (x) ((rr, ck)) end), ck, x)) ((ref (((c1 div c0) + !rr)), (case (g1 ((~3, c0, c0)) ((ref (x), !rr)) (x)) of 0 => c0 | w => w + 1))) (t "e8" ((case y of 0 => y | w => w + 1))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997)] end) end)
val _ = (say (sl (eval (eval q0 1) 2))) handle E n => say ("E" ^ si n) | Match => say "Match" | Div => say "Div" | Overflow => say "Overflow"
val _ = flush ()
val q1 = code (fn x => let val y = x + 1 val rr = ref (x + 2) val pp = (y, x) in [(((g1 ((8, (Word.toInt (Word.fromInt (!rr) * cw1 + cw0 - cw0) mod 1000), (g0 ((ref (y), ck)) (!rr) (y) ((ref (ck), 6))))) ((rr, ck)) ((case t "e9" (y) of 0 => (c0 + 2) | w => w + 1)))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((let val gg = g1 ((c1, (let val gg = g0 ((ref (ck), y)) (ck) (x) in gg ((rr, x)) end), ((c0 + ck) * (case x of 0 => y | w => w + 1)))) ((ref (t "e10" ((case x of 0 => ~3 | w => w + 1))), (g1 ((!rr, 0, c1)) ((ref (x), ck)) (8)))) in gg ((Word.toInt (Word.fromInt (ck) * cw1 + cw0 - cw0) mod 1000)) end)) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g0 ((rr, (Word.toInt (Word.fromInt (t "e11" (c0)) * cw1 + cw0 - cw0) mod 1000))) ((if (case x of 0 => x | w => w + 1) > 3 then raise E 8 else (g0 ((ref (y), y)) (c0) (c1) ((ref (!rr), y))))) (c1) ((rr, (case x of 0 => c0 | w => w + 1))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997)] end)
val _ = (say (sl (eval q1 5))) handle E n => say ("E" ^ si n) | Match => say "Match" | Div => say "Div" | Overflow => say "Overflow"
val _ = flush ()
val q2 = code (fn x => let val y = x + 1 val rr = ref (x + 2) val pp = (y, x) in [(((g1 ((c0, 4, (case !rr of 0 => t "e12" (6) | w => w + 1))) ((ref (!rr), c1)) ((x div c1)))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g0 ((ref ((case c1 of 0 => (2 + 3) | w => w + 1)), 7)) ((case x of 0 => (~1 * ~2) | w => w + 1)) ((if (Word.toInt (Word.fromInt (7) * cw1 + cw0 - cw0) mod 1000) > 3 then raise E 2 else y)) ((ref ((g0 ((rr, y)) (c0) (c1) ((rr, c1)))), ck)))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g0 ((rr, x)) ((t "e13" (x) + t "e14" (ck))) ((g1 ((y, c0, x)) ((ref (x), x)) (ck))) ((rr, ((size (Int.toString (c0) ^ cs) + size (cs ^ "ab")) + t "e15" (!rr)))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997)] end)
val _ = (say (sl (eval q2 2))) handle E n => say ("E" ^ si n) | Match => say "Match" | Div => say "Div" | Overflow => say "Overflow"
val _ = flush ()
val q3 = code (fn z => let cogen lz = lift z in code (fn x => let val y = lz + x val rr = ref (x + 1) val pp = (y, x) in [(((g1 ((((x - c1) + (x - !rr)), x, ck)) ((ref (t "e16" ((size (Int.toString (x) ^ cs) + size (cs ^ "ab")))), (g1 ((y, y, c1)) ((rr, c0)) (y)))) (x))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g1 (((t "e17" (x) * (case y of 0 => ck | w => w + 1)), (x * c1), !rr)) ((rr, !rr)) (t "e18" (t "e19" (x))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997), (((g1 (((g1 ((y, ~3, y)) ((rr, 7)) (x)), (case (y + 1) of 0 => y | w => w + 1), ~3)) ((rr, t "e20" (t "e21" (c1)))) (((case y of 0 => ck | w => w + 1) * (g1 ((c0, !rr, 6)) ((rr, x)) (c1)))))) handle E n => 1000 + n | Match => 999 | Div => 998 | Overflow => 997)] end) end)
val _ = (say (sl (eval (eval q3 2) 2))) handle E n => say ("E" ^ si n) | Match => say "Match" | Div => say "Div" | Overflow => say "Overflow"
val _ = flush ()
