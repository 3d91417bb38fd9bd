(* Random generators (seeded): lift, cogen chains, generation-time handlers and conditionals around code of effectful expressions; each is generated once and run twice, so generation-time and run-time traces interleave as in the erased program *)
exception E of int
exception F
val cnt = ref 0
fun t s v = (print s; cnt := !cnt + 1; v)
fun say s = print (s ^ "\n")

val g0 = (SOME (code ((t "c" 5)))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g0 of SOME g => (run g; run g) | NONE => say "none"
val g1 = (SOME ((lift ((case (((t "i" 9); (t "t" 0)), (((t "n" 6)) handle E n => n + (t "r" 7) | F => (t "b" 0))) of (0, _) => raise F | (a, b) => a * 2 + b))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g1 of SOME g => (run g; run g) | NONE => say "none"
val g2 = (SOME ((let cogen u0 = (((let cogen u2 = (lift (((fn a => fn b => a - b) (raise E (t "r" 2)) ((t "a" 2) * (t "f" 2) - (t "q" 8))))) cogen u3 = code ((if ((t "x" 8); (t "z" 9)) > 4 then ((fn (a, b, c) => a + b * c) ((t "o" 2), (t "w" 7), (t "p" 4))) else (if (t "v" 7) > 4 then (t "l" 9) else (t "p" 3)))) in code (((fn (a, b, c) => a + b * c) ((length [(t "t" 4), u3]), (let val x = u3 val y = (t "p" 8) in y - x end), ((fn (a, b, c) => a + b * c) ((t "z" 5), (t "g" 1), (t "s" 0)))))) end)) handle E n => lift n | F => (let cogen u4 = code (((t "y" 8) before ignore (((t "h" 3) + (t "n" 0))))) cogen u5 = code (((fn (a, b, c) => a + b * c) (((fn (a, b, c) => a + b * c) ((t "h" 0), (t "d" 1), (t "b" 0))), ((fn (a, b, c) => a + b * c) ((t "e" 2), (t "q" 0), (t "s" 0))), ((t "e" 0); (t "l" 9))))) in code (((case ((t "j" 5), u4) of (0, _) => raise F | (a, b) => a * 2 + b) before ignore ((let val x = u4 val y = u5 in y - x end)))) end)) cogen u1 = (if (case ((t "p" 3), (t "v" 5)) of (0, _) => raise F | (a, b) => a * 2 + b) > 4 then code ((t "o" 2)) else (if (((t "p" 8)) handle E n => n + (t "e" 5) | F => (t "i" 9)) > 4 then (lift (((t "w" 8) before ignore (((t "i" 0) + (t "f" 2)))))) else code ((if ((t "q" 0) before ignore ((t "h" 7))) > 4 then (t "i" 1) else (((t "t" 9)) handle E n => n + (t "i" 6) | F => (t "q" 0)))))) in code (((t "m" 6) + ((t "q" 1) + (t "d" 1)))) end))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g2 of SOME g => (run g; run g) | NONE => say "none"
val g3 = (SOME (code ((((t "d" 3); (t "q" 7)) + (if (t "r" 6) > 4 then (t "v" 3) else (t "n" 8)))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g3 of SOME g => (run g; run g) | NONE => say "none"
val g4 = (SOME (code ((((((t "n" 8)) handle E n => n + (t "d" 7) | F => (t "a" 8))) handle E n => n + (t "t" 5) | F => (let val x = (t "j" 0) val y = (t "d" 1) in y - x end))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g4 of SOME g => (run g; run g) | NONE => say "none"
val g5 = (SOME ((let cogen u6 = (lift ((length [((t "z" 7); (t "n" 7)), (if (t "s" 9) > 4 then (t "a" 4) else (t "l" 4))]))) cogen u7 = (let val k = (t "h" 7) cogen u8 = lift k in code (u8 + ((t "s" 5) * u8 - (t "y" 5))) end) in code (((fn a => fn b => a - b) u7 u6)) end))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g5 of SOME g => (run g; run g) | NONE => say "none"
val g6 = (SOME (code ((((length [(t "u" 6), (t "w" 1)])) handle E n => n + (t "t" 7) | F => ((t "x" 7); (t "l" 7)))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g6 of SOME g => (run g; run g) | NONE => say "none"
val g7 = (SOME ((lift ((((fn (a, b, c) => a + b * c) ((t "p" 8), (t "x" 6), (t "v" 4))); ((fn a => fn b => a - b) (t "f" 7) (t "r" 6))))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g7 of SOME g => (run g; run g) | NONE => say "none"
val g8 = (SOME ((let val k = ((t "s" 9) before ignore ((t "c" 5))) cogen u9 = lift k in code (u9 + ((t "z" 6) + (t "z" 1))) end))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g8 of SOME g => (run g; run g) | NONE => say "none"
val g9 = (SOME ((let val k = ((t "e" 4); (t "h" 5)) cogen u10 = lift k in code (u10 + (if (t "q" 4) > 4 then (t "e" 8) else u10)) end))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g9 of SOME g => (run g; run g) | NONE => say "none"
val g10 = (SOME ((let cogen u11 = (if ((t "f" 2) * (t "w" 3) - (t "l" 9)) > 4 then (let val k = ((t "o" 0) + (t "x" 2)) cogen u13 = lift k in code (u13 + ((fn a => fn b => a - b) (t "p" 4) u13)) end) else (let val k = (case ((t "w" 7), (t "r" 5)) of (0, _) => raise F | (a, b) => a * 2 + b) cogen u14 = lift k in code (u14 + (case ((t "y" 3), (t "m" 6)) of (0, _) => raise F | (a, b) => a * 2 + b)) end)) cogen u12 = (let val k = (t "k" 7) cogen u15 = lift k in code (u15 + (raise E u15)) end) in code ((length [u11, ((fn a => fn b => a - b) (t "x" 9) u11)])) end))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g10 of SOME g => (run g; run g) | NONE => say "none"
val g11 = (SOME (code (((fn a => fn b => a - b) (length [(t "i" 9), (t "p" 9)]) ((t "t" 6) + (t "i" 8)))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g11 of SOME g => (run g; run g) | NONE => say "none"
val g12 = (SOME ((if ((t "w" 3) + (t "l" 0)) > 4 then (((if (length [(t "y" 9), (t "v" 5)]) > 4 then (lift ((let val x = (raise E (t "a" 1)) val y = (((t "f" 6)) handle E n => n + (t "v" 2) | F => (t "f" 7)) in y - x end))) else (lift ((if ((t "e" 0) before ignore ((t "r" 7))) > 4 then (t "l" 0) else (raise E (t "s" 7))))))) handle E n => lift n | F => (lift ((length [((t "p" 2) before ignore ((t "w" 8))), (case ((t "c" 4), (t "j" 5)) of (0, _) => raise F | (a, b) => a * 2 + b)])))) else (let val k = ((t "u" 6); (t "q" 3)) cogen u16 = lift k in code (u16 + ((fn a => fn b => a - b) (t "z" 8) (t "j" 0))) end)))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g12 of SOME g => (run g; run g) | NONE => say "none"
val g13 = (SOME ((lift ((if (raise E (t "q" 4)) > 4 then (t "d" 1) else ((t "l" 3) before ignore ((t "l" 1)))))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g13 of SOME g => (run g; run g) | NONE => say "none"
val g14 = (SOME ((let cogen u17 = (((let cogen u19 = code ((if (if (t "o" 2) > 4 then (t "u" 3) else (t "k" 2)) > 4 then (t "h" 7) else ((t "f" 5) * (t "z" 2) - (t "i" 8)))) cogen u20 = (lift (((fn a => fn b => a - b) ((t "i" 9); (t "x" 6)) ((t "r" 9); (t "l" 4))))) in code (((fn a => fn b => a - b) (if (t "i" 5) > 4 then u20 else (t "f" 5)) ((fn a => fn b => a - b) (t "a" 1) u19))) end)) handle E n => lift n | F => (let cogen u21 = code ((case (((t "a" 8); (t "h" 9)), ((fn a => fn b => a - b) (t "p" 2) (t "k" 3))) of (0, _) => raise F | (a, b) => a * 2 + b)) cogen u22 = (lift ((t "e" 3))) in code (((fn (a, b, c) => a + b * c) ((let val x = (t "n" 5) val y = u21 in y - x end), ((fn (a, b, c) => a + b * c) ((t "h" 3), (t "k" 5), (t "e" 2))), (length [(t "n" 7), u21])))) end)) cogen u18 = (let cogen u23 = (if (((t "k" 9)) handle E n => n + (t "h" 0) | F => (t "y" 7)) > 4 then (lift ((((length [(t "r" 9), (t "s" 8)])) handle E n => n + (raise E (t "m" 7)) | F => ((t "m" 8) + (t "b" 1))))) else (lift (((((t "v" 8) + (t "c" 6))) handle E n => n + (let val x = (t "z" 0) val y = (t "d" 5) in y - x end) | F => ((t "a" 2) * (t "v" 1) - (t "u" 7)))))) cogen u24 = code ((length [(if (t "c" 7) > 4 then (t "r" 0) else (t "w" 8)), (raise E (t "b" 3))])) in code ((raise E (t "q" 5))) end) in code (((raise E (t "e" 5)) before ignore ((if (t "e" 8) > 4 then (t "h" 1) else u17)))) end))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g14 of SOME g => (run g; run g) | NONE => say "none"
val g15 = (SOME (code (((((t "k" 9) * (t "w" 8) - (t "q" 1))) handle E n => n + (length [(t "u" 3), (t "m" 3)]) | F => (let val x = (t "n" 2) val y = (t "e" 6) in y - x end))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g15 of SOME g => (run g; run g) | NONE => say "none"
val g16 = (SOME ((let cogen u25 = (let cogen u27 = code ((raise E (t "p" 4))) cogen u28 = (let cogen u29 = (lift ((let val x = ((t "w" 2) * (t "a" 9) - (t "g" 3)) val y = ((fn a => fn b => a - b) (t "u" 2) (t "x" 4)) in y - x end))) cogen u30 = (lift ((raise E (t "x" 3)))) in code ((length [(u29 + (t "d" 2)), ((t "y" 1) before ignore (u30))])) end) in code (((u28 + (t "n" 6)) * ((t "o" 4) before ignore ((t "u" 4))) - (t "g" 6))) end) cogen u26 = (let cogen u31 = (let cogen u33 = (lift ((((raise E (t "n" 2))) handle E n => n + (case ((t "z" 7), (t "l" 6)) of (0, _) => raise F | (a, b) => a * 2 + b) | F => (if (t "t" 3) > 4 then (t "o" 3) else (t "s" 5))))) cogen u34 = (lift ((t "f" 5))) in code ((((u33 before ignore ((t "v" 4)))) handle E n => n + (length [(t "r" 4), (t "a" 0)]) | F => (u33 * u34 - u34))) end) cogen u32 = code (((fn a => fn b => a - b) (if (t "j" 9) > 4 then (t "g" 2) else (t "t" 6)) (case ((t "u" 9), (t "i" 1)) of (0, _) => raise F | (a, b) => a * 2 + b))) in code ((if (if (t "e" 9) > 4 then u31 else (t "t" 5)) > 4 then ((u32) handle E n => n + (t "u" 3) | F => (t "i" 3)) else (u32 + (t "o" 6)))) end) in code (((fn a => fn b => a - b) (if u26 > 4 then (t "h" 3) else (t "r" 8)) (length [(t "t" 8), (t "b" 6)]))) end))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g16 of SOME g => (run g; run g) | NONE => say "none"
val g17 = (SOME ((let val k = ((fn a => fn b => a - b) (t "h" 8) (t "d" 5)) cogen u35 = lift k in code (u35 + (raise E u35)) end))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g17 of SOME g => (run g; run g) | NONE => say "none"
val g18 = (SOME ((if (t "w" 7) > 4 then (let val k = (case ((t "i" 0), (t "p" 0)) of (0, _) => raise F | (a, b) => a * 2 + b) cogen u36 = lift k in code (u36 + ((t "g" 5) + (t "r" 0))) end) else (if ((t "y" 1) + (t "v" 2)) > 4 then ((code ((t "j" 8))) handle E n => lift n | F => (lift ((if (t "r" 5) > 4 then ((t "v" 1); (t "d" 9)) else ((t "l" 4); (t "j" 8)))))) else (if ((t "b" 5) + (t "u" 0)) > 4 then (lift (((raise E (t "v" 1)) before ignore ((case ((t "n" 6), (t "z" 2)) of (0, _) => raise F | (a, b) => a * 2 + b))))) else code ((((t "a" 9)) handle E n => n + ((t "v" 2); (t "a" 0)) | F => ((t "m" 1) * (t "d" 9) - (t "h" 3))))))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g18 of SOME g => (run g; run g) | NONE => say "none"
val g19 = (SOME ((if ((t "a" 6) * (t "q" 4) - (t "b" 8)) > 4 then (if (raise E (t "n" 2)) > 4 then (lift (((fn a => fn b => a - b) ((t "x" 5) + (t "s" 2)) (raise E (t "n" 9))))) else (let val k = (if (t "p" 9) > 4 then (t "l" 2) else (t "i" 2)) cogen u37 = lift k in code (u37 + (u37 + u37)) end)) else (((lift (((fn a => fn b => a - b) ((fn a => fn b => a - b) (t "y" 3) (t "y" 0)) (length [(t "t" 0), (t "j" 0)]))))) handle E n => lift n | F => (if (if (t "v" 4) > 4 then (t "o" 7) else (t "q" 9)) > 4 then (lift ((((t "o" 4) * (t "n" 1) - (t "x" 6)) before ignore ((t "n" 9))))) else (lift ((((raise E (t "c" 6))) handle E n => n + (if (t "z" 8) > 4 then (t "f" 2) else (t "v" 2)) | F => ((fn a => fn b => a - b) (t "p" 2) (t "i" 5)))))))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g19 of SOME g => (run g; run g) | NONE => say "none"
val g20 = (SOME ((if ((fn a => fn b => a - b) (t "u" 4) (t "v" 0)) > 4 then (((if (t "g" 7) > 4 then code ((t "a" 5)) else (lift (((((fn (a, b, c) => a + b * c) ((t "f" 5), (t "q" 9), (t "m" 9)))) handle E n => n + ((t "d" 9) * (t "l" 0) - (t "p" 2)) | F => (case ((t "a" 5), (t "p" 9)) of (0, _) => raise F | (a, b) => a * 2 + b)))))) handle E n => lift n | F => code ((if ((t "h" 9) before ignore ((t "f" 5))) > 4 then (let val x = (t "s" 9) val y = (t "o" 4) in y - x end) else (t "q" 3)))) else (if ((fn (a, b, c) => a + b * c) ((t "l" 5), (t "h" 8), (t "g" 9))) > 4 then ((code (((fn a => fn b => a - b) (length [(t "s" 3), (t "a" 6)]) ((t "x" 5); (t "v" 3))))) handle E n => lift n | F => code ((length [(if (t "z" 2) > 4 then (t "w" 3) else (t "t" 1)), (if (t "x" 2) > 4 then (t "m" 9) else (t "a" 5))]))) else code ((let val x = (t "s" 5) val y = (if (t "d" 1) > 4 then (t "f" 2) else (t "u" 1)) in y - x end)))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g20 of SOME g => (run g; run g) | NONE => say "none"
val g21 = (SOME ((let cogen u38 = (lift ((length [(if (t "z" 8) > 4 then (t "j" 0) else (t "c" 6)), ((t "s" 4) + (t "g" 0))]))) cogen u39 = (let val k = ((fn (a, b, c) => a + b * c) ((t "z" 0), (t "h" 9), (t "u" 4))) cogen u40 = lift k in code (u40 + ((t "g" 2); (t "a" 5))) end) in code (u39) end))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g21 of SOME g => (run g; run g) | NONE => say "none"
val g22 = (SOME (code (((fn (a, b, c) => a + b * c) (((t "q" 9); (t "l" 2)), ((fn a => fn b => a - b) (t "j" 8) (t "y" 0)), ((fn (a, b, c) => a + b * c) ((t "x" 1), (t "e" 7), (t "v" 5)))))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g22 of SOME g => (run g; run g) | NONE => say "none"
val g23 = (SOME ((((let val k = (let val x = (t "c" 2) val y = (t "a" 1) in y - x end) cogen u41 = lift k in code (u41 + (u41 + u41)) end)) handle E n => lift n | F => code (((((t "z" 5)) handle E n => n + (t "f" 6) | F => (t "n" 0)) * (length [(t "n" 7), (t "f" 8)]) - (t "v" 0)))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g23 of SOME g => (run g; run g) | NONE => say "none"
val g24 = (SOME ((lift ((((fn a => fn b => a - b) (t "n" 3) (t "t" 8)) before ignore ((case ((t "c" 8), (t "g" 9)) of (0, _) => raise F | (a, b) => a * 2 + b))))))) handle E n => (print ("gen E " ^ Int.toString n); NONE) | F => (print "gen F"; NONE)
val _ = say ""
fun run g = say ("| " ^ Int.toString (eval g) handle E n => "E " ^ Int.toString n | F => "F")
val _ = case g24 of SOME g => (run g; run g) | NONE => say "none"
val _ = say (Int.toString (!cnt))
