(* Effects during generation versus when the generated code runs, and in
   what order: generator arguments, lifts, cogen bindings, code bodies,
   code run several times, exceptions at either time *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val trace : string list ref = ref []
fun note s = trace := s :: !trace
fun flush label = (pr (label ^ ": " ^ String.concat (map (fn s => s ^ " ") (rev (!trace)))); trace := [])
fun genAdd (a, b) =
  let cogen x = (note "gen-x"; a)
      cogen y = (note "gen-y"; b)
  in note "gen-body"; code (note "run-add"; x + y) end
fun genLit n = (note ("lit" ^ pi n); let cogen v = lift (note ("lift" ^ pi n); n) in code (note ("run" ^ pi v); v) end)
val g = genAdd (genLit 1, genLit 2)
val _ = flush "generation"
val r = eval g
val _ = flush ("first run " ^ pi r)
val r = eval g + eval g
val _ = flush ("two more runs " ^ pi r)
(* arguments of a generator function are evaluated left to right *)
val g2 = genAdd ((note "arg1"; genLit 10), (note "arg2"; genLit 20))
val _ = flush "argument order"
(* effects inside code happen at each use of the code variable *)
val g3 = let cogen t = code (note "tick"; 1) in code (t + t + t) end
val _ = flush "g3 built"
val _ = pr (pi (eval g3))
val _ = flush "g3 ran"
(* while loops with effects inside code *)
val g4 = code (fn n => let val i = ref 0 in while (note ("test" ^ pi (!i)); !i < n) do (note ("body" ^ pi (!i)); i := !i + 1) end)
val _ = eval g4 2
val _ = flush "while in code"
(* exceptions at generation time stop generation before later effects *)
exception Gen of string
fun strict n = if n < 0 then raise Gen "negative" else genLit n
val attempt = (genAdd (strict 1, strict ~1); "built") handle Gen m => "stopped: " ^ m
val _ = flush attempt
(* exceptions at run time stop the generated code part-way *)
val g5 = code (fn n => (note "start"; if n = 0 then raise Gen "zero" else (); note "end"; 100 div n))
val _ = pr (pi (eval g5 5))
val _ = pr ((pi (eval g5 0)) handle Gen m => "raised " ^ m)
val _ = flush "run-time exception"
(* handle inside code catches exceptions of code spliced in *)
val boom = code ((note "boom"; raise Gen "boom") : int)
val g6 = let cogen b = boom in code ((note "try"; b) handle Gen m => (note ("handled " ^ m); ~1)) end
val _ = pr (pi (eval g6))
val _ = flush "handled spliced raise"
(* tuples and lists inside code evaluate left to right *)
val g7 = code ((note "a"; 1), (note "b"; 2), [(note "c"; 3), (note "d"; 4)])
val _ = eval g7
val _ = flush "tuple/list order in code"
val g8 = code (let val f = (note "f"; fn x => fn y => x + y) in f (note "x"; 1) (note "y"; 2) end)
val _ = pr (pi (eval g8))
val _ = flush "application order in code"
(* print inside generated code writes when it runs, not when generated *)
val printer = let cogen msg = lift "generated says hi\n" in code (fn () => print msg) end
val _ = pr "printer built"
val p = eval printer
val _ = pr "printer evaluated"
val _ = (p (); p ())
