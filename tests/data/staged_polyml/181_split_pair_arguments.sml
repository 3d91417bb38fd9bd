(* Pairs and triples passed to code variables whole, split, swapped, rebuilt, compared, raised, returned twice, bound by as, passed on through other code variables and local functions *)
fun say s = print (s ^ "\n")
fun pi n = Int.toString n
exception P of int * int
val r =
  let cogen h = code (fn (x, y) => x * 10 + y)
      cogen h3 = code (fn (x, y, z) => x * 100 + y * 10 + z)
      cogen h4 = code (fn (w, x, y, z) => w * 1000 + x * 100 + y * 10 + z)
      cogen g1 = code (fn p => h p)
      cogen g2 = code (fn p => let val z = 1 in h p + z end)
      cogen g3 = code (fn p => (case p of (a, b) => a - b) + h p)
      cogen g4 = code (fn p => (p, p))
      cogen g5 = code (fn p => if p = (1, 2) then 1 else h p)
      cogen g6 = code (fn (p as (a, b)) => h p + a + b)
      cogen g7 = code (fn p => fn q => h p + q)
      cogen g8 = code (fn p => (raise P p) handle P (a, b) => a + b)
      cogen g9 = code (fn p => h3 p)
      cogen g10 = code (fn (p as (a, _, c)) => h3 p + a + c)
      cogen g11 = code (fn p => h4 p + (case p of (w, _, _, z) => w - z))
      cogen g12 = code (fn (a, p) => h p + a)
      cogen g13 = code (fn (p, q) => h p + h q)
      cogen g14 = code (fn p => (fn q => h q) p)
      cogen g15 = code (fn p => let val (a, b) = p in h (b, a) end)
      cogen g16 = code (fn p => g1 p + g2 p)
      cogen g17 = code (fn (a, b) => g1 (b, a) + g3 (a, b))
      cogen g18 = code (fn p => let fun k () = h p in k () + k () end)
      cogen g19 = code (fn p => map h [p, p])
      cogen g20 = code (fn (x, y, z) => h3 (z, y, x) + h (x, z))
  in code (fn (a, b) =>
      [g1 (a, b), g2 (a, b), g3 (a, b), (case g4 (a, b) of ((x, y), (z, w)) => x + y * z + w), g5 (a, b), g5 (1, 2),
       g6 (a, b), g7 (a, b) 5, g8 (a, b), g9 (a, b, 7), g10 (a, b, 7), g11 (1, a, b, 4), g12 (9, (a, b)), g13 ((a, b), (b, a)),
       g14 (a, b), g15 (a, b), g16 (a, b), g17 (a, b), g18 (a, b), hd (g19 (a, b)), g20 (a, b, 9),
       let val p = (b, a) in g1 p + g9 (a, a, a) + g3 p end,
       (fn p => g1 p + g13 (p, p)) (a, b),
       (fn (x, y) => g17 (y, x)) (a, b)])
  end
val _ = say (String.concatWith " " (map pi (eval r (3, 4))))
