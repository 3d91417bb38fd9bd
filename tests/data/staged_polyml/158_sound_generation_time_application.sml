(* Session 17's soundness campaign: the generation-time application of a
   code variable (u a, u a1 a2, u (a, b)) keeps SML's order of evaluation:
   each argument is evaluated once and before the body, even where the body
   ignores it or handles what it raises; a ref pattern is read before a later
   argument runs and a failing match stops the later ones; pairs split over
   slots are passed on reversed, duplicated, rebound and shadowed. *)
exception E
cogen f = code (fn x => x handle E => 0)
val c = code (f (raise E))
val _ = print ((Int.toString (eval c)) handle E => "uncaught E (right)\n")
val _ = print "\n"
cogen f = code (fn x => (print "body "; (x, x)))
val c = code (f (print "arg "; 1))
val (a, b) = eval c
val _ = print (Int.toString (a + b) ^ "\n")
cogen g = code (fn x => fn y => (print "body2 "; y - x))
val d = code (g (print "1 "; 1) (print "2 "; 10))
val _ = print (Int.toString (eval d) ^ "\n")
val e = code (let val h = g (print "a "; 1) in (h 2, h 3) end)
val (p, q) = eval e
val _ = print (Int.toString (p * 10 + q) ^ "\n")
exception E
cogen f = code (fn x => 5)
val c = code (f (raise E))
val _ = print (((Int.toString (eval c)) handle E => "raised (right)") ^ "\n")
cogen g = code (fn (a, b) => fn y => a + b + y)
val d = code (g ((print "1"; 1), (print "2"; 2)) (print "3"; 3))
val _ = print (Int.toString (eval d) ^ "\n")
val r = ref 1
cogen f = code (fn (ref x) => fn y => x + y)
val c = code (f r (r := 100; 0))
val _ = print (Int.toString (eval c) ^ "\n")
cogen g = code (fn (SOME x) => (fn y => x + y) | NONE => (fn y => y))
val d = code (g NONE (print "arg "; 7))
val _ = print (Int.toString (eval d) ^ "\n")
cogen h = code (fn x => fn (SOME y) => x + y)
val e = code ((h (print "x "; 1) NONE) handle Match => 99)
val _ = print (Int.toString (eval e) ^ "\n")
cogen f = code (fn x => let val y = 10 in x + y end)
val c = code (fn y => f y)
val _ = print (Int.toString (eval c 1) ^ "\n")
cogen g = code (fn x => fn y => x - y)
val d = code (fn y => fn x => g y x)
val _ = print (Int.toString (eval d 10 1) ^ "\n")
val e = code (fn x => let cogen k = lift x in code (fn y => g y k) end)
val _ = print (Int.toString (eval (eval e 1) 10) ^ "\n")
val cnt = ref 0
cogen f = code (fn x => fn y => (cnt := !cnt + 1; x + y))
val c = code (let val p = f 1 in (p 2, p 3, !cnt) end)
val (a, b, n) = eval c
val _ = print (String.concatWith " " (map Int.toString [a, b, n]) ^ "\n")
cogen w = code (fn x => x)
val d = code (w w 5)
val _ = print (Int.toString (eval d) ^ "\n")
fun pr s = print (s ^ " ")
fun i n = Int.toString n
cogen f3 = code (fn (a, b, c) => a * 100 + b * 10 + c)
cogen fas = code (fn (p as (a, b)) => (case p of (x, y) => x + y + a - b))
cogen fm = code (fn (0, y) => y | (x, y) => x - y)
cogen fr = code (fn (ref a, b) => a + b)
cogen fn2 = code (fn ((a, b), c) => a + b * c)
cogen fl = lift (fn (a, b) => a - b)
cogen cur = code (fn (a, b) => fn (c, d) => a + b + c + d)
cogen cur3 = code (fn a => fn (b, c) => fn d => a - b - c - d)
val r = ref 5
val g = code (fn y =>
  let
    val t = (y, y + 1)
    val v1 = f3 ((pr "a"; y), (pr "b"; 2), (pr "c"; 3))
    val v2 = fas ((pr "d"; 7), (pr "e"; 3))
    val v3 = fm (0, (pr "f"; 9)) + fm (t)
    val v4 = fr ((r := 50; r), (r := 60; 1))
    val v5 = fn2 ((1, 2), 3) + fn2 (t, 4)
    val v6 = fl t + fl (10, (pr "g"; 1))
    val v7 = cur (1, 2) (3, 4) + cur t t
    val v8 = let val p = cur3 100 in p (1, 2) 3 + p t 0 end
  in
    [v1, v2, v3, v4, v5, v6, v7, v8]
  end)
val _ = print (String.concatWith "," (map i (eval g 1)) ^ "\n")
val h = code (fn y => let cogen yy = lift (y, y * 2) in code (fas yy + fn2 (yy, 7) handle Match => 0) end)
val _ = print (i (eval (eval h 3)) ^ "\n")
fun i n = Int.toString n
cogen f = code (fn (x, y) => x * 10 + y)
cogen g = code (fn p => case p of (x, y) => x * 100 + y)
cogen h = code (fn (x, y) => fn (z, w) => x * 1000 + y * 100 + z * 10 + w)
cogen k = code (fn (x, _) => fn q => (q, x))
val c = code (fn (a, b) =>
  let val p = (a, b) in
  [f (b, a), f (a, a), f (b, b), f p, g (b, a), g p, h (a, b) (b, a), h p p,
   (case k p (b, a) of ((u, v), w) => u + v + w), f (let val (a, b) = (b, a) in (a, b) end),
   f (a, let val a = 9 in a end), (fn (b, a) => f (a, b)) (a, b), (fn (b, a) => f (b, a)) p]
  end)
val _ = print (String.concatWith "," (map i (eval c (1, 2))) ^ "\n")
val d = code (fn (a, b) => fn (c, d) => f (d, a) + g (c, b) + h (a, c) (b, d))
val _ = print (i (eval d (1, 2) (3, 4)) ^ "\n")
