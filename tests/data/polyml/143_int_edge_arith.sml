(* integer arithmetic a test might probe: div/mod/quot/rem signs, overflow
   raised by +, *, ~ and abs at the limits, Int.min/max, comparisons and
   Int.toString/fromString of extremes *)
val maxInt = valOf Int.maxInt
val minInt = valOf Int.minInt
val _ = print (Int.toString maxInt ^ "\n" ^ Int.toString minInt ^ "\n")
fun tryOp name f = print (name ^ ": " ^ (Int.toString (f ()) handle Overflow => "Overflow" | Div => "Div") ^ "\n")
val _ = tryOp "max + 1" (fn () => maxInt + 1)
val _ = tryOp "min - 1" (fn () => minInt - 1)
val _ = tryOp "~min" (fn () => ~minInt)
val _ = tryOp "abs min" (fn () => abs minInt)
val _ = tryOp "max * 2" (fn () => maxInt * 2)
val _ = tryOp "min div ~1" (fn () => minInt div ~1)
val _ = tryOp "min mod ~1" (fn () => minInt mod ~1)
val _ = tryOp "1 div 0" (fn () => 1 div 0)
val _ = tryOp "1 mod 0" (fn () => 1 mod 0)
val _ = tryOp "quot min ~1" (fn () => Int.quot (minInt, ~1))
val _ = tryOp "max + min" (fn () => maxInt + minInt)
val _ = tryOp "sqrt-ish" (fn () => 2147483647 * 2147483647)
val pairs = [(7, 2), (~7, 2), (7, ~2), (~7, ~2), (0, 5), (5, 7)]
val _ = app (fn (a, b) => print (Int.toString a ^ "," ^ Int.toString b ^ ": div " ^ Int.toString (a div b) ^ " mod " ^ Int.toString (a mod b)
                                 ^ " quot " ^ Int.toString (Int.quot (a, b)) ^ " rem " ^ Int.toString (Int.rem (a, b)) ^ "\n")) pairs
val _ = print (Bool.toString (List.all (fn (a, b) => (a div b) * b + a mod b = a andalso Int.quot (a, b) * b + Int.rem (a, b) = a) pairs) ^ "\n")
val _ = print (Int.toString (Int.min (3, ~3)) ^ " " ^ Int.toString (Int.max (3, ~3)) ^ " " ^ Int.toString (Int.sign ~9) ^ " " ^ Int.toString (Int.sign 0) ^ "\n")
val _ = print (String.concatWith " " (map (fn s => case Int.fromString s of SOME n => Int.toString n | NONE => "NONE")
                 ["4611686018427387903", "~4611686018427387904", "-12", "  42  ", "+7", "0x10", "12abc", "~", ""]) ^ "\n")
val _ = print ((case Int.fromString "4611686018427387904" of SOME n => Int.toString n | NONE => "NONE") handle Overflow => "Overflow")
val _ = print "\n"
fun power (b, 0) = 1
  | power (b, e) = b * power (b, e - 1)
fun largestPower b = let fun go (e, acc) = (go (e + 1, acc * b)) handle Overflow => (e, acc) in go (0, 1) end
val _ = app (fn b => case largestPower b of (e, v) => print (Int.toString b ^ "^" ^ Int.toString e ^ " = " ^ Int.toString v ^ "\n")) [2, 3, 10, 1000]
fun sumList l = foldl op+ 0 l
val _ = print (Int.toString (sumList [maxInt, 1, ~1]) handle Overflow => "overflow in fold\n")
val _ = print "\n"
val _ = print (Int.toString (maxInt - 1 + 1) ^ "\n")
val _ = power (2, 63)
