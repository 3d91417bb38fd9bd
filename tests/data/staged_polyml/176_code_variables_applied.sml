(* Code variables applied to arguments inside code: tuples, pairs passed whole, nested tuples, curried chains applied fully and partly, lifted functions, clauses that can fail, ref patterns read before a later argument is evaluated, arguments with effects, handlers around applications *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
val r =
  let cogen sub = code (fn (x, y) => x - y)
      cogen whole = code (fn (p as (x, y)) => case p of (a, b) => a * 10 + b + x - y)
      cogen nest = code (fn ((a, b), c) => a * 100 + b * 10 + c)
      cogen cur = code (fn a => fn b => fn c => a * 100 + b * 10 + c)
      cogen cur2 = code (fn (a, b) => fn c => (a - b) * c)
      cogen partial = code (fn a => let val k = t "pk" a in fn b => k + b end)
      cogen lf = lift (fn (x, y) => x * y)
      cogen multi = code (fn (0, y) => y | (x, 0) => x | (x, y) => x + y)
      cogen rp = code (fn (ref x, y) => x + y)
      cogen swap = code (fn (a, b) => (b, a))
  in code (fn (a, b) => fn c =>
       [sub (b, a), sub (t "s1" c, t "s2" a), sub (sub (a, b), sub (c, a)),
        whole (t "w1" b, t "w2" c), whole (a, b), nest ((a, b), c), nest ((t "n1" c, t "n2" b), t "n3" a),
        cur a b c, cur (t "c1" c) (t "c2" b) (t "c3" a), cur (cur a b c) (sub (a, b)) (lf (b, c)),
        cur2 (a, b) c, cur2 (t "d1" c, t "d2" a) (t "d3" b), partial (t "p1" a) (t "p2" b), 
        let val f = partial c in f 1 + f 2 end,
        lf (a, b), lf (t "l1" c, t "l2" c), multi (0, a), multi (b, 0), multi (a, b), multi (t "m1" a, t "m2" 0),
        rp (ref a, b), rp (t "r1" (ref c), t "r2" a),
        sub (swap (a, b)), sub (swap (swap (a, c))), whole (swap (b, c)),
        let val (x, y) = swap (c, a) in sub (y, x) end,
        (fn (a, b) => sub (b, a)) (c, b),
        let val a = 1000 in sub (a, b) end,
        cur c (let val b = 7 in b end) a])
  end
val res = eval r (3, 5) 2
val _ = flush ()
val _ = say (String.concatWith " " (map Int.toString res))
val h = let cogen f = code (fn (a, b) => a div b) in code (fn x => (f (t "a" x, t "b" 0)) handle Div => (t "h" ~1)) end
val _ = say (Int.toString (eval h 5))
val _ = flush ()
val m = let cogen f = code (fn (1, x) => x | (_, x) => ~x) in code (fn x => (f (t "q1" 2, t "q2" x), f (1, x))) end
val _ = case eval m 9 of (p, q) => say (Int.toString p ^ " " ^ Int.toString q)
val _ = flush ()
val c3 = let cogen f = code (fn a => fn (b, c) => fn d => a + b * c - d) in code (fn x => f (t "x" x) (t "y" (x + 1), t "z" 2) (t "w" 3)) end
val _ = say (Int.toString (eval c3 4))
val _ = flush ()
val c4 = let cogen f = code (fn a => fn 0 => a | b => a * b) in code (fn x => f (t "x" x) (t "y" 0) + f (t "x2" x) (t "y2" 2)) end
val _ = say (Int.toString (eval c4 4))
val _ = flush ()
datatype box = Box of int ref
val g = let cogen f = code (fn (ref x) => fn y => x + y)
            cogen h = code (fn (Box (ref x)) => fn y => x * 100 + y)
            cogen k = code (fn (a, ref x) => fn y => a + x + y)
        in code (let val r = ref 1 in (f r (r := 10; 5), h (Box r) (r := 2; 3), k (1, r) (r := 7; 0)) end) end
val _ = case eval g of (a, b, c) => say (Int.toString a ^ " " ^ Int.toString b ^ " " ^ Int.toString c)
