(* Code variables bound when the generated code runs (cogen over a generator taken from a list or from an exception packet inside code), applied curried, in part and to pairs and pair variables: the applications the generator cannot reduce, next to the ones it can *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
exception Carry of [int -> int -> int]
exception CarryP of [int * int -> int]
val gens = [code (fn a => fn b => a - b), code (fn a => (t "mid" (); fn b => a * b)), code (let val k = t "k" 3 in fn a => fn b => a + b + k end)]
val p = code (fn (gs : [int -> int -> int] list, x) =>
  map (fn g => let cogen u = g in (u (t "a" x) (t "b" 2), let val h = u x in h 1 + h 2 end, u x x) end) gs)
val _ = say (String.concatWith " " (map (fn (a, b, c) => sl [a, b, c]) (eval p (gens, 7))))
val _ = flush ()
val q = code (fn x => (raise Carry (code (fn a => fn b => a * 100 + b))) handle Carry g => let cogen u = g in u x (u 1 2) end)
val _ = say (si (eval q 4))
val r = code (fn x => (raise CarryP (code (fn (a, b) => a - b))) handle CarryP g => let cogen u = g val pp = (x, 1) in u pp + u (t "l" x, t "r" 2) + u (u pp, x) end)
val _ = say (si (eval r 9))
val _ = flush ()
