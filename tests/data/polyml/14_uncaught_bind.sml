(* A top-level val binding whose pattern fails raises Bind *)
fun split s = case explode s of [] => NONE | c :: cs => SOME (c, implode cs)
val SOME (c, rest) = split "hello"
val _ = print (implode [c] ^ "|" ^ rest ^ "\n")
val (a, b) = (1, 2)
val _ = print (Int.toString (a + b) ^ "\n")
val x :: _ = [5, 6]
val _ = print (Int.toString x ^ "\n")
val rec loop = fn 0 => 0 | n => loop (n - 1)
val _ = print (Int.toString (loop 100) ^ "\n")
val (ys as [_, _]) = [1, 2]
val _ = print (Int.toString (length ys) ^ "\n")
val 3 = 1 + 2
val _ = print "constant binding ok\n"
val SOME (d, _) = split ""
val _ = print "unreached\n"
