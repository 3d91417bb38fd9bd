(* Code that builds code: [[t]] values made by nested code and by lift,
   a generator of specialisers kept in a memo table, eval of eval, code
   variables of type [t] spliced and then evaluated inside code, and a
   loop that regenerates code from a changing ref. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* [[int]] three ways *)
val a : [[int]] = code (code (1 + 1))
val b : [[int]] = code (lift (2 + 2))
val c : [[int]] = lift (code (3 + 3))
val _ = pr ("[[int]]: " ^ pi (eval (eval a)) ^ " " ^ pi (eval (eval b)) ^ " " ^ pi (eval (eval c)))

(* a code variable of type [int] spliced into code, then evaluated there *)
val genOfGen = let cogen inner = lift (code (10 * 10))   (* inner : [int] *)
               in code (eval inner + eval inner) end
val _ = pr ("eval inside code: " ^ pi (eval genOfGen))

(* a specialiser factory: [int -> [int -> int]], memoised per argument *)
val made = ref 0
val factory : [int -> [int -> int]] =
    code (fn k => let cogen kk = lift k
                  in (made := !made + 1; code (fn x => x * kk + 1)) end)
val mk = eval factory
val memo : (int * (int -> int)) list ref = ref []
fun specialised k =
    case List.find (fn (k', _) => k' = k) (!memo) of
        SOME (_, f) => f
      | NONE => let val f = eval (mk k) in memo := (k, f) :: !memo; f end
val vals = map (fn (k, x) => specialised k x) [(2, 5), (3, 5), (2, 6), (2, 7), (4, 1), (3, 0)]
val _ = pr ("memoised specialisers: " ^ String.concatWith " " (map pi vals) ^ ", made " ^ pi (!made))

(* code returning code returning a function *)
val curryGen : [int -> [int -> [int -> int]]] =
    code (fn x => let cogen xx = lift x
                  in code (fn y => let cogen yy = lift (xx * 10 + y)
                                   in code (fn z => yy * 10 + z) end) end)
val _ = pr ("digits: " ^ pi (eval (eval (eval curryGen 1) 2) 3) ^ " " ^ pi (eval (eval (eval curryGen 9) 0) 9))

(* regenerating from a ref in a loop: each generator lifts the current value *)
val cell = ref 1
val gens : [int] list ref = ref []
val _ = while !cell < 100 do
          (gens := (let cogen v = lift (!cell) in code (v * 2) end) :: !gens;
           cell := !cell * 3)
val _ = pr ("snapshots: " ^ String.concatWith " " (map (pi o eval) (rev (!gens))))
(* code reading the ref when run sees the last value *)
val reader = code (!cell)
val _ = cell := 5
val _ = pr ("reader sees the ref when run: " ^ pi (eval reader))

(* a generator that returns a list of generators, spliced later *)
fun gens2 n = let cogen nn = lift n in code (List.tabulate (nn, fn i => let cogen ii = lift i in code (ii * ii) end)) end
val listOfGens = eval (gens2 5)
fun sumGens [] = code 0
  | sumGens (g :: gs) = let cogen x = g cogen rest = sumGens gs in code (x + rest) end
val _ = pr ("sum of generated generators: " ^ pi (eval (sumGens listOfGens)))

(* depth-2 code with an inner generator passed in from stage 1 *)
fun wrap (g : [int -> int]) : [[int -> int]] =
    let cogen gg = g in code (code (fn x => gg (gg x))) end
val w = wrap (code (fn x => x + 7))
val _ = pr ("wrapped twice: " ^ pi (eval (eval w) 0) ^ " " ^ pi (eval (eval (wrap (eval (wrap (code (fn x => x * 2)))))) 1))
