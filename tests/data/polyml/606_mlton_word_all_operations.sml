(* Ported from MLton's regression/word-all.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * Every Word operation on the extreme words, printed (fmt in every
 * radix, arithmetic with Div, shifts by 0 .. 255, comparisons).
 * Port: the functor applied to Word alone (mlbox has no Word8 .. Word64
 * or LargeWord): each result printed rather than compared with LargeWord's. *)
val zero = Word.fromInt 0
val one = Word.fromInt 1
val two = Word.fromInt 2
val max = Word.~ one

val words =
   [max,
    Word.- (max, one),
    Word.div (max, two),
    Word.fromInt 0xF,
    two,
    one,
    zero]

fun foreach (l, f) = List.app f l

fun for (f: word -> unit) = foreach (words, f)

datatype answer = ADiv | AOverflow | AWord of word

val answerToString =
   fn ADiv => "Div"
    | AOverflow => "Overflow"
    | AWord w => Word.toString w

fun run (f: unit -> word): answer =
   AWord (f ())
   handle General.Div => ADiv
        | General.Overflow => AOverflow

val m = concat ["Word", Int.toString Word.wordSize]

val _ = print (concat ["Testing ", m, "\n"])

val _ = for (fn w =>
	     print (concat [Word.toString w, "\n",
			    "\t", Word.fmt StringCvt.BIN w, "\n",
			    "\t", Word.fmt StringCvt.OCT w, "\n",
			    "\t", Word.fmt StringCvt.DEC w, "\n",
			    "\t", Word.fmt StringCvt.HEX w, "\n"]))

val _ =
   foreach
   ([("+", Word.+),
     ("-", Word.-),
     ("*", Word.* ),
     ("andb", Word.andb),
     ("div", Word.div),
     ("max", Word.max),
     ("min", Word.min),
     ("mod", Word.mod),
     ("orb", Word.orb),
     ("xorb", Word.xorb)],
    fn (name, f) =>
    for
    (fn w =>
     (print (concat [Word.toString w, " ", name, ":"]);
      for (fn w' => print (" " ^ answerToString (run (fn () => f (w, w')))));
      print "\n")))

val _ =
   for (fn w =>
	if w = valOf (Word.fromString (Word.toString w))
	   then ()
	else print "{from,to}String\n")

val _ =
   foreach
   ([("<<", Word.<<), (">>", Word.>>), ("~>>", Word.~>>)],
    fn (name, f) =>
    for
    (fn w =>
     (print (concat [Word.toString w, " ", name, ":"]);
      foreach
      ([0w0, 0w1, 0w2, 0w4, 0w8, 0w15, 0w30, 0w62, 0w63, 0w64, 0wxFF],
       fn w' => print (" " ^ Word.toString (f (w, w'))));
      print "\n")))

val _ =
   foreach
   ([("<", Word.<),
     ("<=", Word.<=),
     (">", Word.>),
     (">=", Word.>=)],
    fn (name, f) =>
    for
    (fn w =>
     (print (concat [Word.toString w, " ", name, ":"]);
      for (fn w' => print (" " ^ Bool.toString (f (w, w'))));
      print "\n")))

val _ =
   for
   (fn w =>
     (print (concat [Word.toString w, " compare:"]);
      for (fn w' => print (case Word.compare (w, w') of LESS => " LESS" | EQUAL => " EQUAL" | GREATER => " GREATER"));
      print "\n"))

val _ =
   for
   (fn w =>
    print (concat [Word.toString w, " toInt: ",
                   (Int.toString (Word.toInt w) handle Overflow => "Overflow"),
                   " toIntX: ", (Int.toString (Word.toIntX w) handle Overflow => "Overflow"),
                   " notb: ", Word.toString (Word.notb w),
                   " ~: ", Word.toString (Word.~ w),
                   if Word.~ w = Word.- (zero, w) then "" else " ~ <> 0 - w",
                   "\n"]))
