(* Session 17's soundness campaign: a program declaring a constructor or an
   exception named v, and a type named unit, whose erasure must not capture
   them (lift e erases to a thunk of a variable, [t] to unit -> t). *)
datatype t = v | w
val g = lift 5
val _ = print (Int.toString (eval g) ^ "\n")
exception v
val g = lift 5
val _ = print (Int.toString (eval g) ^ "\n")
datatype unit = U
val g : [int] = code 5
val _ = print (Int.toString (eval g) ^ "\n")
