(* Folding and beta-reduction at generation time must not move effects or
   exceptions: operations on lifted constants that raise (Div, Overflow,
   Subscript, Chr, Empty, Match, Option) raise when the code runs, dead
   branches never raise, effectful arguments run once, in order *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val trace = ref ""
fun note s = trace := !trace ^ s
fun t label g = (note ("[" ^ label ^ " built]"); (note (pi (eval g)); note " ") handle Div => note "Div " | Overflow => note "Overflow " | Subscript => note "Subscript " | Chr => note "Chr " | Empty => note "Empty " | Match => note "Match " | Option => note "Option ")
fun divGen (a, b) = let cogen x = lift a cogen y = lift b in code (x div y) end
val _ = t "div" (divGen (5, 0))
fun modGen (a, b) = let cogen x = lift a cogen y = lift b in code (x mod y) end
val _ = t "mod" (modGen (5, 0))
fun addGen (a, b) = let cogen x = lift a cogen y = lift b in code (x + y) end
val _ = t "add" (addGen (1, 4611686018427387903))
fun mulGen (a, b) = let cogen x = lift a cogen y = lift b in code (x * y) end
val _ = t "mul" (mulGen (4611686018427387903, 2))
fun negGen a = let cogen x = lift a in code (~x) end
val _ = t "neg" (negGen ~4611686018427387904)
fun absGen a = let cogen x = lift a in code (abs x) end
val _ = t "abs" (absGen ~4611686018427387904)
fun subGen (s, i) = let cogen x = lift s cogen y = lift i in code (ord (String.sub (x, y))) end
val _ = t "sub" (subGen ("abc", 5))
fun chrGen n = let cogen x = lift n in code (ord (chr x)) end
val _ = t "chr" (chrGen 300)
fun hdGen l = let cogen x = lift l in code (hd x) end
val _ = t "hd" (hdGen [])
fun nthGen (l, n) = let cogen x = lift l cogen y = lift n in code (List.nth (x, y)) end
val _ = t "nth" (nthGen ([1], 3))
fun valGen o' = let cogen x = lift o' in code (valOf x) end
val _ = t "valOf" (valGen NONE)
fun deadGen a = let cogen x = lift a in code (if x = 0 then 7 else 100 div x) end
val _ = t "dead" (deadGen 0)
fun substrGen (s, i, n) = let cogen x = lift s cogen a = lift i cogen b = lift n in code (size (String.substring (x, a, b))) end
val _ = t "substring" (substrGen ("abc", 2, 5))
fun arrGen n = let cogen x = lift n in code (Array.length (Array.array (x, 0))) end
val _ = (t "array" (arrGen ~1)) handle Size => note "Size(escaped) "
fun wdivGen (a, b) = let cogen x = lift a cogen y = lift b in code (Word.toInt (x div y)) end
val _ = t "wdiv" (wdivGen (0w5, 0w0))
fun toIntGen w = let cogen x = lift w in code (Word.toInt x) end
val _ = t "toInt" (toIntGen 0wx4000000000000000)
fun subtGen (a, b) = let cogen x = lift a cogen y = lift b in code (x - y) end
val _ = t "sub" (subtGen (~4611686018427387904, 1))
fun constGen () = code (1 div 0)
val _ = t "const div" (constGen ())
fun constOv () = code (4611686018427387903 + 1)
val _ = t "const add" (constOv ())
fun matchGen n = let cogen x = lift n in code ((fn 0 => 1) x) end
val _ = t "match" (matchGen 1)
fun caseGen n = let cogen x = lift n in code (case x of 1 => 10 | 2 => 20) end
val _ = t "case" (caseGen 3)
val _ = pr (!trace)
val _ = trace := ""
fun flush l = (pr (l ^ ": " ^ !trace); trace := "")
fun g1 k = let cogen c = lift k in code ((fn x => x + x) (note "e"; c)) end
val _ = flush (pi (eval (g1 5)))
val g2 = code ((fn _ => 1) (note "unused"))
val _ = flush (pi (eval g2))
val g3 = code (let val x = (note "let"; 3) in 4 end)
val _ = flush (pi (eval g3))
fun g4 k = let cogen c = lift k in code (let val x = c val y = (note "y"; x) in x + x end) end
val _ = flush (pi (eval (g4 2)))
val g5 = code ((fn (a, b) => b) ((note "a"; 1), (note "b"; 2)))
val _ = flush (pi (eval g5))
fun g6 k = let cogen c = lift k in code ((fn x => fn y => y) (note "x"; c) (note "y"; c)) end
val _ = flush (pi (eval (g6 3)))
val g7 = code ((fn x => (note "body"; x)) (note "arg"; 1))
val _ = flush (pi (eval g7))
val g8 = code (let val f = fn x => (note "f"; x) in f 1 + f 2 end)
val _ = flush (pi (eval g8))
val g9 = code ((fn x => 1) (1 div 0))
val _ = (flush (pi (eval g9))) handle Div => flush "Div"
val g10 = code (let val r = ref 0 val x = (r := 5; 0) in !r end)
val _ = flush (pi (eval g10))
fun g11 k = let cogen c = lift k in code (let val x = c * 2 val y = x + 1 in if y > 10 then (note "big"; y) else (note "small"; x) end) end
val _ = flush (pi (eval (g11 3)) ^ " " ^ pi (eval (g11 30)))
val g12 = code (let val a = ref 1 in (fn x => (a := !a + x; !a)) (note "arg"; 2) + !a end)
val _ = flush (pi (eval g12))
val g13 = code ((fn x => (x, x)) (ref 0))
val _ = flush (case eval g13 of (a, b) => if a = b then "same ref" else "two refs")
val g14 = code (let val x = ref 0 in (fn y => (x := 1; y)) (!x) end)
val _ = flush (pi (eval g14))
val g15 = code (let val x = ref 0 val v = !x in x := 7; v end)
val _ = flush (pi (eval g15))
val g16 = code ((fn v => (fn () => v)) (let val r = ref 1 in r := 2; !r end) ())
val _ = flush (pi (eval g16))
fun g17 k = let cogen c = lift k in code (let val x = ref c val y = !x in x := 99; y + !x end) end
val _ = flush (pi (eval (g17 1)))
