(* Operators taken as values out of annotated lists, then the infix names
   rebound to word operations in a local scope, and back. *)
local
  val [less, more] = [op <, op >] : (int * int -> bool) list
  val [plus, minus, times, quo, rest] = [op +, op -, op *, op div, op mod] : (int * int -> int) list
in
  fun intCheck (a, b) =
    [less (a, b), more (a, b)]
  fun intArith (a, b) = [plus (a, b), minus (a, b), times (a, b), quo (a, b), rest (a, b)]
  local
    val op + = Word.+ and op - = Word.- and op * = Word.*
    and op div = Word.div and op mod = Word.mod
    val op < = Word.< and op > = Word.>
  in
    fun wordArith (a, b) = [a + b, a - b, a * b, a div b, a mod b]
    fun wordCheck (a, b) = [a < b, a > b]
    val wrapped = Word.toInt (Word.fromInt 5 - Word.fromInt 7 + Word.fromInt 3)
  end
  val back = 5 - 7 + 3
end

fun bools bs = String.concatWith " " (map Bool.toString bs)
val _ = print (String.concatWith " " (map Int.toString (intArith (~17, 5))) ^ "\n")
val _ = print (bools (intCheck (~17, 5)) ^ "\n")
val _ = print (String.concatWith " " (map Word.toString (wordArith (0w17, 0w5))) ^ "\n")
val _ = print (bools (wordCheck (Word.fromInt ~1, 0w5)) ^ "\n")
val _ = print (Int.toString wrapped ^ " " ^ Int.toString back ^ "\n")

(* the signed view of words at the edges *)
val top = valOf Int.maxInt
val bottom = valOf Int.minInt
val w = Word.fromInt
val _ = print (String.concatWith " "
  (map Int.toString [Word.toIntX (w top + w 1), Word.toIntX (w bottom - w 1),
                     Word.toIntX (Word.~>> (w bottom, 0w3)), Word.toIntX (Word.>> (w ~1, 0w1)),
                     Word.toIntX (Word.<< (w 1, Word.fromInt (Word.wordSize - 1)))]) ^ "\n")
val _ = print (((Word.toString (w 17 div w 0)) handle Div => "Div") ^ "\n")
