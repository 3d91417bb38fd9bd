(* Code that returns code: generators of type [[int]] and [int -> [int]],
   eval (eval g), a generator built at the second stage from a value
   known only when the first-stage code runs, and counters showing when
   each stage's effects happen. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val log = ref ([] : string list)
fun note s = log := s :: !log
fun flush () = (pr (String.concatWith "," (rev (!log))); log := [])

val twoLevel : [[int]] = code (note "outer runs"; code (note "inner runs"; 42))
val _ = note "built"
val inner : [int] = eval twoLevel
val _ = note "outer evaluated"
val _ = pr (pi (eval inner) ^ " " ^ pi (eval inner) ^ " " ^ pi (eval (eval twoLevel)))
val _ = flush ()

(* a stage-2 power: the first stage knows nothing; running it with n builds code for x^n *)
val powerMaker : [int -> [int -> int]] =
  code (fn n => let fun gen 0 = code (fn _ => 1)
                      | gen k = let cogen r = gen (k - 1) in code (fn x => x * r x) end
                in gen n end)
val maker = eval powerMaker
val cube = eval (maker 3)
val _ = pr (pi (cube 4) ^ " " ^ pi (eval (maker 10) 2) ^ " " ^ pi (eval (eval powerMaker 0) 99))

(* cogen of a code variable inside nested code: u at depth 1 used to build depth 2 *)
fun addGen (a : [int]) : [[int -> int]] =
    let cogen a' = a
    in code (let cogen b = lift (a' * 10) in code (fn x => x + b) end) end
val g = addGen (code (note "a evaluated"; 4))
val _ = note "addGen built"
val f1 = eval (eval g)
val f2 = eval (eval g)
val _ = pr (pi (f1 1) ^ " " ^ pi (f2 2))
val _ = flush ()

(* depth 3: code (code (code ...)) with lifts at each level *)
fun three n : [[[int]]] =
    let cogen a = lift n
    in code (let cogen b = lift (a + 1) in code (let cogen c = lift (b * 2) in code (a + b + c) end) end) end
val _ = pr (pi (eval (eval (eval (three 5)))) ^ " " ^ pi (eval (eval (eval (three ~1)))))

(* a list of generators of generators *)
val ladder = List.tabulate (5, fn i => let cogen i' = lift i in code (let cogen j = lift (i' * i') in code (j + i') end) end)
val _ = pr (String.concatWith " " (map (fn g2 => pi (eval (eval g2))) ladder))
(* inner code evaluated many times: each eval of the inner generator reruns its effects *)
val counter = ref 0
val nest = code (counter := !counter + 1; code (counter := !counter + 100; !counter))
val once = eval nest
val r1 = eval once
val r2 = eval once
val _ = pr (pi r1 ^ " " ^ pi r2 ^ " " ^ pi (!counter))
