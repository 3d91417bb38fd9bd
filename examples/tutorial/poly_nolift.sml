(* compPoly with the `lift` left out: `cogen a' = a` type-checks, making the
   coefficients generators, and the call is refused (see docs/tutorial.md). *)
fun compPoly nil = code (fn x => 0)
  | compPoly (a :: p) =
      let cogen f = compPoly p
          cogen a' = a
      in code (fn x => a' + (x * f x)) end

val mlPolyFun = eval (compPoly [2, 4, 0, 2333])
