(* print during generation versus in generated code run several times;
   lift (print ...; 3) prints once, when the lift is evaluated; a cogen's
   expression runs when the declaration is evaluated, its code at every
   use; refs created at generation time versus at run time *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val _ = pr "-- lift with an effect"
val g1 = let cogen three = lift (print "[lifting] "; 3) in code (print "[running] "; three + 1) end
val _ = pr "built"
val _ = pr (pi (eval g1))
val _ = pr (pi (eval g1))
val _ = pr "-- a generator that prints while it is built, used twice in one code"
fun noisy n = (print ("[build " ^ pi n ^ "] "); let cogen k = lift n in code (print ("[run " ^ pi k ^ "] "); k) end)
val g2 = let cogen a = noisy 1 cogen b = noisy 2 in code (a + b + a) end
val _ = pr "|"
val _ = pr (pi (eval g2))
val _ = pr "-- top-level cogen: the expression once, the code at every use"
cogen top = (print "[top expression] "; code (print "[top code] "; 7))
val _ = pr "|"
val _ = pr (pi (top * top))
val _ = pr (pi top)
val _ = pr "-- a code variable used only under a fn in the code: runs at each call"
val g3 = let cogen x = code (print "[x] "; 5) in code (fn () => x * 2) end
val f3 = eval g3
val _ = pr "evaluated"
val _ = pr (pi (f3 () + f3 ()))
val _ = pr "-- a code variable never used: its code never runs"
val g4 = let cogen unused = code (print "[never] "; 0) in code 4 end
val _ = pr (pi (eval g4))
val _ = pr "-- lift under code: the lift runs when the outer code runs"
val g5 = code (print "[outer] "; let cogen v = lift (print "[lift inside] "; 10) in code (print "[inner] "; v * 2) end)
val inner5 = eval g5
val _ = pr "|"
val _ = pr (pi (eval inner5) ^ " " ^ pi (eval inner5))
val _ = pr "-- refs: created at generation time (shared by runs) or at run time (fresh)"
val genTime = let cogen r = lift (print "[ref made] "; ref 0) in code (r := !r + 1; !r) end
val runTime = code (let val r = (print "[ref made] "; ref 0) in r := !r + 1; !r end)
val _ = pr (pi (eval genTime) ^ pi (eval genTime) ^ pi (eval genTime))
val _ = pr (pi (eval runTime) ^ pi (eval runTime) ^ pi (eval runTime))
val _ = pr "-- effects in arguments of generator functions, left to right"
fun both (a, b) = let cogen x = a cogen y = b in code (x ^ y) end
val g6 = both ((print "[arg1] "; code (print "[x] "; "x")), (print "[arg2] "; code (print "[y] "; "y")))
val _ = pr "|"
val _ = pr (eval g6)
val _ = pr "-- print inside a generated loop, run three times"
val loop = let cogen n = lift 3 in code (fn tag => let val i = ref 0 in while !i < n do (print (tag ^ pi (!i) ^ " "); i := !i + 1) end) end
val runLoop = eval loop
val _ = (runLoop "a"; runLoop "b"; eval loop "c"; pr "")
val _ = pr "-- a cogen in a function body: the expression at each call"
fun mk () = let cogen c = (print "[mk] "; code (print "[c] "; 1)) in code (c + c) end
val m1 = mk ()
val m2 = mk ()
val _ = pr (pi (eval m1 + eval m2))
val _ = pr "-- before and sequencing inside code"
val g7 = code ((print "[first] "; 1) before print "[before] ", (print "[second] "; 2))
val _ = pr (case eval g7 of (a, b) => pi (a + b))
