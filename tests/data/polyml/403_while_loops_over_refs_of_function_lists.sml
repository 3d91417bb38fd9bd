(* while loops over refs of lists of functions: closures taken inside a
   loop body (a let-bound copy of the counter, or the ref itself read later),
   a pipeline folded both ways, refs of refs updated in a loop, a loop left
   by an exception, and a function table grown one closure at a time. *)
val fs : (int -> int) list ref = ref []
val i = ref 0
val _ = while !i < 6 do (let val k = !i in fs := (fn x => x * k + 1) :: !fs end; i := !i + 1)
val _ = print (String.concatWith " " (map (fn f => Int.toString (f 10)) (!fs)) ^ "\n")
val acc = ref 1
val _ = while not (null (!fs)) do (acc := hd (!fs) (!acc) mod 1000003; fs := tl (!fs))
val _ = print (Int.toString (!acc) ^ "\n")
val pipeline : (string -> string) list ref = ref [fn s => s]
val n = ref 0
val _ = while !n < 5 do
  (pipeline := (fn s => s ^ Int.toString (!n)) :: (fn s => "<" ^ s ^ ">") :: !pipeline; n := !n + 1)
val _ = print (foldr (fn (f, s) => f s) "x" (!pipeline) ^ "\n")
val _ = print (foldl (fn (f, s) => f s) "y" (!pipeline) ^ "\n")
val cells = ref [ref 0, ref 1, ref 2]
val j = ref 0
val _ = while !j < 10 do (app (fn r => r := !r + !j) (!cells); cells := ref (!j) :: !cells; j := !j + 1)
val _ = print (String.concatWith "," (map (fn r => Int.toString (!r)) (!cells)) ^ "\n")
(* while with exception exit *)
exception Stop of int
val w = ref 0
val res = ((while true do (w := !w + 7; if !w mod 5 = 0 then raise Stop (!w) else ()); 0) handle Stop k => k)
val _ = print (Int.toString res ^ "\n")
val table = ref (fn (x : int) => 0)
val t = ref 0
val _ = while !t < 20 do (let val prev = !table val k = !t in table := (fn x => if x = k then k * k else prev x) end; t := !t + 1)
val _ = print (Int.toString (!table 13 + !table 19 + !table 25) ^ "\n")
