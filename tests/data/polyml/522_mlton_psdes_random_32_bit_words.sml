(* Ported from MLton's benchmark/tests/psdes-random.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * Written by Stephen Weeks (sweeks@sweeks.com).
 * Random number generator based on page 302 of Numerical Recipes in C.
 * Port: Word32 became mlbox's 63-bit word, every result masked to 32
 * bits (m32); `open Word32` replaced by qualified Word names; the
 * driver prints the first words and a sum instead of 5*10^8 of them. *)
local
   fun natFold (start, stop, ac, f) =
      let
         fun loop (i, ac) =
            if i = stop
               then ac
            else loop (i + 1, f (i, ac))
      in loop (start, ac)
      end
   val niter: int = 4
   fun m32 (w: word) = Word.andb (w, 0wxffffffff)
   fun make (l: word list) =
      let val a = Array.fromList l
      in fn i => Array.sub (a, i)
      end
   val c1 = make [0wxbaa96887, 0wx1e17d32c, 0wx03bdcd3c, 0wx0f33d1b2]
   val c2 = make [0wx4b0f3b58, 0wxe874f0c3, 0wx6955c5a6, 0wx55a7ca46]
   val half: Word.word = 0w16
   fun reverse w = m32 (Word.orb (Word.>> (w, half), Word.<< (w, half)))
   fun psdes (lword: word, irword: word): word * word =
      natFold
      (0, niter, (lword, irword), fn (i, (lword, irword)) =>
       let
          val ia = Word.xorb (irword, c1 i)
          val itmpl = Word.andb (ia, 0wxffff)
          val itmph = Word.>> (ia, half)
          val ib = m32 (itmpl * itmpl + m32 (Word.notb (m32 (itmph * itmph))))
       in (irword,
           Word.xorb (lword, m32 (itmpl * itmph + Word.xorb (c2 i, reverse ib))))
       end)
   val zero: word = 0wx13
   val lword: word ref = ref 0w13
   val irword: word ref = ref 0w14
   val needTo = ref true
in
   fun word () =
      if !needTo
         then
            let
               val (l, i) = psdes (!lword, !irword)
               val _ = lword := l
               val _ = irword := i
               val _ = needTo := false
            in
               l
            end
      else (needTo := true
            ; !irword)
end

fun loop (i, w) =
   if i = 0 then w
   else let val x = word ()
        in if i > 9990 then print (Word.toString x ^ " " ^ Word.fmt StringCvt.DEC x ^ "\n") else ();
           loop (i - 1, Word.andb (w + x, 0wxffffffff))
        end
val total = loop (10000, 0w0)
val _ = print ("sum mod 2^32 = 0wx" ^ Word.toString total ^ "\n")
