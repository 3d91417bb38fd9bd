(* Shadowing basis names, constructors and types; primes; nested comments *)
fun p s = print (s ^ "\n")
(* a (* nested *) comment (* with *) several levels *)
val x = 1
val x' = x + 1
val x'' = x' * 10
val _ = p (Int.toString x'')
fun map f = List.foldr (fn (a, acc) => f a :: acc) []
val _ = p (String.concat (map (fn s => s ^ "!") ["a", "b"]))
val length = 99
val _ = p (Int.toString (length + List.length [1]))
fun not x = x
val _ = p (if not true then "shadowed not" else "basis not")
datatype t = A | B of int
val v1 = B 1
datatype t = A of string | C
val v2 = A "new"
fun show (A s) = s | show C = "C"
val _ = p (show v2 ^ show C)
val _ = p (case v1 of B n => Int.toString n | _ => "old A")
type pair = int * int
fun addPair ((a, b) : pair) = a + b
type pair = string * string
fun catPair ((a, b) : pair) = a ^ b
val _ = p (Int.toString (addPair (1, 2)) ^ catPair ("c", "d"))
exception E of int
val handler = fn f => (f () handle E n => n)
exception E of string
val _ = p (Int.toString (handler (fn () => raise E "s") handle E s => ~1))
val _ = p (Int.toString (handler (fn () => 5)))
val hd = fn l => case l of [] => 0 | h :: _ => h
val _ = p (Int.toString (hd [] + hd [7]))
val op @ = fn (a, b) => b
val _ = p (Int.toString (List.length ([1, 2] @ [3])))
val y = let val y = 3 val y = y * y in y + 1 end
val _ = p (Int.toString y)
fun f f = f + 1
val _ = p (Int.toString (f 1))
val _ = p (Int.toString (~3 + ~ 3 + (~) 3 + ~(3)))
val neg = ~
val _ = p (Int.toString (neg 5))
val _ = p (implode [#"\t", #"\\", #"\"", #"\065"])
val () = p "unit pattern"
val _ = p (Int.toString (let fun fact 0 = 1 | fact n = n * fact (n - 1) in fact 10 end))
val _ = p (String.concat ["Int.toString min: ", Int.toString ~4611686018427387904])
