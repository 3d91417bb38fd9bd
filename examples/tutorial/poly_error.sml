(* compPoly as a first-time stager writes it: the coefficient `a` is used
   directly inside `code`. The checker rejects it (see docs/tutorial.md). *)
fun compPoly nil = code (fn x => 0)
  | compPoly (a :: p) =
      let cogen f = compPoly p
      in code (fn x => a + (x * f x)) end
