(* deliberately non-exhaustive matches (warnings at compile time, fine at
   run time until a missing case comes): fun clauses, fn, case, val
   patterns; the last one fails with Match *)
datatype color = Red | Green | Blue
fun name Red = "red"
  | name Green = "green"
fun first (x :: _) = x
val second = fn (_ :: y :: _) => y
fun sign n = case Int.compare (n, 0) of LESS => "-" | GREATER => "+"
val (a, b) :: _ = [(1, "one"), (2, "two")]
val SOME c = Int.fromString "77"
val _ = print (name Red ^ " " ^ name Green ^ "\n")
val _ = print (Int.toString (first [3, 4]) ^ " " ^ Int.toString (second [3, 4]) ^ "\n")
val _ = print (sign 5 ^ sign ~5 ^ "\n")
val _ = print (Int.toString a ^ b ^ Int.toString c ^ "\n")
val _ = print ((name Blue) handle Match => "no name for blue\n")
val _ = print ((sign 0) handle Match => "zero has no sign\n")
fun unwrap (SOME x) = x
val _ = print (Int.toString (unwrap (SOME 1) + (unwrap NONE handle Match => 100)) ^ "\n")
val _ = (let val [x] = [1, 2] in print "one\n" end) handle Bind => print "Bind\n"
val _ = print (Int.toString (first []) ^ "\n")
