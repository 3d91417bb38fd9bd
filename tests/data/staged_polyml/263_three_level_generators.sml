(* Generators three levels deep: [[int -> int]] and [[[int]]] values,
   cogen inside code inside code, lift at every level, a generating
   extension of a generating extension (a specialiser of power by the
   exponent, itself specialised to how the base is combined), and
   counters showing when each level runs. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val level1 = ref 0
val level2 = ref 0
val level3 = ref 0

(* stage 1 knows a, stage 2 knows b, stage 3 knows c *)
fun affine a : [int -> [int -> int]] =
    (level1 := !level1 + 1;
     let cogen aa = lift a
     in code (fn b => (level2 := !level2 + 1;
                       let cogen ab = lift (aa * b)
                       in code (fn c => (level3 := !level3 + 1; ab + c)) end))
     end)
fun counters () = pi (!level1) ^ "/" ^ pi (!level2) ^ "/" ^ pi (!level3)
val s1 = affine 3
val _ = pr ("after stage 1: " ^ counters ())
val s2 = eval s1
val g4 = s2 4
val g5 = s2 5
val _ = pr ("after two stage-2 runs: " ^ counters ())
val f4 = eval g4
val _ = pr ("stage 3: " ^ pi (f4 1) ^ " " ^ pi (f4 10) ^ " " ^ pi (eval g5 0) ^ ", counters " ^ counters ())

(* code of code of code, with a cogen at each depth *)
val deep : [[[int]]] =
    let cogen x = lift 1
    in code (let cogen y = lift (x + 10)
             in code (let cogen z = lift (y + 100)
                      in code (x + y + z) end) end) end
val _ = pr ("three levels: " ^ pi (eval (eval (eval deep))))

(* a generator that builds specialisers: the combining operation is known at
   stage 1, the exponent at stage 2, the base at stage 3 *)
fun powerSpecialiser (combine : [int * int -> int], unit : int) : [int -> [int -> int]] =
    let cogen comb = combine
        cogen one = lift unit
    in code (fn e =>
               let fun gen 0 = code (fn _ => one)
                     | gen k = let cogen rest = gen (k - 1) in code (fn b => comb (b, rest b)) end
               in gen e end)
    end
val timesSpec = eval (powerSpecialiser (code (fn (a, b) => a * b), 1))
val plusSpec = eval (powerSpecialiser (code (fn (a, b) => a + b), 0))
val cube = eval (timesSpec 3)
val triple = eval (plusSpec 3)
val _ = pr ("cube 5 = " ^ pi (cube 5) ^ ", triple 5 = " ^ pi (triple 5) ^ ", 2^10 = " ^ pi (eval (timesSpec 10) 2))

(* lift of a generator, twice: a [[int]] from an [int] *)
val inner = code (6 * 7)
val lifted : [[int]] = lift inner
val liftedTwice : [[[int]]] = lift lifted
val _ = pr ("lifted generators: " ^ pi (eval (eval lifted)) ^ " " ^ pi (eval (eval (eval liftedTwice))))

(* a stage-2 loop that generates and runs stage-3 code for each element *)
val stage2Loop =
    code (fn xs => map (fn x => let cogen k = lift (x * x)
                                in eval (code (k + 1)) end) xs)
val _ = pr ("stage-3 code per element: " ^ String.concatWith " " (map pi (eval stage2Loop [1, 2, 3, 4])))

(* counters after re-running stage 2 with the same argument: a new stage-3 generator each time *)
val _ = level1 := 0
val _ = level2 := 0
val _ = level3 := 0
val again = eval (affine 2)
val results = map (fn b => eval (again b) b) [1, 2, 3, 1, 2, 3]
val _ = pr ("re-runs: " ^ String.concatWith " " (map pi results) ^ ", counters " ^ counters ())
