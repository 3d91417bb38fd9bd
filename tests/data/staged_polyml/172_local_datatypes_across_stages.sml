(* Datatypes declared in a let at generation time, their values and functions lifted, their constructors and types used under code; datatypes and exceptions declared inside stage-one code used in stage-two code *)
fun say s = print (s ^ "\n")
val r = let datatype d = X | Y of int
            fun f (Y n) = n | f X = 0
        in let cogen v = lift (Y 3) cogen ff = lift f in eval (code (ff v + ff v)) end end
val _ = say (Int.toString r)
val r2 = let datatype d = X | Y of int in eval (code (fn (x : d) => 1)) X end
val _ = say (Int.toString r2)
val g3 = code (let datatype d = P of int | Q in fn n => let cogen k = lift (P n) in code (case k of P m => m | Q => 0) end end)
val _ = say (Int.toString (eval ((eval g3) 8)))
val g4 = code (let datatype d = P of int | Q
                   exception Loc of d
               in fn n => let cogen k = lift (P n) cogen kk = lift Q in code (case (k, kk) of (P m, Q) => m | _ => 0) end end)
val _ = say (Int.toString (eval ((eval g4) 9)))
val r5 = let datatype d = X | Y of int in eval (code (fn (Y n) => n | X => 0)) (Y 4) end
