(* An exception raised by a basis function deep in a recursion, after some
   output, escapes every handler that does not match it. *)
fun walk (a, i) =
  if i < 0 then 0
  else (if i mod 1000 = 0 then print (Int.toString i ^ " ") else ();
        (Array.sub (a, i) + walk (a, i - 1)) handle Div => ~1)
val arr = Array.tabulate (5000, fn i => i mod 7)
val _ = print (Int.toString (walk (arr, 4999)) ^ "\n")
val _ = print (Int.toString (walk (arr, 4999) handle Subscript => ~2) ^ "\n")
fun walkUp (a, i) = if i mod 1000 = 0 then (print (Int.toString i ^ " "); Array.sub (a, i) + walkUp (a, i + 1))
                    else (Array.sub (a, i) + walkUp (a, i + 1)) handle Overflow => 0
val _ = print "\n"
val _ = print (Int.toString (walkUp (arr, 0)) ^ "\n")
