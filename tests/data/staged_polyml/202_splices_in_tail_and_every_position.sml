(* The same code variables spliced many times and in tail position of every construct (case arms, if, handle and its handlers, let bodies, sequences, while, andalso/orelse, fn bodies, raise), so that the push/drop around a splice or lift is left out where it may be and kept where it must be; names shadowed between the stages and between inlined copies *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
exception E of int
val x = 1000
cogen one = lift (t "lift one" 1)
cogen inc = code (fn x => x + one)
cogen dbl = code (fn x => t "dbl" (x * 2))
cogen pr = code (t "pr-run" 5)
cogen pick = code (fn (x, y) => if x < y then x else y)
cogen sw = code (fn x => fn y => (y, x))
val _ = flush ()
val p1 = code (fn x =>
  let val y = x + 1
      val a = case x of 0 => pr | 1 => inc x | 2 => dbl (inc x) | _ => inc (inc (inc (dbl y)))
      val b = if x > 1 then pr else one
      val c = (if x = 3 then raise E (inc x) else dbl x) handle E n => inc n
      val d = let val x = inc y val y = dbl x in pick (x, y) end
      val e = (t "seq" (); pr; one)
      val i = ref 0
      val acc = ref 0
      val _ = while (t "cond" (!i) < inc 1) do (acc := inc (!acc); i := inc (!i))
      val f = x > 0 andalso inc x > 2 orelse dbl x = 0
      val g = (fn x => fn y => pick (inc y, dbl x)) (inc x) (dbl y)
      val (h1, h2) = sw (inc x) (dbl x)
      val k = (raise E (pr + one)) handle E x => (fn y => inc y) x
      val l = case sw x y of (p, q) => (case pick (p, q) of 0 => one | z => inc (dbl z))
  in [a, b, c, d, e, !acc, if f then 1 else 0, g, h1, h2, k, l] end)
val _ = app (fn n => (say (sl (eval p1 n)); flush ())) [0, 1, 2, 3]
(* handlers whose body and handler both end in a splice *)
cogen boom = code (fn n => if n > 2 then raise E n else n)
val p2 = code (fn n => ((boom n) handle E m => dbl m, (boom (inc n)) handle E m => boom (m - 2), (t "h" (boom (dbl n))) handle E _ => pr))
val _ = app (fn n => (case eval p2 n of (a, b, c) => say (sl [a, b, c]); flush ())) [0, 1, 2, 3]
(* the code variable's name reused for a stage-1 variable inside another copy *)
cogen shadow = code (fn inc => fn dbl => inc * 10 + dbl)
val p3 = code (let val inc = 3 val dbl = 4 in (shadow inc dbl, shadow dbl inc, shadow (shadow inc 0) (shadow 0 dbl)) end)
val _ = case eval p3 of (a, b, c) => say (sl [a, b, c])
(* a generator spliced 64 times, in a balanced tree of uses *)
fun tree 0 = code (fn v => inc v)
  | tree n = let cogen l = tree (n - 1) in code (fn v => l (l v) - l v + l 0) end
val _ = say (si (eval (tree 6) 3))
val _ = flush ()
(* a loop whose body is a splice in tail position and whose result is a lift *)
fun loop k = let cogen kk = lift k in code (fn n => let val r = ref 0 in while !r < n do r := inc (!r) + kk; !r end) end
val _ = say (sl (map (fn k => eval (loop k) 10) [0, 1, 3]))
(* nested code: splices at depth 2 of code variables bound at depth 1 and at top level *)
val p4 = code (fn a => let cogen here = code (fn z => inc z * 100) cogen k = lift (dbl a) in code (fn b => (here b, inc b, here (inc (dbl k)), k)) end)
val _ = case eval (eval p4 7) 2 of (a, b, c, d) => say (sl [a, b, c, d])
val _ = flush ()
val p5 = code (fn a => (case a of 0 => code one | 1 => code (inc one) | _ => code (dbl (inc one))))
val _ = say (sl (map (fn n => eval (eval p5 n)) [0, 1, 2]))
val _ = flush ()
