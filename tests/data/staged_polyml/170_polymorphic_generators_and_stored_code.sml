(* Polymorphic generators at several types (let-bound, cogen-bound, explicit annotations [t]), cogen declarations in sequence and their effects, cogen inside code, generators kept in refs, arrays, lists and a datatype and run later, nested box types *)
fun say s = print (s ^ "\n")
(* let-polymorphic generators *)
val (r1a, r1b) = let val g = code (fn x => (x, x)) in (case eval g 1 of (a, _) => a, case eval g "a" of (_, b) => b) end
val _ = say (Int.toString r1a ^ r1b)
val (r2a, r2b, r2c) = let cogen idc = code (fn x => x) in (idc 3, idc "b", idc [true]) end
val _ = say (Int.toString r2a ^ r2b ^ Bool.toString (hd r2c))
fun twice (g : ['a -> 'a]) : ['a -> 'a] = let cogen f = g in code (fn x => f (f x)) end
val t1 = eval (twice (code (fn n => n * 3))) 2
val t2 = eval (twice (twice (code (fn s => s ^ "!")))) "hi"
val _ = say (Int.toString t1 ^ " " ^ t2)
fun mapG (g : ['a -> 'b]) : ['a list -> 'b list] = let cogen f = g in code (let fun m [] = [] | m (x :: xs) = f x :: m xs in m end) end
val _ = say (String.concatWith "," (eval (mapG (code Int.toString)) [1, 2, 3]))
val _ = say (String.concatWith "," (map Bool.toString (eval (mapG (code (fn s => size s > 1))) ["a", "bb"])))
(* cogen with and *)
val log = ref []
fun note s = log := s :: !log
val r3 = let cogen a = (note "a"; code (note "ra"; 1)) cogen b = (note "b"; code (note "rb"; 2)) in note "body"; code (b + a) end
val _ = note "before-eval"
val v3 = eval r3
val _ = say (Int.toString v3 ^ " " ^ String.concatWith " " (rev (!log)))
(* cogen inside code *)
val ic = code (let cogen u = code (fn y => y + 1) in u 41 end)
val _ = say (Int.toString (eval ic))
val ic2 = code (fn n => let cogen k = lift (n * 2) in code (k + 1) end)
val _ = say (Int.toString (eval (eval ic2 20)))
(* code in refs and arrays, run later *)
val slot = ref (code 0)
val _ = slot := (let cogen p = !slot in code (p + 10) end)
val _ = slot := (let cogen p = !slot in code (p * 2) end)
val _ = say (Int.toString (eval (!slot)))
val tbl = Array.tabulate (5, fn i => let cogen i' = lift i in code (fn x => x * i' + i') end)
val _ = Array.update (tbl, 2, let cogen f = Array.sub (tbl, 4) in code (fn x => f (f x)) end)
val _ = say (String.concatWith " " (List.tabulate (5, fn i => Int.toString (eval (Array.sub (tbl, i)) 3))))
(* annotations with box types, nested boxes *)
val nb : [[int]] = code (code 7)
val _ = say (Int.toString (eval (eval nb)))
fun up (x : int) : [[int -> int]] = let cogen a = lift x in code (let cogen b = lift (a * 2) in code (fn y => y + a + b) end) end
val _ = say (Int.toString (eval (eval (up 5)) 1))
val gl : [int] list = [code 1, lift 2, code (3 : int)]
val _ = say (String.concatWith "," (map (Int.toString o eval) gl))
datatype 'a staged = Now of 'a | Later of ['a]
fun force (Now x) = x | force (Later g) = eval g
val _ = say (Int.toString (force (Now 1) + force (Later (code 2))))
val _ = say (Int.toString (eval (code (case Later (code 5) of Now x => x | Later g => eval g + 1))))
