(* An exception declared inside generated code is used for an early exit
   from a search and handled there; a second generated function lets its
   own local exception escape when no element qualifies: it is reported
   under the name it was declared with, after the output before it. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun firstAbove (limit : int) : [int list -> int] =
    let cogen l = lift limit
    in code (fn xs => let exception Found of int
                      in (app (fn x => if x > l then raise Found x else ()) xs; ~1) handle Found x => x end)
    end
val above10 = eval (firstAbove 10)
val _ = pr (pi (above10 [1, 5, 12, 30]) ^ " " ^ pi (above10 []) ^ " " ^ pi (above10 [11]))

fun mustFind (limit : int) : [int list -> int] =
    let cogen l = lift limit
    in code (fn xs => let exception NotFound
                          fun go [] = raise NotFound
                            | go (x :: r) = if x > l then x else go r
                      in go xs end)
    end
val need = eval (mustFind 100)
val _ = pr (pi (need [50, 150, 250]))
val _ = pr ((pi (need [1, 2])) handle e => "caught " ^ exnName e)
val _ = pr "the next search escapes"
val _ = pr (pi (need [99, 100]))
val _ = pr "not reached"
