(* TextIO's output names inside generated code: a formatter specialised to a
   format known at generation time writes its pieces with TextIO.output and
   TextIO.output1 to a stream chosen when the code is generated and lifted
   into it (TextIO.stdOut, or TextIO.stdErr, whose text is not part of
   standard output). Its output interleaves exactly with print's. *)
datatype piece = Lit of string | Int | Chr | Pad of int

(* the generated printer of a format for a list of int arguments *)
fun printer (stream : TextIO.outstream, format : piece list) : [int list -> unit] =
    case format of
        [] => code (fn _ => ())
      | Lit s :: rest =>
            let cogen more = printer (stream, rest) cogen st = lift stream cogen s' = lift s
            in code (fn args => (TextIO.output (st, s'); more args)) end
      | Int :: rest =>
            let cogen more = printer (stream, rest) cogen st = lift stream
            in code (fn args => (TextIO.output (st, Int.toString (hd args)); more (tl args))) end
      | Chr :: rest =>
            let cogen more = printer (stream, rest) cogen st = lift stream
            in code (fn args => (TextIO.output1 (st, chr (hd args)); more (tl args))) end
      | Pad n :: rest =>
            let cogen more = printer (stream, rest) cogen st = lift stream cogen n' = lift n
            in code (fn args => (TextIO.output (st, StringCvt.padLeft #"." n' (Int.toString (hd args)));
                                 more (tl args))) end

val show = eval (printer (TextIO.stdOut, [Lit "x = ", Int, Lit ", c = ", Chr, Lit " [", Pad 6, Lit "]\n"]))
val () = show [42, 65, ~3]
val () = print "(print between)\n"
val () = show [0, 97, 123456789]
val () = TextIO.flushOut TextIO.stdOut
val () = eval (printer (TextIO.stdErr, [Lit "not on standard output: ", Int, Lit "\n"])) [7]

(* the stream itself inside generated code: a generated writer to stdErr *)
val toErr = eval (code (fn s => (TextIO.output (TextIO.stdErr, s); TextIO.flushOut TextIO.stdErr)))
val () = toErr "to standard error\n"
val () = print "after stdErr\n"
val empty = eval (code (fn () => TextIO.output (TextIO.stdOut, "")))
val () = (empty (); print "empty output wrote nothing\n")
