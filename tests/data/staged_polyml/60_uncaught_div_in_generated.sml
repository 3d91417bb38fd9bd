(* A generated averaging function works on the first inputs and then
   divides by zero: the Div raised by generated code escapes eval, passes
   through a handler for other exceptions in generated code, and ends the
   program. Output printed before must all appear. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun averageOf (weights : int list) =
    let cogen ws = lift weights
        cogen total = lift (foldl op+ 0 weights)
    in code (fn xs => (foldl op+ 0 (ListPair.map op* (ws, xs)) div total) handle Overflow => ~1) end

val avg = eval (averageOf [1, 2, 1])
val _ = pr (pi (avg [10, 20, 30]))
val _ = pr (pi (avg [4611686018427387903, 4611686018427387903, 0]))
val skewed = eval (averageOf [1, ~1])
val _ = pr ((pi (skewed [5, 5])) handle Div => "handled Div once")
val _ = pr "now without a handler"
val _ = app (fn xs => pr (pi (skewed xs))) [[1, 2], [3, 4]]
val _ = pr "not reached"
