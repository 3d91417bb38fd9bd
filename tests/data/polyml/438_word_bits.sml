(* Word arithmetic and bit manipulation: literals in decimal and hex,
   andb/orb/xorb/notb, shifts (logical and arithmetic), wrap-around on
   + - *, Word.div/mod and Div, conversions to and from int, population
   count, bit reversal of a byte, and parity. *)
fun pr s = print (s ^ "\n")
fun pw w = "0wx" ^ Word.toString w
fun pi n = Int.toString n

val a = 0wxF0F0
val b = 0w255
val _ = pr ("a = " ^ pw a ^ ", b = " ^ pw b ^ " (" ^ pi (Word.toInt b) ^ ")")
val _ = pr ("andb = " ^ pw (Word.andb (a, b)) ^ ", orb = " ^ pw (Word.orb (a, b)) ^ ", xorb = " ^ pw (Word.xorb (a, b)))
val _ = pr ("notb 0 = " ^ pw (Word.notb 0w0))
val _ = pr ("<< 4 = " ^ pw (Word.<< (b, 0w4)) ^ ", >> 4 = " ^ pw (Word.>> (a, 0w4)))
val _ = pr ("~>> of notb 0 by 60 = " ^ pw (Word.~>> (Word.notb 0w0, 0w60)) ^ ", >> = " ^ pw (Word.>> (Word.notb 0w0, 0w60)))
val _ = pr ("<< 63 = " ^ pw (Word.<< (0w1, 0w63)) ^ ", << 62 = " ^ pw (Word.<< (0w1, 0w62)))

(* wrap-around *)
val maxW = Word.notb 0w0
val _ = pr ("max + 1 = " ^ pw (maxW + 0w1) ^ ", 0 - 1 = " ^ pw (0w0 - 0w1))
val _ = pr ("max * 2 = " ^ pw (maxW * 0w2) ^ ", max div 3 = " ^ pw (maxW div 0w3))
val _ = pr ("100 mod 7 = " ^ pw (0w100 mod 0w7) ^ ", 100 div 7 = " ^ pw (Word.div (0w100, 0w7)))
val _ = pr ("div by zero: " ^ (pw (0w5 div 0w0) handle Div => "Div"))
val _ = pr ("mod by zero: " ^ (pw (Word.mod (0w5, 0w0)) handle Div => "Div"))

(* conversions *)
val _ = pr ("fromInt ~1 = " ^ pw (Word.fromInt ~1))
val _ = pr ("toIntX (fromInt ~5) = " ^ pi (Word.toIntX (Word.fromInt ~5)))
val _ = pr ("toInt 12345 = " ^ pi (Word.toInt 0w12345))
val _ = pr ("toInt max: " ^ (pi (Word.toInt maxW) handle Overflow => "Overflow"))
val _ = pr ("word compare: " ^ Bool.toString (0w3 < 0w10) ^ " " ^ Bool.toString (Word.fromInt ~1 > 0w10))

fun popcount 0w0 = 0
  | popcount w = Word.toInt (Word.andb (w, 0w1)) + popcount (Word.>> (w, 0w1))
fun reverseByte w =
    let fun go (0, _, acc) = acc
          | go (k, x, acc) = go (k - 1, Word.>> (x, 0w1), Word.orb (Word.<< (acc, 0w1), Word.andb (x, 0w1)))
    in go (8, w, 0w0) end
fun parity w = popcount w mod 2 = 1
val _ = pr ("popcounts: " ^ String.concatWith " " (map (pi o popcount) [0w0, 0w1, 0w255, 0wxF0F0, maxW]))
val _ = pr ("reverseByte: " ^ String.concatWith " " (map (pw o reverseByte) [0w1, 0w2, 0wx0F, 0wxA5, 0wx80]))
val _ = pr ("parity: " ^ String.concatWith " " (map (Bool.toString o parity) [0w7, 0w6, 0wx101]))

(* byte packing: four bytes into a 32-bit value and back *)
fun pack [b0, b1, b2, b3] =
      Word.orb (Word.<< (b0, 0w24), Word.orb (Word.<< (b1, 0w16), Word.orb (Word.<< (b2, 0w8), b3)))
fun unpack w = map (fn s => Word.andb (Word.>> (w, s), 0wxFF)) [0w24, 0w16, 0w8, 0w0]
val packed = pack [0wxDE, 0wxAD, 0wxBE, 0wxEF]
val _ = pr ("packed = " ^ pw packed ^ ", unpacked = " ^ String.concatWith " " (map pw (unpack packed)))
(* a small hash: FNV-like over chars, masked to 32 bits *)
fun hash s = foldl (fn (c, h) => Word.andb ((Word.xorb (h, Word.fromInt (ord c))) * 0w16777619, 0wxFFFFFFFF)) 0wx811C9DC5 (explode s)
val _ = app (fn s => pr ("hash \"" ^ s ^ "\" = " ^ pw (hash s))) ["", "a", "hello", "Hello"]
val _ = pr ("pack of 3 bytes: " ^ (pw (pack [0w1, 0w2, 0w3]) handle Match => "Match"))
