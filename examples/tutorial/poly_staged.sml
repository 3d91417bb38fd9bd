(* The same 1000 evaluations, by code generated once for poly1. *)
val poly1 = [2, 4, 0, 2333]

fun compPoly nil = code (fn x => 0)
  | compPoly (a :: p) =
      let cogen f = compPoly p
          cogen a' = lift a
      in code (fn x => a' + (x * f x)) end

fun sumTo f n =
    let fun go (i, acc) = if i > n then acc else go (i + 1, acc + f i)
    in go (1, 0) end

val poly1Code = eval (compPoly poly1)    (* generate once ... *)
val total = sumTo poly1Code 1000         (* ... run 1000 times *)
val _ = print ("sum = " ^ Int.toString total ^ "\n")
