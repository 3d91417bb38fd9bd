(* Evaluation order, traced with print, in the manner of the MLton and
   SML/NJ regression tests that pin it down (the Definition: a function
   expression before its argument, tuple components and `and` bindings
   left to right, an infix application as the application of the operator
   to a pair, `before` after its left operand). *)

fun trace s x = (print s; x)

val _ = print "application: "
val _ = (trace "f " (fn x => fn y => x + y)) (trace "a " 1) (trace "b " 2)
val _ = print "\n"

val _ = print "tuple: "
val (p, q, r) = (trace "1 " 1, trace "2 " 2, trace "3 " 3)
val _ = print "\n"

infix 6 +++
fun a +++ b = (print "[+++] "; a + b)
val _ = print "infix: "
val s = trace "L " 10 +++ trace "R " 20 +++ trace "RR " 30
val _ = print (Int.toString s ^ "\n")

val _ = print "and: "
val x = trace "x " 1
and y = trace "y " 2
val _ = print "\n"

val _ = print "let: "
val _ = let val a = trace "a " 1
            val b = trace "b " (a + 1)
        in trace "body " (a + b) end
val _ = print "\n"

val _ = print "before: "
val v = trace "left " 5 before print "right "
val _ = print (Int.toString v ^ "\n")

val _ = print "list: "
val l = [trace "1 " 1, trace "2 " 2] @ trace "3 " [3]
val _ = print "\n"

val _ = print "cons: "
val l2 = trace "h " 0 :: trace "t " l
val _ = print "\n"

datatype t = C of int * int
val _ = print "constructor: "
val c = C (trace "i " 1, trace "j " 2)
val _ = print "\n"

val _ = print "andalso/orelse: "
val b = trace "a " false andalso trace "b " true
val b' = trace "c " true orelse trace "d " false
val b'' = trace "e " true andalso trace "f " false orelse trace "g " true
val _ = print "\n"

val _ = print "raise in argument: "
val _ = (trace "f " (fn (x : int) => x) (trace "arg " (raise Fail "boom")); ())
        handle Fail m => print ("handled " ^ m)
val _ = print "\n"

val _ = print "raise in tuple: "
val _ = ((trace "one " 1, raise Overflow, trace "three " 3); ()) handle Overflow => print "overflow"
val _ = print "\n"

val _ = print "case: "
val _ = case (trace "scrutinee " 3) of
            0 => trace "zero " ()
          | n => trace "n " ()
val _ = print "\n"

val _ = print "while: "
val i = ref 0
val _ = while (trace "test " (!i < 2)) do (trace "body " (); i := !i + 1)
val _ = print "\n"

val _ = print "ref and assignment: "
val cell = trace "ref " (ref 0)
val _ = (trace "target " cell) := trace "value " 5
val _ = print (Int.toString (!cell) ^ "\n")

val _ = print "sequence: "
val z = (trace "one " 1; trace "two " 2; trace "three " 3)
val _ = print (Int.toString z ^ "\n")

val _ = print "handler not entered: "
val w = (trace "ok " 1) handle _ => trace "handler " 2
val _ = print "\n"
val _ = (trace "last " (fn () => raise Div)) (trace "unit " ())
