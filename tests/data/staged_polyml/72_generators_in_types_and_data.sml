(* Generators as ordinary data: type abbreviations over [t], a datatype
   with generator fields and mutually recursive functions over it, an
   association list of generators of operators, a ref holding a generator
   that is extended by splicing its old contents, an array of generators,
   [[int]], a function from generators to generators, lift of a generator
   and an option of a generator. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
type 'a gen = ['a]
type binop = [int * int -> int]
datatype 'a staged = Now of 'a | Later of ['a] | Both of 'a * ['a] list
fun force (Now x) = let cogen c = lift x in code c end
  | force (Later g) = g
  | force (Both (x, gs)) = let cogen c = lift x cogen rest = sumAll gs in code (c + rest) end
and sumAll ([] : int gen list) = code 0
  | sumAll (g :: gs) = let cogen a = g cogen b = sumAll gs in code (a + b) end
val items = [Now 1, Later (code 2), Both (3, [code 4, lift 5])]
val _ = pr (String.concatWith " " (map (fn s => pi (eval (force s))) items))
val ops : (string * binop) list = [("add", code (op +)), ("sub", code (op -)), ("max", code Int.max)]
val _ = pr (String.concatWith " " (map (fn (n, g) => n ^ "=" ^ pi (eval g (10, 3))) ops))
val store : int gen ref = ref (code 0)
fun push k = let cogen old = !store cogen k' = lift k in store := (code (old * 10 + k')) end
val _ = (push 1; push 2; push 3)
val _ = pr (pi (eval (!store)))
val arr : [string] array = Array.tabulate (3, fn i => let cogen s = lift (pi i) in code (s ^ s) end)
val _ = Array.update (arr, 1, code "changed")
val _ = pr (String.concat (map (fn i => eval (Array.sub (arr, i))) [0, 1, 2]))
val gg : [int] gen = code (code 7)
val _ = pr (pi (eval (eval gg)))
fun apply (f : [int] -> [int], x : int) : int = eval (f (lift x))
val _ = pr (pi (apply (fn g => let cogen v = g in code (v * v) end, 9)))
val lifted : [[int]] = lift (code 3)
val _ = pr (pi (eval (eval lifted)))
val opt : [int] option = SOME (code 11)
val _ = pr (case opt of SOME g => pi (eval g) | NONE => "none")
