(* In the style of the MLton regression tests (https://github.com/MLton/mlton,
   regression/*.sml): each check is a `val _ = if ... then () else raise Fail`
   line, and the program prints what it computes. This one is about word
   arithmetic (63-bit words as in Poly/ML: Word.wordSize = 63). *)

fun check (name, b) = if b then print (name ^ " ok\n") else raise Fail name

val _ = check ("wordSize", Word.wordSize = 63)
val maxw = Word.notb 0w0
val _ = print (Word.toString maxw ^ "\n")
val _ = check ("wrap add", maxw + 0w1 = 0w0)
val _ = check ("wrap sub", 0w0 - 0w1 = maxw)
val _ = check ("wrap mul", Word.* (maxw, maxw) = 0w1)
val _ = check ("fromInt ~1", Word.fromInt ~1 = maxw)
val _ = check ("toIntX max", Word.toIntX maxw = ~1)
val _ = check ("shift by wordSize", Word.<< (0w1, 0w63) = 0w0)
val _ = check ("shift by more", Word.>> (maxw, 0w100) = 0w0)
val _ = check ("arith shift keeps sign", Word.~>> (maxw, 0w5) = maxw)
val _ = check ("arith shift by more", Word.~>> (Word.<< (0w1, 0w62), 0w200) = maxw)
val _ = check ("top bit", Word.>> (Word.<< (0w1, 0w62), 0w62) = 0w1)
val _ = check ("andb", Word.andb (0wxF0F0, 0wxFF00) = 0wxF000)
val _ = check ("orb", Word.orb (0wxF0F0, 0wx0F0F) = 0wxFFFF)
val _ = check ("xorb", Word.xorb (0wxFFFF, 0wx0F0F) = 0wxF0F0)
val _ = check ("div", 0w100 div 0w7 = 0w14 andalso 0w100 mod 0w7 = 0w2)
val _ = check ("compare", Word.compare (0w1, maxw) = LESS)
val _ = check ("unsigned order", maxw > 0w1)

val _ = print (Word.fmt StringCvt.BIN 0w37 ^ " " ^ Word.fmt StringCvt.OCT 0w511 ^ " "
               ^ Word.fmt StringCvt.HEX 0wxDEADBEEF ^ " " ^ Word.toString 0w0 ^ "\n")
val _ = print (Int.toString (Word.toInt 0wx7FFF) ^ "\n")

(* a word-based hash and a popcount, the usual uses *)
fun popcount 0w0 = 0
  | popcount w = Word.toInt (Word.andb (w, 0w1)) + popcount (Word.>> (w, 0w1))
val _ = print (String.concatWith " " (map (Int.toString o popcount) [0w0, 0w1, 0w255, maxw, 0wx5555]) ^ "\n")

fun fnv1a s =
  CharVector.foldl (fn (c, h) => Word.* (Word.xorb (h, Word.fromInt (ord c)), 0w1099511628211))
                   0wx3bf29ce484222325 s
val _ = app (fn s => print (s ^ " " ^ Word.toString (fnv1a s) ^ "\n")) ["", "a", "hello", "mlbox"]

val _ = check ("fromString", Word.fromString "ff" = SOME 0wxff
                             andalso Word.fromString "0wx10" = SOME 0w16
                             andalso Word.fromString "z" = NONE)
val _ = print ((Word.toString (valOf (Word.fromString "7fffffffffffffff"))) ^ "\n")
        handle Overflow => print "fromString overflow\n"
val _ = print (Int.toString (Word.toInt maxw) ^ "\n")
