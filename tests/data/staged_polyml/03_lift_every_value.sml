(* lift of every kind of value: ints at the bounds, strings with escapes,
   chars, words, bools, unit, lists, tuples, options, datatypes, closures,
   refs and arrays (shared), exceptions, generators; lift evaluates once *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
fun sumT Leaf = 0 | sumT (Node (l, x, r)) = sumT l + x + sumT r
fun quote v = let cogen c = lift v in code c end
val _ = pr (pi (eval (quote 4611686018427387903)) ^ " " ^ pi (eval (quote ~4611686018427387904)) ^ " " ^ pi (eval (quote 0)))
val _ = pr (eval (quote "tab\tquote\"backslash\\nul\000end") ^ "|" ^ eval (quote "") ^ "|")
val _ = pr (implode [eval (quote #"\n"), eval (quote #"z"), eval (quote #"\255")])
val _ = pr (Word.toString (eval (quote 0wx7FFFFFFFFFFFFFFF)) ^ " " ^ Word.toString (eval (quote 0w0)))
val _ = pr ((if eval (quote true) then "true" else "false") ^ (case eval (quote ()) of () => " unit"))
val _ = pr (String.concat (map pi (eval (quote [3, 1, 2]))) ^ " " ^ pi (length (eval (quote ([] : int list)))))
val _ = pr (case eval (quote (1, ("two", #"3"), [4])) of (a, (b, c), [d]) => pi a ^ b ^ implode [c] ^ pi d | _ => "?")
val _ = pr (case eval (quote (SOME (SOME 5), NONE : int option)) of (SOME (SOME k), NONE) => "options " ^ pi k | _ => "?")
val t = Node (Node (Leaf, 1, Leaf), 2, Node (Leaf, 3, Node (Leaf, 4, Leaf)))
val _ = pr (pi (sumT (eval (quote t))) ^ " " ^ (if eval (quote t) = t then "equal tree" else "different tree"))
(* lifted closures keep their environment *)
fun makeAdder k = fn x => x + k
val add5 = eval (quote (makeAdder 5))
val _ = pr (pi (add5 10))
val applyLifted = let cogen f = lift (makeAdder 100) cogen g = lift (fn s => s ^ "?") in code (fn x => (f x, g (pi x))) end
val _ = pr (case eval applyLifted 1 of (n, s) => pi n ^ " " ^ s)
(* refs and arrays are shared, not copied *)
val cell = ref 1
val bump = eval (let cogen c = lift cell in code (fn () => (c := !c + 1; !c)) end)
val _ = (bump (); bump ())
val _ = cell := !cell * 10
val _ = pr (pi (bump ()) ^ " " ^ pi (!cell) ^ " " ^ (if eval (quote cell) = cell then "same ref" else "copied ref"))
val arr = Array.fromList [1, 2, 3]
val setter = eval (let cogen a = lift arr in code (fn (i, v) => Array.update (a, i, v)) end)
val _ = setter (0, 50)
val _ = pr (pi (Array.sub (arr, 0)) ^ " " ^ (if eval (quote arr) = arr then "same array" else "copied array"))
val _ = pr ((setter (3, 0); "set") handle Subscript => "Subscript through lifted array")
(* lists of refs and refs of lists *)
val rs = [ref 1, ref 2]
val _ = app (fn r => r := !r + 10) (eval (quote rs))
val _ = pr (String.concat (map (fn r => pi (!r) ^ " ") rs))
val lr = ref [1]
val pushG = eval (let cogen l = lift lr in code (fn x => l := x :: !l) end)
val _ = (pushG 2; pushG 3)
val _ = pr (String.concat (map pi (!lr)))
(* exceptions as values *)
exception Tagged of int * string
val thrower = eval (let cogen e = lift (Tagged (7, "seven")) in code (fn () => raise e) end)
val _ = pr ((thrower (); "no") handle Tagged (n, s) => "caught " ^ pi n ^ " " ^ s)
val exns = eval (quote [Div, Tagged (1, "one"), Fail "f"])
val _ = pr (String.concat (map (fn e => ((raise e) handle Div => "Div" | Tagged (n, _) => "Tagged" ^ pi n | Fail m => "Fail " ^ m) ^ " ") exns))
(* generators as values: lifted, then evaluated inside code *)
val g = code (fn x => x * x)
val useG = let cogen lg = lift g in code (fn x => eval lg x + 1) end
val _ = pr (pi (eval useG 9))
val gs = eval (quote [code 1, code 2, let cogen z = lift 3 in code (z * z) end])
val _ = pr (String.concat (map (fn g => pi (eval g)) gs))
(* lift evaluates its argument once, when the lift is evaluated *)
val evals = ref 0
val onceG = let cogen v = lift (evals := !evals + 1; !evals * 7) in code (v + v) end
val _ = pr (pi (!evals) ^ " " ^ pi (eval onceG) ^ " " ^ pi (eval onceG) ^ " " ^ pi (!evals))
fun liftEach xs = map (fn x => let cogen c = lift x in code (c * 2) end) xs
val _ = pr (String.concat (map (fn g => pi (eval g) ^ ",") (liftEach [1, 2, 3])))
(* a lifted function that raises only when called *)
val risky = eval (let cogen f = lift (fn n => 10 div n) in code (fn n => f n handle Div => ~1) end)
val _ = pr (pi (risky 2) ^ " " ^ pi (risky 0))
