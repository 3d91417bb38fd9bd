(* Code variables bound in local, in match arms and in handlers (a generator raising while generating falls back to another), the same curried code variable spliced at depths 1 to 3 of nested code, cogen rebinding names the arguments use, generation in a while loop over a ref of code and from an array of generators, exceptions raised while generating beside ones raised by the generated code, and curried chains spliced into chains spliced into a third generator *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
exception G of int
cogen f = code (fn a => fn b => fn c => a * 100 + b * 10 + c)
(* code variables bound in local, match arms, handlers *)
local cogen l1 = code (fn a => fn b => t "l1" (a - b)) in
  val q1 = code (fn x => (l1 x 1, l1 (t "q1a" x) (t "q1b" 2)))
end
val _ = case eval q1 5 of (a, b) => say (sl [a, b])
val _ = flush ()
fun pick n = case n of
    0 => let cogen u = code (fn a => fn b => a + b) in code (fn x => u x (u x x)) end
  | 1 => let cogen u = code (fn (a, b) => fn c => a * b - c) in code (fn x => u (x, t "p" 3) (t "c" x)) end
  | n => (let cogen u = (if n > 5 then raise G n else code (fn a => fn b => a div b)) in code (fn x => u x 2) end)
         handle G m => let cogen u = lift (fn a => a + m) in code (fn x => u x) end
val _ = say (sl (map (fn n => eval (pick n) 7) [0, 1, 2, 9]))
val _ = flush ()
(* the same code variable spliced at several depths of nested code *)
cogen w = code (fn a => fn b => t "w" (a * b))
val q2 = code (fn x =>
  let cogen lx = lift x
      val r1 = w x (x + 1)
      val r2 = eval (code (w lx 3 + eval (code (w lx (lx + 1)))))
      val c = code (fn y => w y lx)
      cogen cc = c
      val r3 = eval (code (cc 4 + eval (code (cc 5))))
  in [r1, r2, r3, eval c 6] end)
val _ = say (sl (eval q2 2))
val _ = flush ()
(* cogen rebinding a name used by an argument *)
val q3 = code (fn x =>
  let cogen x' = lift x
      val w = x + 1
      cogen f = code (fn w => fn x' => w - x')
  in [f w x, f x' w, f (let cogen w = lift 100 in w end) w, eval (code (f x' x'))] end)
val _ = say (sl (eval q3 9))
val _ = flush ()
(* generation inside while loops, refs of code *)
val acc = ref (code 0)
val i = ref 0
val _ = while !i < 4 do (
  let cogen c = !acc cogen k = lift (t "gen" (!i)) in acc := (code (f (t "run" k) c 1)) end;
  i := !i + 1)
val _ = flush ()
val _ = say (si (eval (!acc)))
val _ = flush ()
val tbl = Array.tabulate (3, fn j => let cogen k = lift j in code (fn x => f k x k) end)
val q4 = code (fn x => let cogen a0 = Array.sub (tbl, 0) cogen a2 = Array.sub (tbl, 2) in a0 (a2 x) end)
val _ = say (si (eval q4 1))
(* exceptions raised during generation vs during the run *)
fun gen 0 = raise G 0
  | gen n = let cogen r = (gen (n - 1)) handle G k => let cogen lk = lift k in code (raise G (t "runraise" (lk + 10))) end cogen ln = lift n in code (f ln r ln) end
val c5 = gen 2
val _ = flush ()
val _ = (say (si (eval c5))) handle G n => say ("G " ^ si n)
val _ = flush ()
val q6 = code (fn x => (eval (if x > 0 then gen x else raise G 99)) handle G n => n)
val _ = say (sl [eval q6 1, eval q6 0])
val _ = flush ()
(* code spliced into code which is spliced into another generator *)
cogen inner = code (fn a => fn b => a - b)
cogen mid = code (fn a => fn b => inner (inner a b) (t "mid" 1))
cogen outer = code (fn x => mid (mid x 1) (inner x 2))
val q7 = code (fn z => outer z + eval (code (outer 10)) + eval (code (eval (code (mid (outer 3) 4)))))
val _ = say (si (eval q7 100))
val _ = flush ()
