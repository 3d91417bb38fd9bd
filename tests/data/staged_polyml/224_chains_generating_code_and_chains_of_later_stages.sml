(* Curried chains whose bodies generate and run code (lifting their arguments, splicing other chains at the next stage), chains returning code that is spliced again or passed to a generator of generators, code variables bound at stage 1 in case arms and handlers and applied at stage 2, and a chain of stage 0 wrapped by a chain of stage 1 applied at stage 3; chains taking generators as arguments (run by eval, bound by cogen in the body, made by another chain) *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
exception G of int
cogen u = code (fn a => fn b => t "u" (a + b))
cogen v = code (fn a => fn b => let cogen la = lift a in eval (code (la * 10 + eval (code (u la la)))) + b end)
cogen w = code (fn (a, b) => fn c => let cogen lc = lift (t "wc" c) cogen lab = lift (a - b) in eval (code (fn z => u z lc - lab)) (t "wz" c) end)
val q1 = code (fn x => [u (eval (code (u 1 2))) (u x (eval (code (u 3 4)))), v x (t "vb" 1), v (v x 1) (v 1 x),
  w (x, t "wb" 2) (t "wcarg" 3), w (w (x, x) x, 1) 0, let val f = v x in f 1 + f 2 end, let val g = w (1, 2) in g x end])
val _ = say (sl (eval q1 5))
val _ = flush ()
(* code variables bound at stage 1 in case arms and handlers, used at stage 2 *)
val q2 = code (fn x =>
  let val c = case x of
        0 => let cogen h = code (fn a => fn b => a * b) in code (fn y => h y (t "h0" y)) end
      | 1 => ((let cogen h = (if x = 1 then raise G (t "g" 7) else code (fn a => fn b => a)) in code (fn y => h y y) end)
             handle G n => let cogen h = code (fn a => fn b => a - b) cogen ln = lift n in code (fn y => h y ln) end)
      | _ => let cogen h = code (fn (ref a) => fn b => a + b) in code (fn y => let val r = ref y in h r (r := 100; t "hb" y) end) end
  in eval c (x + 10) end)
val _ = say (sl (map (eval q2) [0, 1, 2]))
val _ = flush ()
(* three levels: a chain defined at stage 0, another at stage 1, applied at stage 3 *)
val q3 = code (fn x =>
  let cogen lx = lift x
      cogen h1 = code (fn a => fn b => fn c => a * 100 + b * 10 + c)
  in eval (code (
       let cogen h2 = code (fn p => fn q => h1 p q lx)
       in eval (code (h2 (t "p" 1) (t "q" 2) + h1 (h2 3 4) lx (u lx lx) + eval (code (h2 lx lx)))) end))
  end)
val _ = say (si (eval q3 7))
val _ = flush ()
cogen mk = code (fn a => fn b => let cogen la = lift (t "la" a) cogen lb = lift (t "lb" b) in code (t "run" (la * 10 + lb)) end)
cogen mkf = code (fn a => let cogen la = lift a in code (fn b => fn c => la * 100 + b * 10 + c) end)
cogen twice = code (fn g => let cogen gg = g in code (gg + gg) end)
val q = code (fn x =>
  let cogen m = mk (t "a" x) (t "b" 2)
      cogen f = mkf x
      val c1 = eval (code (m + m))
      val c2 = eval (mk x x) + eval (mk (eval (mk 1 2)) 3) handle Bind => 0
      val c3 = eval (code (f 1 2 + f m (m - 21)))
      val c4 = eval (twice (code m)) + eval (twice (mk 4 5))
      val c5 = eval (code (eval (code (f m (f 0 0) + eval (twice (code (f 1 1)))))))
  in [c1, c2, c3, c4, c5] end)
val _ = say (sl (eval q 3))
val _ = flush ()
(* chains taking generators as arguments: run by eval, bound by cogen in the body, made by another chain *)
cogen app = code (fn g => fn x => eval g + x)
cogen app2 = code (fn g => fn h => let cogen gg = g cogen hh = h in eval (code (gg * 10 + hh)) end)
cogen mkc = code (fn n => let cogen ln = lift n in code (t "ran" ln) end)
val q = code (fn x =>
  let cogen lx = lift x
  in [app (code (t "g" 5)) (t "x" x), app (mkc (t "n" x)) 1, app2 (mkc 1) (mkc (t "m" 2)), app2 (code lx) (code (app (code lx) lx)),
      let val g = mkc x in app g (app g 0) + app2 g g end, eval (code (app (mkc lx) lx))] end)
val _ = say (sl (eval q 3))
val _ = flush ()
