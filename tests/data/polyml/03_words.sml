(* Every Word function, literals, toString format, shifts, wrap-around *)
fun w x = Word.toString x
fun p s = print (s ^ "\n")
val big = 0wx7FFFFFFFFFFFFFFF
val high = 0wx4000000000000000
val _ = p (w 0w0 ^ " " ^ w 0w255 ^ " " ^ w 0wxff ^ " " ^ w 0wxAbC ^ " " ^ w 0w1234567890)
val _ = p (w big ^ " " ^ w high)
val _ = p (w (big + 0w1) ^ " " ^ w (0w0 - 0w1) ^ " " ^ w (high * 0w2) ^ " " ^ w (big * big))
val _ = p (w (Word.fromInt ~1) ^ " " ^ w (Word.fromInt ~4611686018427387904) ^ " " ^ w (Word.fromInt 4611686018427387903))
val _ = p (Int.toString (Word.toInt 0w12345) ^ " " ^ Int.toString (Word.toIntX big) ^ " " ^ Int.toString (Word.toIntX high))
val _ = p (Int.toString (Word.toInt high) handle Overflow => "toInt Overflow")
val _ = p (Int.toString (Word.toInt 0wx3FFFFFFFFFFFFFFF))
val _ = p (w (Word.andb (0wxF0F0, 0wxFF00)) ^ " " ^ w (Word.orb (0wxF0F0, 0wx0F0F)) ^ " " ^ w (Word.xorb (0wxFFFF, 0wx0FF0)))
val _ = p (w (Word.notb 0w0) ^ " " ^ w (Word.notb big) ^ " " ^ w (Word.notb 0wx5))
val shifts = [0w0, 0w1, 0w4, 0w31, 0w32, 0w61, 0w62, 0w63, 0w64, 0w100, big]
val _ = app (fn s => p ("shift " ^ Word.toString s ^ ": " ^ w (Word.<< (0w3, s)) ^ " " ^ w (Word.>> (big, s))
                        ^ " " ^ w (Word.~>> (high, s)) ^ " " ^ w (Word.~>> (0wx3000, s)))) shifts
val _ = p (w (Word.+ (0w2, 0w3)) ^ " " ^ w (Word.- (0w2, 0w3)) ^ " " ^ w (Word.* (0w7, 0w6)))
val _ = p (w (Word.div (0w100, 0w7)) ^ " " ^ w (Word.mod (0w100, 0w7)) ^ " " ^ w (big div 0w2) ^ " " ^ w (big mod 0w10))
val _ = p (w (0w5 div 0w0) handle Div => "div Div")
val _ = p (w (Word.mod (0w5, 0w0)) handle Div => "mod Div")
val _ = p (w (Word.fromInt ~7 div 0w2))
val cmp = [(0w1, 0w2), (big, 0w0), (high, 0w1), (0w5, 0w5)]
val _ = app (fn (a, b) => p (w a ^ " " ^ w b ^ ": " ^ (if a < b then "lt " else "") ^ (if a <= b then "le " else "")
                             ^ (if a > b then "gt " else "") ^ (if a >= b then "ge " else "") ^ (if a = b then "eq" else "ne"))) cmp
fun sum [] = 0w0 | sum (x :: xs) = x + sum xs
val _ = p (w (sum [0w1, 0w2, 0wx10, big]))
fun classify 0w0 = "zero" | classify 0wx10 = "sixteen" | classify 0w255 = "ff" | classify _ = "other"
val _ = p (String.concat (map classify [0w0, 0w16, 0wxff, 0w7]))
val _ = p (case high of 0wx4000000000000000 => "high matched" | _ => "no")
val _ = p (w (Word.fromInt (Word.toIntX high)) ^ " " ^ Int.toString (Word.toIntX (Word.fromInt ~99)))
