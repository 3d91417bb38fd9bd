(* Curried generators whose fns rebind the same names (fn x => fn x => x, swapped pairs, layered patterns naming an earlier argument), typed, wildcard and unit patterns, applied fully, in part and from inside fns whose own parameters have those names *)
fun say s = print (s ^ "\n")
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
cogen k2 = code (fn x => fn x => x)
cogen k3 = code (fn x => fn y => fn x => x * 10 + y)
cogen sw = code (fn (x, y) => fn (y, x) => x * 10 + y)
cogen asx = code (fn (x as y) => fn y => fn (z as x) => x + y * 10 + z * 100)
cogen typed = code (fn (a : int) => fn (_ : int) => fn (b : int) => fn _ => a - b)
cogen unt = code (fn () => fn () => 5)
val p = code (fn x => let val y = x + 1 in
  [k2 1 2, k2 x y, k3 1 2 3, k3 x y x, sw (1, 2) (3, 4), sw (x, y) (y, x), let val pr = (x, 9) in sw pr pr end,
   asx 1 2 3, asx x x y, typed 10 20 3 40, (k2 x) 7, let val f = k3 x in f 1 2 + f 3 4 end, unt () (), (fn x => k2 x x) 6,
   (fn x => fn y => k3 y x y) 1 2] end)
val _ = say (sl (eval p 4))
