(* A loop whose handler raises: the loop stops with the new exception,
   after the effects so far. *)
exception Stop of int
val i = ref 0
val sum = ref 0
fun step () =
  (i := !i + 1;
   if !i mod 3 = 0 then raise Stop (!i) else sum := !sum + !i)
val _ = while !i < 10 do (step () handle Stop k => print ("skip " ^ Int.toString k ^ "\n"))
val _ = print ("sum " ^ Int.toString (!sum) ^ "\n")
val _ = i := 0
val _ = (while true do (step () handle Stop 6 => raise Fail "six" | Stop k => print ("skip " ^ Int.toString k ^ "\n")))
        handle Fail m => print ("left the loop: " ^ m ^ "\n")
val _ = print (Int.toString (!i) ^ "\n")
(* the handler of a handler *)
fun risky n = if n > 2 then raise Stop n else n
val _ = print (Int.toString ((risky 5 handle Stop k => risky (k - 1)) handle Stop k => k * 1000) ^ "\n")
val _ = print (Int.toString ((risky 5 handle Stop k => risky (k - 4)) handle Stop k => k * 1000) ^ "\n")
(* finally the handler raises an exception no one handles *)
val _ = while true do (step () handle Stop k => if k > 12 then raise Stop (~k) else ())
