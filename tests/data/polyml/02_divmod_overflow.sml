(* div/mod/quot semantics with negative operands; Overflow and Div *)
val maxInt = 4611686018427387903
val minInt = ~4611686018427387904
fun i n = Int.toString n
fun show name f = print (name ^ " = " ^ (i (f ()) handle Overflow => "Overflow" | Div => "Div") ^ "\n")

val pairs = [(7, 2), (~7, 2), (7, ~2), (~7, ~2), (0, 5), (0, ~5), (6, 3), (~6, 3), (1, ~1), (~1, 7)]
val _ = app (fn (a, b) => print (i a ^ " div " ^ i b ^ " = " ^ i (a div b) ^ ", mod = " ^ i (a mod b) ^ "\n")) pairs
val _ = app (fn (a, b) => if (a div b) * b + a mod b = a then () else print "law broken\n") pairs

val _ = show "maxInt + 1" (fn () => maxInt + 1)
val _ = show "minInt - 1" (fn () => minInt - 1)
val _ = show "~minInt" (fn () => ~minInt)
val _ = show "abs minInt" (fn () => abs minInt)
val _ = show "abs ~5" (fn () => abs ~5)
val _ = show "minInt div ~1" (fn () => minInt div ~1)
val _ = show "minInt mod ~1" (fn () => minInt mod ~1)
val _ = show "minInt div 1" (fn () => minInt div 1)
val _ = show "maxInt * 2" (fn () => maxInt * 2)
val _ = show "minInt * ~1" (fn () => minInt * ~1)
val _ = show "2147483648 * 2147483648" (fn () => 2147483648 * 2147483648)
val _ = show "2147483648 * 1073741823" (fn () => 2147483648 * 1073741823)
val _ = show "~2147483648 * 2147483648" (fn () => ~2147483648 * 2147483648)
val _ = show "5 div 0" (fn () => 5 div 0)
val _ = show "5 mod 0" (fn () => 5 mod 0)
val _ = show "0 div 0" (fn () => 0 div 0)
val _ = show "minInt + maxInt" (fn () => minInt + maxInt)
val _ = show "maxInt - minInt" (fn () => maxInt - minInt)
val _ = show "minInt mod 3" (fn () => minInt mod 3)
val _ = show "maxInt mod ~3" (fn () => maxInt mod ~3)
val _ = show "minInt div 7" (fn () => minInt div 7)
val _ = show "Int.max" (fn () => Int.max (minInt, maxInt) + Int.min (~3, 3))
val _ = show "~ ~ 3" (fn () => ~ (~ 3))
val _ = show "2 - ~3" (fn () => 2 - ~3)
val _ = show "precedence" (fn () => 2 + 3 * 4 - 10 div 3 mod 2)
fun pow (b, 0) = 1 | pow (b, e) = b * pow (b, e - 1)
val _ = show "2^61" (fn () => pow (2, 61))
val _ = show "2^62" (fn () => pow (2, 62))
val _ = show "~2^62" (fn () => ~2 * pow (2, 61))
val _ = print (i (1 div 0 handle Div => 99) ^ "\n")
val _ = print (i (maxInt + 1))
