(* Output before an uncaught exception raised while computing print's argument, after partial TextIO
   output without a newline, from inside a handler that re-raises a different exception *)
exception Boom of string
fun say s = print (s ^ "\n")
val _ = print "partial line, "
val _ = TextIO.output (TextIO.stdOut, "more via TextIO, ")
val _ = TextIO.output1 (TextIO.stdOut, #"!")
val _ = say ""
val _ = print ("caught: " ^ ((raise Boom "one") handle Boom s => s) ^ "\n")
fun risky n = if n > 2 then raise Boom ("at " ^ Int.toString n) else n
val _ = List.app (fn n => print (Int.toString (risky n) ^ " ")) [1, 2] handle Boom _ => ()
val _ = (List.app (fn n => print (Int.toString (risky n) ^ " ")) [1, 2, 3, 4]) handle Boom s => say ("| " ^ s)
val _ = print "no newline before the end "
val _ = print ("never " ^ Int.toString (risky 5)) handle Boom s => (print ("rethrown " ^ s); raise Fail s)
val _ = say "not reached"
