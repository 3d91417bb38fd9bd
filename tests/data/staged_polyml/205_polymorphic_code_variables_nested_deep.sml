(* Polymorphic code variables inlined at several types, top-level and let-bound code variables applied inside code nested two and three deep, curried and paired applications at each depth, generators applied to code variables and to lifted values, and eval of code that builds code that builds code *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
cogen idc = code (fn x => x)
cogen kc = code (fn x => fn _ => x)
cogen pairc = code (fn x => fn y => (x, y))
cogen mapc = code (fn f => fn l => let fun go [] = [] | go (h :: r) = f h :: go r in go l end)
cogen twice = code (fn f => fn x => f (f x))
cogen swapc = code (fn (a, b) => (b, a))
cogen fstc = code (fn (a, _) => a)
val p1 = code (idc 3, idc "s", idc (idc true), kc 1 "x", kc "y" 2, pairc #"c" [1], fstc (swapc ("a", 1)), mapc idc [1, 2], mapc (kc "k") [1, 2, 3],
               twice (fn s => s ^ "!") "hi", twice (twice (fn n => n * 2)) 1, swapc (swapc (1, "z")), fstc (pairc 1 2))
val _ = case eval p1 of (a, b, c, d, e, (f, g), h, i, j, k, l, (m, n), oo) =>
  say (String.concatWith " " [si a, b, Bool.toString c, si d, e, str f, sl g, si h, sl i, String.concatWith "" j, k, si l, si m, n, si oo])
(* depth 2 and 3: a top-level code variable applied where the code runs two stages later *)
val p2 = code (fn a => let cogen a = lift a in code (fn b => let cogen b = lift b in
  code (fn c => (pairc a b, twice (fn z => z + c) a, swapc (idc b, kc c a), mapc (pairc c) [a, b])) end) end)
val _ = case eval (eval (eval p2 1) 2) 3 of ((a, b), c, (d, e), l) => say (sl [a, b, c, d, e] ^ " " ^ String.concatWith ";" (map (fn (x, y) => sl [x, y]) l))
(* code variables bound at depth 1 used at depth 2 and 3, shadowing the top-level ones *)
val p3 = code (fn a =>
  let cogen pairc = code (fn x => fn y => (y, x))
      cogen ka = lift (t "ka" (a * 10))
  in code (fn b =>
       let cogen idc = code (fn x => x + ka)
           cogen kb = lift (t "kb" (b + ka))
       in code (fn c => (pairc (idc c) kb, pairc ka (idc (idc ka)), twice idc c, mapc (fn v => idc v - kb) [ka, kb, c])) end) end)
val s1 = eval p3 1
val _ = flush ()
val s2 = eval s1 2
val _ = flush ()
val _ = case eval s2 3 of ((a, b), (c, d), e, l) => say (sl [a, b, c, d, e] ^ " " ^ sl l)
val _ = case eval s2 4 of ((a, b), (c, d), e, l) => say (sl [a, b, c, d, e] ^ " " ^ sl l)
val _ = flush ()
(* a generator of generators: code that returns code, spliced at the next stage *)
fun powgen 0 = code (fn _ => code 1)
  | powgen n = let cogen r = powgen (n - 1) in code (fn x => let cogen lx = lift x cogen rest = r x in code (lx * rest) end) end
val pg = eval (powgen 5)
val _ = say (sl (map (fn x => eval (pg x)) [0, 1, 2, 3]))
(* eval of code whose value is code which, run, is code *)
val tower = code (code (code (kc (idc 7) "ignored")))
val _ = say (si (eval (eval (eval tower))))
(* a polymorphic code variable bound by cogen in let, used at three types inside one code *)
fun withpoly () = let cogen dup = code (fn x => (x, x)) in code (dup 1, dup "d", dup (dup [true])) end
val _ = case eval (withpoly ()) of ((a, b), (c, d), ((e, _), _)) => say (sl [a, b] ^ c ^ d ^ Bool.toString (hd e))
(* generators that take a code variable and splice it in a curried chain *)
fun compose2 f g = let cogen f = f cogen g = g in code (fn x => fn y => f (g x) (g y)) end
val c2 = compose2 (code (fn a => fn b => a - b)) (code (fn v => t "g" (v * v)))
val _ = say (si (eval c2 (t "x" 5) (t "y" 3)))
val _ = flush ()
cogen cc2 = compose2 (code (fn a => fn b => a * b)) (code (fn v => t "h" (v + 1)))
val p4 = code (fn n => (cc2 (t "u" n) (t "v" (n + 1)), cc2 n, let val part = cc2 (t "w" 2) in part 3 + part 4 end))
val _ = case eval p4 1 of (a, f, b) => (say (sl [a, f 10, b]); flush ())
