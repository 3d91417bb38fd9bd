(* Fail carries its message; an uncaught Fail ends the program *)
fun check (cond, msg) = if cond then () else raise Fail msg
fun safeDiv (a, b) = (check (b <> 0, "division by zero"); a div b)
val _ = print (Int.toString (safeDiv (10, 3)) ^ "\n")
val _ = print ((Int.toString (safeDiv (1, 0))) handle Fail m => "caught: " ^ m ^ "\n")
val msgs = map (fn n => (check (n mod 2 = 0, "odd " ^ Int.toString n); "even") handle Fail m => m) [1, 2, 3]
val _ = print (String.concat (map (fn s => s ^ ";") msgs) ^ "\n")
val e = Fail "stored"
val _ = print ((raise e) handle Fail m => m ^ "\n")
fun firstFail [] = "none" | firstFail (Fail m :: _) = m | firstFail (_ :: t) = firstFail t
val _ = print (firstFail [Div, Match, Fail "third", Fail "fourth"] ^ "\n")
val _ = print (Int.toString (String.size "Fail") ^ "\n")
val _ = print "now failing\n"
val _ = check (1 > 2, "the end")
