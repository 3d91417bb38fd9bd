(* Generators passed to and returned from higher-order functions, and
   polymorphic generator combinators used at several types *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
(* polymorphic combinators *)
fun composeG (f, g) = let cogen f' = f cogen g' = g in code (fn x => f' (g' x)) end
fun pairG (a, b) = let cogen a' = a cogen b' = b in code (a', b') end
fun mapG f g = let cogen f' = lift f cogen g' = g in code (f' g') end
fun applyG (f, x) = let cogen f' = f cogen x' = x in code (f' x') end
fun constG x = let cogen c = lift x in code c end
fun twiceG g = composeG (g, g)
fun iterateG (0, g) = code (fn x => x) | iterateG (n, g) = composeG (g, iterateG (n - 1, g))
val idG = code (fn x => x)
val _ = pr (pi (eval (applyG (composeG (code (fn x => x + 1), code (fn x => x * 10)), constG 4))))
val _ = pr (eval (applyG (twiceG (code (fn s => s ^ "!")), constG "hey")))
val _ = pr (case eval (pairG (constG 1, pairG (constG "a", constG [#"b"]))) of (n, (s, cs)) => pi n ^ s ^ implode cs)
val _ = pr (pi (eval (mapG size (constG "four"))) ^ " " ^ eval (mapG pi (applyG (iterateG (10, code (fn x => x * 2)), constG 1))))
val _ = pr (pi (eval idG 5) ^ eval idG "five" ^ str (eval idG #"5"))
(* a function from generators to generators, passed as an argument *)
fun transformAll (t : [int] -> [int]) gs = map t gs
fun addOne g = let cogen x = g in code (x + 1) end
fun square g = let cogen x = g in code (let val y = x in y * y end) end
val results = transformAll (fn g => square (addOne g)) [constG 1, constG 2, code (3 + 4)]
val _ = pr (String.concat (map (fn g => pi (eval g) ^ " ") results))
(* returning generators from closures that captured a static value *)
fun adder n = let cogen k = lift n in code (fn x => x + k) end
val adders = List.tabulate (5, adder)
val chain = foldl (fn (g, acc) => composeG (g, acc)) idG adders
val _ = pr (pi (eval chain 0) ^ " " ^ pi (length adders))
(* foldr over generators builds code in the other order *)
val strs = map constG ["a", "b", "c", "d"]
val byFoldl = foldl (fn (g, acc) => let cogen x = g cogen y = acc in code (y ^ x) end) (constG "") strs
val byFoldr = foldr (fn (g, acc) => let cogen x = g cogen y = acc in code (y ^ x) end) (constG "") strs
val _ = pr (eval byFoldl ^ " " ^ eval byFoldr)
(* a generator of generators handed to a function that evaluates twice *)
fun runTwice gg = let val inner = eval gg in (eval inner, eval inner) end
val counter = ref 0
val gg = code (counter := !counter + 1; let cogen c = lift (!counter) in code (c * 100 + !counter) end)
val _ = pr (case runTwice gg of (a, b) => pi a ^ " " ^ pi b ^ " counter " ^ pi (!counter))
(* generator-level currying: a generator of a curried function, partially applied in code *)
val curried = code (fn a => fn b => fn c => a * 100 + b * 10 + c)
fun partialG (g, x) = let cogen f = g cogen v = lift x in code (f v) end
val p1 = partialG (curried, 1)
val p12 = partialG (p1, 2)
val _ = pr (pi (eval p12 3) ^ " " ^ pi (eval (partialG (p12, 9))))
(* higher-order functions inside generated code, with lifted functions *)
fun mapCode f = let cogen f' = lift f in code (fn xs => map f' xs) end
val _ = pr (String.concat (eval (mapCode (fn n => pi n ^ ";")) [3, 1, 2]))
val sortedG = code (fn xs => let fun ins (x, []) = [x] | ins (x : string, y :: ys) = if x <= y then x :: y :: ys else y :: ins (x, ys)
                                in foldl ins [] xs end)
val _ = pr (String.concat (eval sortedG ["pear", "apple", "fig"]))
(* polymorphic generator bound by cogen at top level, used at two types *)
cogen swap = code (fn (a, b) => (b, a))
val _ = pr (case (swap (1, "one"), swap (#"c", true)) of ((s, n), (b, c)) => s ^ pi n ^ (if b then "T" else "F") ^ str c)
