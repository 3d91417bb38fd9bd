(* A run-time Match failure from a fn with a non-exhaustive match, after
   handled Match/Bind failures *)
datatype t = A | B | C of int
val f = fn A => "a" | C n => Int.toString n
val _ = print (f A ^ f (C 3) ^ "\n")
val _ = print ((f B) handle Match => "Match handled\n")
fun g (SOME x) = x
val _ = print (Int.toString (g (SOME 1)) ^ "\n")
val _ = print (Int.toString (g NONE) handle Match => "g Match\n")
val _ = (let val [x] = [1, 2] in print "bound?\n" end) handle Bind => print "Bind handled\n"
val _ = (let val SOME y = NONE : int option in print "bound?\n" end) handle Bind => print "Bind again\n"
fun h (x :: _) = x
val _ = print (Int.toString ((h [] handle Match => 0) + h [4]) ^ "\n")
val k = case 3 of 1 => "one" | 2 => "two" | _ => "many"
val _ = print (k ^ "\n")
fun loop 0 = print "done\n" | loop n = loop (n - 1)
val _ = loop 10
val _ = print (f B)
val _ = print "unreached\n"
