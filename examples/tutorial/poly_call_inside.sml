(* compPoly with its recursive call written inside `code`. The checker
   rejects it (see docs/tutorial.md). *)
fun compPoly nil = code (fn x => 0)
  | compPoly (a :: p) =
      let cogen a' = lift a
      in code (fn x => a' + (x * eval (compPoly p) x)) end
