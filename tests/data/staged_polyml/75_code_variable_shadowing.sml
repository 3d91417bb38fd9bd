(* A top-level code variable u shadowed inside generated code by every
   kind of binding (a constructor, an exception, fun, val rec, fn
   parameter, case and val patterns), then used unshadowed; code
   variables in a top-level local, exported; a code variable whose name is
   close to a constructor's; a fn parameter inside code shadowing a
   let-bound value; a function parameter shadowed by a cogen of the same
   name. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
cogen u = code 10
val g1 = code (let datatype t = u | V of int in case u of u => 1 | V n => n end)
val g2 = code (let exception u of int in (raise u 5) handle u n => n + 100 end)
val g3 = code (let fun u x = x * 3 in u 7 end)
val g4 = code (let val rec u = fn 0 => 0 | n => n + u (n - 1) in u 4 end)
val g5 = code ((fn u => u + 1) 41)
val g6 = code (case [1, 2] of u :: _ => u | [] => 0)
val g7 = code (let val (u, w) = (5, 6) in u * w end)
val g8 = code (u + 1)
val _ = pr (String.concatWith " " (map pi [eval g1, eval g2, eval g3, eval g4, eval g5, eval g6, eval g7, eval g8, u]))
local
  cogen w = code 3
  fun helper x = x * w
in
  val fromLocal = helper 5
  cogen exported = code (w + 100)
end
val _ = pr (pi fromLocal ^ " " ^ pi exported ^ " " ^ pi (eval (code (exported + 1))))
datatype d = Wrap of int
val g9 = let cogen Wrap' = code Wrap in code (case Wrap' 3 of Wrap n => n) end
val _ = pr (pi (eval g9))
val g10 = let cogen f = code (fn u => u * 2) in code (let val u = 21 in f u end) end
val _ = pr (pi (eval g10))
fun h u = let cogen u = lift (u + 1) in code (u * 10) end
val _ = pr (pi (eval (h 4)))
