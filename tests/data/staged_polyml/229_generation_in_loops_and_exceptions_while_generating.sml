(* Stage-1 code generating stage 2 in a while loop over a ref of code, its generator function raising while generating and handled by the loop; generators of curried chains raising at stage-2 generation inside stage-1 code, handled there or escaping each run of the generated function; the program dies of an exception raised while generating at stage 0 *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
exception Gen of int
cogen f = code (fn a => fn b => fn c => a * 100 + b * 10 + c)
(* stage 1 generates stage 2 in a loop over a ref of code; a stage-1 function raises while generating *)
val q = code (fn n =>
  let val acc = ref (code 0)
      val i = ref 0
      fun step k = if k = 3 then raise Gen (t "gen3" k) else let cogen lk = lift k in code (fn s => f lk s (t "run" lk)) end
      val _ = while !i < n do
        ((let cogen c = !acc cogen s = step (!i) in acc := (code (s c mod 1000)) end)
         handle Gen k => let cogen c = !acc cogen lk = lift k in acc := (code (c + lk * 1000)) end;
         i := !i + 1)
  in eval (!acc) end)
val _ = say (sl (map (eval q) [0, 1, 3, 5]))
val _ = flush ()
(* a generator raising at stage 2 generation inside stage-1 code, handled there, and one not handled *)
fun boom k = if k > 2 then raise Gen k else code (fn a => fn b => a - b)
val q2 = code (fn k => (let cogen g = boom (t "boom" k) in eval (code (g 10 (t "arg" 3))) end) handle Gen m => ~m)
val _ = say (sl (map (eval q2) [1, 5, 2]))
val _ = flush ()
val q3 = code (fn k => let cogen g = boom k in eval (code (fn x => g x x)) end)
val h = eval q3
val _ = say (si (h 1 7))
val _ = (say (si (h 9 7))) handle Gen m => say ("escaped " ^ si m)
val _ = flush ()
val _ = say (si (eval (let cogen g = boom 4 in code (g 1 1) end)))
