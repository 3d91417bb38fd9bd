(* Code returning code: the inner generated function has a non-exhaustive
   match; the outer stage runs fine and the inner code raises Match when
   it meets a shape it does not cover. Run at top level, the Match ends
   the program. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype shape = Square of int | Rect of int * int | Tri of int * int * int

val outer : [int -> [shape -> int]] =
  code (fn scale => let cogen s = lift scale
                    in code (fn Square a => s * a * a | Rect (w, h) => s * w * h) end)
val byTwo = eval (eval outer 2)
val _ = pr (pi (byTwo (Square 3)) ^ " " ^ pi (byTwo (Rect (2, 5))))
val _ = pr ((pi (byTwo (Tri (3, 4, 5)))) handle Match => "Match handled")
val all = map (eval (eval outer 1)) [Square 1, Rect (1, 2), Tri (1, 1, 1), Square 9]
val _ = pr "not reached"
