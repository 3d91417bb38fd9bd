(* The polynomial interpreter, evaluated at 1000 points. Compare its
   reductions with poly_staged.sml: `mlbox run FILE --stats`. *)
val poly1 = [2, 4, 0, 2333]

fun evalPoly (x, nil) = 0
  | evalPoly (x, a :: p) = a + (x * evalPoly (x, p))

(* sumTo f n = f 1 + f 2 + ... + f n *)
fun sumTo f n =
    let fun go (i, acc) = if i > n then acc else go (i + 1, acc + f i)
    in go (1, 0) end

val total = sumTo (fn x => evalPoly (x, poly1)) 1000
val _ = print ("sum = " ^ Int.toString total ^ "\n")
