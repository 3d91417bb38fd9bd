(* Deep recursion inside generated code: non-tail recursion 10^5 deep in
   a generated function, through a handler on every frame, through a
   spliced function called at each level, and mutual recursion;
   tail recursion 3 * 10^5 in a generated loop *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val sumTo = code (let fun s 0 = 0 | s n = n + s (n - 1) in s end)
val _ = pr (pi (eval sumTo 100000))
val withHandlers = code (let fun s 0 = 0 | s n = (n + s (n - 1)) handle Overflow => ~1 in s end)
val _ = pr (pi (eval withHandlers 100000))
(* the step is spliced from a generator *)
fun stepGen k = let cogen kk = lift k in code (fn x => x + kk) end
val viaSplice = let cogen step = stepGen 3 in code (let fun go 0 = 0 | go n = step (go (n - 1)) in go end) end
val _ = pr (pi (eval viaSplice 100000))
(* mutual recursion *)
val parity = code (let fun even 0 = true | even n = odd (n - 1) and odd 0 = false | odd n = even (n - 1) in (even, odd) end)
val (ev, od) = eval parity
val _ = pr ((if ev 100000 then "even" else "odd") ^ " " ^ (if od 77777 then "odd" else "even"))
(* building a long list without tail recursion, then folding it *)
val build = code (fn n => let fun mk 0 = [] | mk k = k :: mk (k - 1) in mk n end)
val big = eval build 100000
val _ = pr (pi (length big) ^ " " ^ pi (foldl op + 0 big) ^ " " ^ pi (hd big))
(* tail recursion a million times *)
val loop = code (let fun go (0, acc) = acc | go (n, acc) = go (n - 1, acc + n mod 7) in fn n => go (n, 0) end)
val _ = pr (pi (eval loop 300000))
(* an exception raised at the bottom of a deep recursion, caught at the top *)
exception Bottom of int
val deepRaise = code (let fun d 0 = raise Bottom 0 | d n = 1 + d (n - 1) in fn n => d n handle Bottom k => k - n end)
val _ = pr (pi (eval deepRaise 100000))
(* a handler at the bottom catching, the result unwinding through every frame *)
val deepHandle = code (let fun d 0 = ((1 div 0) handle Div => 7) | d n = d (n - 1) + 1 in d end)
val _ = pr (pi (eval deepHandle 100000))
(* recursion specialised by the generator: a generated Ackermann for m = 2 *)
fun ackGen 0 = code (fn n => n + 1)
  | ackGen m = let cogen prev = ackGen (m - 1) in code (let fun a 0 = prev 1 | a n = prev (a (n - 1)) in a end) end
val _ = pr (pi (eval (ackGen 2) 200) ^ " " ^ pi (eval (ackGen 3) 4))
(* a closure chain 10^5 long built by generated code *)
val chain = code (fn n => let fun c 0 = (fn x => x) | c k = let val f = c (k - 1) in fn x => f (x + 1) end in c n 0 end)
val _ = pr (pi (eval chain 100000))
