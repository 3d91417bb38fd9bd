(* Memoisation of generators in refs: a cache of specialised code keyed
   by the static argument, counting how often generation and running
   happen *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val generated = ref 0
fun powerGen 0 = code (fn _ => 1)
  | powerGen n = (generated := !generated + 1;
                  let cogen rest = powerGen (n - 1) in code (fn b => b * rest b) end)
val cache : (int * (int -> int)) list ref = ref []
fun power n =
  case List.filter (fn (k, _) => k = n) (!cache) of
    (_, f) :: _ => f
  | [] => let val f = eval (powerGen n) in cache := (n, f) :: !cache; f end
val _ = pr (pi (power 10 2) ^ " " ^ pi (power 10 3) ^ " " ^ pi (power 3 5) ^ " " ^ pi (power 10 1))
val _ = pr ("generations " ^ pi (!generated) ^ ", cached " ^ pi (length (!cache)))
val _ = pr (pi (power 0 99) ^ " " ^ pi (power 3 ~2) ^ " generations " ^ pi (!generated))
(* a generator cached in a ref and replaced *)
val current : [int -> int] ref = ref (code (fn x => x))
fun install k = current := (let cogen kk = lift k in code (fn x => x * kk) end)
val before1 = eval (!current) 7
val _ = install 3
val after1 = eval (!current) 7
val _ = install 10
val _ = pr (pi before1 ^ " " ^ pi after1 ^ " " ^ pi (eval (!current) 7))
(* memoised generator table indexed by an array *)
val table : [int] option array = Array.array (10, NONE)
val genCount = ref 0
fun fibGen n =
  case Array.sub (table, n) of
    SOME g => g
  | NONE =>
      let val g = if n < 2 then (genCount := !genCount + 1; let cogen c = lift n in code c end)
                  else (genCount := !genCount + 1; let cogen a = fibGen (n - 1) cogen b = fibGen (n - 2) in code (a + b) end)
      in Array.update (table, n, SOME g); g end
val _ = pr (pi (eval (fibGen 9)) ^ " generators built " ^ pi (!genCount))
val _ = pr (pi (eval (fibGen 9)) ^ " generators built " ^ pi (!genCount))
val _ = pr ((pi (eval (fibGen 10))) handle Subscript => "fibGen 10: Subscript")
(* code run many times *)
val sq = eval (let cogen two = lift 2 in code (fn x => x * x + two) end)
fun loop (0, acc) = acc | loop (n, acc) = loop (n - 1, acc + sq n)
val _ = pr (pi (loop (10000, 0)))
val counterGen = code (let val c = ref 0 in fn () => (c := !c + 1; !c) end)
val runs = List.map (fn _ => eval counterGen) [1, 2, 3]
val _ = pr (String.concat (map (fn f => pi (f () + f ()) ^ " ") runs))
val evalMany = let fun go (0, acc) = acc | go (n, acc) = go (n - 1, acc + eval (let cogen k = lift n in code (k mod 7) end)) in go (1000, 0) end
val _ = pr (pi evalMany)
