(* A staging mistake: generating the code again for every point. *)
val poly1 = [2, 4, 0, 2333]

fun compPoly nil = code (fn x => 0)
  | compPoly (a :: p) =
      let cogen f = compPoly p
          cogen a' = lift a
      in code (fn x => a' + (x * f x)) end

fun sumTo f n =
    let fun go (i, acc) = if i > n then acc else go (i + 1, acc + f i)
    in go (1, 0) end

val total = sumTo (fn x => eval (compPoly poly1) x) 1000
val _ = print ("sum = " ^ Int.toString total ^ "\n")
