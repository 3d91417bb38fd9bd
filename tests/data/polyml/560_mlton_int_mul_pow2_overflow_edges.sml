(* Ported from MLton's regression suite, regression/int-mul-pow2.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * The functor applied at the default int (63 bits here and in Poly/ML):
 * k * 2^j at both edges of the range, each product or Overflow; the five
 * copies of each doit are one loop. *)
val zero = 0
val one = 1
val two = Int.+ (one, one)
val three = Int.+ (two, one)
val four = Int.* (two, two)
val eight = Int.* (four, two)
val sixteen = Int.* (eight, two)
val thirtytwo = Int.* (sixteen, two)

val maxposint = valOf Int.maxInt
val maxnegpow2 = Int.- (Int.~ maxposint, one)
val maxpospow2 = Int.+ (Int.quot (maxposint, two), one)

fun line (k, i) =
   print (concat [Int.toString k, " * ", Int.toString i, " = ",
                  (Int.toString (Int.* (k, i))
                   handle Overflow => "Overflow"), "\n"])

(* each doit prints k * i for five values of i, each step applying next to i *)
fun doitFrom (start, next) k =
   let fun go (i, 0) = ()
         | go (i, n) = (line (k, i); go (next i, n - 1))
   in go (start, 5) end

fun loop doit k =
   if Int.> (k, thirtytwo)
      then ()
      else (doit k; loop doit (Int.+ (k, one)))

val () = loop (doitFrom (maxpospow2, fn i => Int.quot (i, two))) (Int.~ thirtytwo)
val () = loop (doitFrom (maxnegpow2, fn i => Int.quot (i, two))) (Int.~ thirtytwo)

val ks = [maxnegpow2, Int.quot (maxnegpow2, two), Int.quot (maxnegpow2, four),
          Int.quot (maxnegpow2, eight), Int.quot (maxnegpow2, sixteen), Int.quot (maxnegpow2, thirtytwo),
          Int.~ four, Int.~ three, Int.~ two, Int.~ one,
          zero,
          one, two, three, four,
          Int.quot (maxpospow2, thirtytwo), Int.quot (maxpospow2, sixteen), Int.quot (maxpospow2, eight),
          Int.quot (maxpospow2, four), Int.quot (maxpospow2, two), maxpospow2]
   handle Overflow => []

val () = List.app (doitFrom (one, fn i => Int.* (i, two))) ks
val () = List.app (doitFrom (Int.~ one, fn i => Int.* (i, two))) ks
