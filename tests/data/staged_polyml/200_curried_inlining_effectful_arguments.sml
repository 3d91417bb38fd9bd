(* Curried calls of inlined generators whose arguments print, update refs or raise: every position, partial and over-application, matches that fail or read refs in the middle of a chain, let and effects between the fns *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
exception Stop of int
datatype cell = Cell of int ref
cogen c3 = code (fn a => fn b => fn c => a * 100 + b * 10 + c)
cogen hof = code (fn f => fn x => f x)
cogen fails1 = code (fn 1 => (fn b => b + 1))
cogen mid = code (fn a => fn 0 => (fn c => a + c) | b => (fn c => a * b * c))
cogen rd = code (fn (ref a) => fn b => a + b)
cogen rdmid = code (fn a => fn (ref b) => fn c => a + b + c)
cogen rdcell = code (fn (Cell (ref a)) => fn b => a * 10 + b)
cogen asref = code (fn (r as ref a) => fn b => (r := a + b; a))
cogen lt = code (fn a => let val _ = t "let" a in fn b => fn c => a - b - c end)
cogen eff = code (fn a => (t "between" (); fn b => a * b))
cogen casemid = code (fn a => case a of 0 => (fn b => b) | _ => (fn b => a + b))
cogen many = code (fn a => fn b => fn c => fn d => fn e => [a, b, c, d, e])
cogen tup = code (fn a => fn (b, c) => fn d => a + b * c + d)
cogen unitp = code (fn () => fn b => b * 2)
val prog1 = code (fn x =>
  let val r1 = c3 (t "a1" x) (t "b1" (x + 1)) (t "c1" (x + 2))
      val r2 = c3 x x x
      val g = c3 (t "pa" 1)
      val _ = t "after partial" ()
      val r3 = g (t "pb" 2) (t "pc" 3) + g 0 0
      val h = c3 (t "qa" 4) (t "qb" 5)
      val r4 = h (t "qc" 6)
      val r5 = hof (fn a => (t "body" (); fn b => a - b)) (t "h1" 10) (t "h2" 3)
      val r6 = hof (t "hf" (fn a => a * 2)) (t "hx" 21)
      val r7 = (fails1 (t "f1" 1) (t "f2" 5)) + ((fails1 (t "f3" 2) (t "f4" 6)) handle Match => t "match" 1000)
      val r8 = mid (t "m1" 2) (t "m2" 0) (t "m3" 7) + mid (t "n1" 2) (t "n2" 3) (t "n3" 4)
      val r = ref 1
      val r9 = rd r (r := 50; t "rd2" 2)
      val r10 = rdmid (r := 7; t "rm1" 1) r (r := 900; t "rm3" 3)
      val c = Cell r
      val r11 = rdcell c (r := 3; t "rc" 4)
      val r12 = asref r (t "as" 5) + !r
      val r13 = lt (t "l1" 100) (t "l2" 10) (t "l3" 1)
      val r14 = eff (t "e1" 6) (t "e2" 7)
      val r15 = casemid (t "k1" 0) (t "k2" 9) + casemid (t "k3" 2) (t "k4" 9)
      val r16 = sl (many (t "v1" 1) (t "v2" 2) (t "v3" 3) (t "v4" 4) (t "v5" 5))
      val r17 = tup (t "t1" 1) (t "t2" 2, t "t3" 3) (t "t4" 4)
      val p = (5, 6)
      val r18 = tup 1 p 2 + tup x (x, x) x
      val r19 = unitp (t "u1" ()) (t "u2" 8)
  in (sl [r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r17, r18, r19], r16) end)
val (s1, s2) = eval prog1 2
val _ = say s1
val _ = say s2
val _ = flush ()
val prog2 = code (fn x =>
  (c3 (t "a" x) (raise Stop (t "b" 1)) (t "c" x)) handle Stop n => n)
val _ = say (si (eval prog2 4))
val _ = flush ()
val prog3 = code (fn x =>
  (c3 (t "a" x) (t "b" x) (raise Stop (t "c" 2))) handle Stop n => n)
val _ = say (si (eval prog3 4))
val _ = flush ()
val prog4 = code (fn x =>
  (hof (fn a => raise Stop (t "inbody" a)) (t "x" x) (t "over" 99)) handle Stop n => n)
val _ = say (si (eval prog4 8))
val _ = flush ()
val prog5 = code (fn x => (fails1 (t "z1" x) (t "z2" 1)) handle Match => t "m" ~1)
val _ = say (si (eval prog5 3))
val _ = flush ()
val _ = say (si (eval prog5 1))
val _ = flush ()
(* the same applications at generation time inside a generator *)
fun gen n = if n = 0 then code 0 else
  let cogen rest = gen (n - 1)
      cogen k = lift (t "lift" n)
  in code (c3 (t "g1" k) (t "g2" rest) (t "g3" (k + rest))) end
val _ = t "generated" ()
cogen g3 = gen 3
val _ = flush ()
val _ = say (si (eval (code g3)))
val _ = flush ()
val _ = say (si (eval (code (g3 + g3))))
val _ = flush ()
