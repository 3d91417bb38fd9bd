(* Tuple arguments of inlined generators: pairs and triples written out, pair variables bound split and passed on, patterns that need the pair whole (as, ref, constants, several rules), components with effects and exceptions, annotated tuples, nested tuples, and generators that are not fns (lift, code of a variable) applied to tuples *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
exception E of int
cogen add = code (fn (a, b) => a + b)
cogen sub3 = code (fn (a, b, c) => a - b - c)
cogen four = code (fn (a, b, c, d) => a * 1000 + b * 100 + c * 10 + d)
cogen whole = code (fn (p as (a, _)) => (p, a))
cogen second = code (fn (_, p as (b, c)) => b * c + #1 p)
cogen consts = code (fn (0, b) => b | (a, 0) => ~a | (a, b) => a * b)
cogen refs = code (fn (ref a, b) => (a, b))
cogen rcd = code (fn (x, y) : int * int => x - y)
cogen rcd3 = code (fn (a, (c, d), _) : int * (int * int) * int => a + c * d)
cogen swap = code (fn (a, b) => (b, a))
cogen thr = code (fn (a, b) => add (b, a))
cogen liftf = lift (fn (a : int, b : int) => a * b)
fun plain (a, b) = a div b
cogen ofvar = code plain
cogen nest = code (fn ((a, b), (c, d)) => sl [a, b, c, d])
cogen keep = code (fn st => (add st, swap st, thr st, add (swap st), whole st))
val p1 = code (fn n =>
  let val p = (n, n + 1)
      val q = (n, (n + 2, n + 3))
      val r = ref n
      val (w1, w2) = whole (t "wa" n, t "wb" 2)
      val (w3, w4) = whole p
  in [add (t "a1" n, t "a2" 1), add p, sub3 (t "s1" n, t "s2" 1, t "s3" 2), sub3 (n, n, n),
      four (t "f1" 1, t "f2" 2, t "f3" 3, t "f4" 4), #2 w1, w2, #1 w3, w4, second q, second (t "q1" 1, (t "q2" 2, t "q3" 3)),
      consts (0, t "c1" 5), consts (t "c2" 4, 0), consts p, consts (n - n, n),
      #1 (refs (r, (r := 9; t "r" 0))), #1 (refs (t "rr" r, 1)), rcd (t "x" n, t "y" 1), rcd (10, n),
      rcd3 (t "a" 4, (t "b1" 2, t "b2" 3), t "z" 0),
      add (swap p), add (swap (swap (t "sw1" 1, t "sw2" 2))), thr p, thr (t "th1" 1, t "th2" 2),
      liftf (t "l1" 6, t "l2" 7), liftf p, ofvar (t "o1" 20, t "o2" 3), ofvar p,
      (ofvar (t "z1" 1, t "z2" 0)) handle Div => ~1] end)
val _ = say (sl (eval p1 3))
val _ = flush ()
val p2 = code (fn n => (nest ((t "n1" n, t "n2" 2), (t "n3" 3, t "n4" 4)), nest ((n, n), (n, n)), let val pp = (n, n) in nest (pp, pp) end))
val _ = case eval p2 5 of (a, b, c) => say (a ^ " " ^ b ^ " " ^ c)
val _ = flush ()
val p3 = code (fn (a, b) => case keep (a, b) of (s, (x, y), z, u, ((v, w), k)) => sl [s, x, y, z, u, v, w, k])
val _ = say (eval p3 (8, 9))
(* effects and exceptions in the components: which runs, in which order *)
val p4 = code (fn n => (add (t "e1" n, raise E (t "e2" 1)) handle E k => k, (sub3 (t "g1" n, raise E 2, t "g3" 3)) handle E k => k,
                       (add (raise E (t "h1" 3), t "h2" 4)) handle E k => k, (consts (raise E 4, t "i" 0)) handle E k => k))
val _ = case eval p4 1 of (a, b, c, d) => say (sl [a, b, c, d])
val _ = flush ()
(* a pair-state threaded through a loop of inlined steps *)
cogen step = code (fn (i, acc) => (i + 1, acc + i * i))
val p5 = code (fn n => let fun go (st as (i, _)) = if i >= n then st else go (step st) in #2 (go (0, 0)) end)
val _ = say (si (eval p5 10))
cogen step2 = code (fn (i, acc) => fn k => (i + k, acc * k))
val p6 = code (fn n => let val s = (1, 1) val s = step2 s n val s = step2 s (t "k" 2) val (a, b) = step2 s 3 in a * 1000 + b end)
val _ = say (si (eval p6 4))
val _ = flush ()
(* a curried generator whose first argument is a tuple, variable or written out *)
cogen cur = code (fn (a, b) => fn c => fn d => a * b + c - d)
val p7 = code (fn n => let val p = (n, 2) in [cur p 1 2, cur (t "u1" n, t "u2" 3) (t "u3" 4) (t "u4" 5), cur (n, n) n n] end)
val _ = say (sl (eval p7 6))
val _ = flush ()
