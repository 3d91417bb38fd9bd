(* Generators that reach cogen through code returning code, a tuple, a ref assigned afterwards, a function parameter and an if, applied curried at stages 1 to 3; and arguments that would not terminate but for a counter, at each position of a chain, partially applied, against a ref pattern read before the next argument is evaluated; and applications whose head computes the code variable (a sequence, an if, a case, a let, an annotation, a composition) *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
cogen u1 = eval (code (code (fn a => fn b => t "u1" (a * 10 + b))))
cogen u2 = #2 (3, code (fn (a, b) => fn c => a - b - c))
val cell = ref (code (fn a => fn b => fn c => a + b + c))
cogen u3 = !cell
val _ = cell := (code (fn a => fn b => fn c => 0))
fun app (g : [int -> int -> int]) = let cogen gg = g in code (fn x => gg (t "g1" x) (t "g2" (x + 1))) end
fun pick b = if b then code (fn a => fn 0 => a | b => a div b) else code (fn a => fn b => a * b)
val q = code (fn x =>
  let cogen lx = lift x
      cogen made = code (fn a => fn b => let cogen la = lift a in eval (code (fn c => la + c)) b end)
  in [u1 (t "a" x) (t "b" 2), u2 (x, t "c" 1) (t "d" 2), u3 x x x, made x (t "m" 4),
      eval (code (made lx lx + u1 lx lx + eval (code (u2 (lx, lx) lx)))),
      eval (eval (code (code (u1 lx (u3 1 2 3)))))] end)
val _ = say (sl (eval q 5))
val _ = flush ()
val _ = say (sl [eval (app (code (fn a => fn b => a - b))) 9, eval (app (pick true)) 3, eval (app (pick false)) 4, eval (app (let cogen w = pick true in code (fn a => fn b => w b a) end)) 8])
(* arguments that would not terminate but for a counter, at each position of a chain *)
exception Spun of int
val budget = ref 0
fun spin n = if !budget >= 50 then raise Spun n else (budget := !budget + 1; spin (n + 1))
fun loops () = (budget := 0; while true do (budget := !budget + 1; if !budget > 30 then raise Spun (!budget) else ()); 0)
cogen c3 = code (fn a => fn b => fn c => t "body" (a + b + c))
cogen c3r = code (fn a => fn (ref b) => fn c => t "bodyr" (a + b + c))
val q2 = code (fn x =>
  map (fn k => (case k of
          0 => c3 (t "s" (spin 0)) (t "b" 1) (t "c" 2)
        | 1 => c3 (t "a" x) (budget := 0; spin (t "s" 0)) (t "c" 2)
        | 2 => c3 (t "a" x) (t "b" 1) (loops ())
        | 3 => let val f = c3 (t "a" x) (t "b" 1) in t "partial" (); f (loops ()) end
        | 4 => c3r (t "a" x) (ref (budget := 0; spin 1)) (t "c" 2)
        | 5 => let val r = ref 0 in c3r (t "a" x) r (r := 100; t "c" 2) end
        | _ => let val r = ref 7 in c3r (t "a" x) r (r := loops (); 0) end) handle Spun n => n) [0, 1, 2, 3, 4, 5, 6])
val _ = say (sl (eval q2 1))
val _ = flush ()
(* heads that are not the code variable itself: sequences, ifs, cases, lets, annotations, compositions *)
cogen u = code (fn a => fn b => t "u" (a * 10 + b))
cogen w = code (fn a => (t "w1" (); fn b => t "w" (a - b)))
cogen sk = code (t "sk" 1)
val q3 = code (fn x =>
  [(t "f" (); u) (t "a" 1) (t "b" 2), (if t "c" x > 0 then u else w) (t "a" 3) (t "b" 4),
   (case t "s" x of 0 => w | _ => u) (t "a" 5) (t "b" 6), (let val _ = t "l" () in w end) (t "a" 7) (t "b" 8),
   (u (t "a" 9) : int -> int) (t "b" 0), ((fn g => g) u) (t "a" 1) (t "b" 1), (u sk) sk, w sk (w sk sk),
   (#1 (u, w)) (t "a" 2) (t "b" 2), (u before t "bef" ()) (t "a" 3) 3, (u o (fn z => z + sk)) 1 2])
val _ = say (sl (eval q3 1))
val _ = flush ()
