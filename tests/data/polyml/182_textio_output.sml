(* TextIO's output names: output on TextIO.stdOut interleaves exactly with
   print and TextIO.print; TextIO.stdErr goes elsewhere (the recording is of
   standard output); the output of "" writes nothing; the program dies of an
   uncaught exception after its last output, which must all be there. *)

val out = TextIO.stdOut
val err = TextIO.stdErr

fun line s = TextIO.output (out, s ^ "\n")

val () = print "print first, "
val () = TextIO.output (out, "then output, ")
val () = TextIO.output1 (out, #"[")
val () = TextIO.output (out, "")
val () = TextIO.output1 (out, #"]")
val () = TextIO.print " then TextIO.print\n"
val () = TextIO.flushOut out
val () = TextIO.output (err, "this goes to standard error\n")
val () = TextIO.output1 (err, #"!")
val () = TextIO.flushOut err

(* a table, written a character at a time *)
fun row (name, n) =
    (app (fn c => TextIO.output1 (out, c)) (explode name);
     TextIO.output (out, StringCvt.padLeft #" " (12 - size name) (Int.toString n));
     TextIO.output1 (out, #"\n"))
val () = app row [("one", 1), ("twelve", 12), ("minus", ~7), ("", 0)]

(* streams are values: chosen, stored, passed *)
fun choose true = out
  | choose false = err
val streams = [choose true, choose false, out]
val () = List.app (fn s => TextIO.output (s, "each ")) streams
val () = line ""
val r = ref err
val () = r := out
val () = TextIO.output (!r, "through a ref\n")

(* every character, through output1 *)
val () = List.app (fn i => TextIO.output1 (out, chr i)) (List.tabulate (256, fn i => i))
val () = line ""

(* output in a handler and in a loop, then an uncaught exception *)
val () = (TextIO.output (out, "before raise; "); raise Fail "boom")
         handle Fail m => line ("handled " ^ m)
fun count 0 = ()
  | count n = (TextIO.output (out, Int.toString n ^ " "); count (n - 1))
val () = count 5
val () = TextIO.output (out, "last words")
val () = TextIO.output (out, Int.toString (valOf (List.find (fn x => x > 10) [1, 2, 3])))
val () = line "never"
