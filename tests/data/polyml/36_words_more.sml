(* Word: literals, toString, conversions, bit operations, shifts of 63 and
   more, wrap-around, comparisons, div/mod and Div; ends with Div *)
fun p s = print (s ^ "\n")
fun w x = Word.toString x
val max = 0wx7FFFFFFFFFFFFFFF
val top = 0wx4000000000000000
val _ = p (w 0w0 ^ " " ^ w 0wx0 ^ " " ^ w 0w10 ^ " " ^ w 0wxa ^ " " ^ w 0wxA ^ " " ^ w 0w4611686018427387904 ^ " " ^ w 0w9223372036854775807)
val _ = p (w (max + 0w1) ^ " " ^ w (0w0 - 0w1) ^ " " ^ w (max * 0w3) ^ " " ^ w (top + top) ^ " " ^ w (top * top))
val _ = p (w (Word.- (0w5, 0w10)) ^ " " ^ w (Word.+ (max, max)) ^ " " ^ w (Word.* (0wx100000000, 0wx100000000)))
val _ = p (w (Word.fromInt 0) ^ " " ^ w (Word.fromInt 255) ^ " " ^ w (Word.fromInt ~1) ^ " " ^ w (Word.fromInt ~256)
           ^ " " ^ w (Word.fromInt 4611686018427387903) ^ " " ^ w (Word.fromInt ~4611686018427387904))
fun ti x = Int.toString (Word.toInt x) handle Overflow => "Overflow"
fun tx x = Int.toString (Word.toIntX x) handle Overflow => "Overflow"
val _ = p (String.concat (map (fn x => ti x ^ "/" ^ tx x ^ " ") [0w0, 0w1, 0wx3FFFFFFFFFFFFFFF, top, max, top + 0w1]))
val _ = p (w (Word.andb (max, 0wxFF)) ^ " " ^ w (Word.orb (top, 0w1)) ^ " " ^ w (Word.xorb (max, top)) ^ " " ^ w (Word.notb top) ^ " " ^ w (Word.notb 0wxFF))
val _ = p (w (Word.andb (0w0, max)) ^ " " ^ w (Word.orb (0w0, 0w0)) ^ " " ^ w (Word.xorb (0wx55, 0wx55)) ^ " " ^ w (Word.notb (Word.notb 0w12345)))
val amounts = [0w0, 0w1, 0w2, 0w8, 0w32, 0w60, 0w61, 0w62, 0w63, 0w64, 0w65, 0w127, 0w1000, max]
fun row s = p (w s ^ ": " ^ w (Word.<< (0w1, s)) ^ " " ^ w (Word.<< (max, s)) ^ " " ^ w (Word.>> (max, s)) ^ " " ^
               w (Word.>> (0w1, s)) ^ " " ^ w (Word.~>> (max, s)) ^ " " ^ w (Word.~>> (top, s)) ^ " " ^ w (Word.~>> (0w12345, s)))
val _ = app row amounts
val _ = p (w (Word.div (max, 0w1)) ^ " " ^ w (Word.div (0w0, 0w5)) ^ " " ^ w (Word.mod (max, 0w2)) ^ " " ^ w (Word.div (0w5, max)) ^ " " ^ w (Word.mod (0w5, max)))
val _ = p (w (max div 0w3) ^ " " ^ w (max mod 0w3) ^ " " ^ w (top div 0w7) ^ " " ^ w (top mod 0w7))
fun divOr (a, b) = w (a div b) handle Div => "Div"
val _ = p (divOr (0w1, 0w0) ^ " " ^ divOr (max, 0w0) ^ " " ^ (w (Word.mod (0w0, 0w0)) handle Div => "Div"))
fun rel (a : word, b) = (if a < b then "<" else "") ^ (if a > b then ">" else "") ^ (if a = b then "=" else "") ^ (if a <= b then "le" else "") ^ (if a >= b then "ge" else "")
val _ = p (String.concat (map (fn (a, b) => rel (a, b) ^ " ") [(0w0, max), (max, 0w0), (top, top - 0w1), (0w0, 0w0), (max, max + 0w1)]))
fun popcount 0w0 = 0 | popcount x = (if Word.andb (x, 0w1) = 0w1 then 1 else 0) + popcount (Word.>> (x, 0w1))
val _ = p (String.concat (map (fn x => Int.toString (popcount x) ^ " ") [0w0, 0w1, 0wxFF, max, top, 0wx5555]))
fun hash s = foldl (fn (c, h) => Word.xorb (h * 0w31, Word.fromInt (ord c))) 0w5381 (explode s)
val _ = p (w (hash "hello") ^ " " ^ w (hash "") ^ " " ^ w (hash "the quick brown fox jumps over the lazy dog"))
fun rotl (x, n) = Word.orb (Word.<< (x, n), Word.>> (x, 0w63 - n))
val _ = p (w (rotl (0w1, 0w62)) ^ " " ^ w (rotl (top, 0w1)) ^ " " ^ w (rotl (0wx123, 0w4)))
val _ = p (case Word.andb (0wxF0, 0wx3C) of 0wx30 => "pattern 0wx30" | _ => "other")
val _ = p (w (Word.fromInt (Word.toInt 0w77 + 1)) ^ " " ^ Int.toString (Word.toInt (Word.fromInt 12345)))
val _ = p (w (0w7 - 0w9 + 0w2) ^ " " ^ w (0w3 * (0w0 - 0w1)))
val _ = p (w (Word.div (0w1, Word.andb (0w1, 0w2))))
