(* Effectful lift and code: when effects happen (generation vs run), generators run twice *)
fun say s = print (s ^ "\n")
val counter = ref 0
fun tick s = (counter := !counter + 1; print (s ^ Int.toString (!counter) ^ " "); !counter)
val c1 = code (tick "run", tick "run2")
val _ = say "built c1"
val (a, b) = eval c1
val _ = say (Int.toString a ^ "," ^ Int.toString b)
val (a, b) = eval c1
val _ = say (Int.toString a ^ "," ^ Int.toString b)
val c2 = lift (tick "gen")
val _ = say "built c2"
val _ = say (Int.toString (eval c2) ^ " " ^ Int.toString (eval c2))
fun gen n = if n = 0 then code 0 else let cogen x = lift (tick "g") cogen r = gen (n - 1) in code (x + r) end
val g = gen 3
val _ = say "built g"
val _ = say (Int.toString (eval g))
val _ = say (Int.toString (eval g))
val g2 = gen 2
val _ = say (Int.toString (eval g2))
fun mk () = code (fn x => x + tick "f")
val f = eval (mk ())
val _ = say (Int.toString (f 100) ^ " " ^ Int.toString (f 200))
val nested = code (lift (tick "inner"))
val _ = say "built nested"
val inner = eval nested
val _ = say "evaluated outer"
val _ = say (Int.toString (eval inner) ^ " " ^ Int.toString (eval inner))
val inner2 = eval nested
val _ = say (Int.toString (eval inner2))
val w = code (let val i = ref 0 val acc = ref [] in while !i < 4 do (acc := tick "w" :: !acc; i := !i + 1); rev (!acc) end)
val _ = say (String.concatWith "," (map Int.toString (eval w)))
val _ = say (String.concatWith "," (map Int.toString (eval w)))
val ord3 = code ((tick "a") + (tick "b") * (tick "c"))
val _ = say (Int.toString (eval ord3))
val args = code (let fun f x y z = x * 100 + y * 10 + z in f (tick "x" mod 10) (tick "y" mod 10) (tick "z" mod 10) end)
val _ = say (Int.toString (eval args))
val lst = code [tick "p", tick "q", tick "r"]
val _ = say (String.concatWith "," (map Int.toString (eval lst)))
val cnd = code (if tick "c" > 0 then tick "t" else tick "e")
val _ = say (Int.toString (eval cnd))
val andb = code (tick "l" < 0 andalso tick "never" > 0)
val _ = say (Bool.toString (eval andb))
val lifted_list = lift [tick "L1", tick "L2"]
val _ = say (String.concatWith "," (map Int.toString (eval lifted_list)))
