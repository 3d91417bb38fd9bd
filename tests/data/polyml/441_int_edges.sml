(* Integer edge cases on 63-bit ints: div/mod/quot/rem with every sign
   combination, the identity (a div b) * b + a mod b = a, Int.maxInt and
   Int.minInt, Overflow from +, -, *, ~, abs and div, Int.sign, compare,
   fromString on edge strings, and a factorial that finally overflows
   without a handler. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val pairs = [(7, 2), (~7, 2), (7, ~2), (~7, ~2), (6, 3), (~6, 3), (0, ~5), (1, 7), (~1, 7)]
fun row (a, b) =
    pr (pi a ^ "," ^ pi b ^ ": div " ^ pi (a div b) ^ " mod " ^ pi (a mod b)
        ^ " quot " ^ pi (Int.quot (a, b)) ^ " rem " ^ pi (Int.rem (a, b))
        ^ " ok " ^ Bool.toString ((a div b) * b + a mod b = a andalso Int.quot (a, b) * b + Int.rem (a, b) = a))
val _ = app row pairs

val maxI = valOf Int.maxInt
val minI = valOf Int.minInt
val _ = pr ("maxInt = " ^ pi maxI ^ ", minInt = " ^ pi minI)
val _ = pr ("maxInt + minInt = " ^ pi (maxI + minI))
fun attempt name f = pr (name ^ " -> " ^ (pi (f ()) handle Overflow => "Overflow" | Div => "Div"))
val _ = attempt "maxInt + 1" (fn () => maxI + 1)
val _ = attempt "minInt - 1" (fn () => minI - 1)
val _ = attempt "maxInt * 2" (fn () => maxI * 2)
val _ = attempt "~minInt" (fn () => ~minI)
val _ = attempt "abs minInt" (fn () => abs minI)
val _ = attempt "minInt div ~1" (fn () => minI div ~1)
val _ = attempt "minInt mod ~1" (fn () => minI mod ~1)
val _ = attempt "Int.quot (minInt, ~1)" (fn () => Int.quot (minI, ~1))
val _ = attempt "Int.rem (minInt, ~1)" (fn () => Int.rem (minI, ~1))
val _ = attempt "5 div 0" (fn () => 5 div 0)
val _ = attempt "5 mod 0" (fn () => 5 mod 0)
val _ = attempt "minInt div 2" (fn () => minI div 2)
val _ = attempt "maxInt div ~2" (fn () => maxI div ~2)
val _ = attempt "minInt mod 3" (fn () => minI mod 3)
val _ = attempt "maxInt mod ~3" (fn () => maxI mod ~3)
val _ = attempt "(maxInt div 2 + 1) * 2" (fn () => (maxI div 2 + 1) * 2)
val _ = attempt "~(maxInt) - 1" (fn () => ~maxI - 1)
val _ = attempt "3037000499 * 3037000499" (fn () => 3037000499 * 3037000499)
val _ = attempt "2147483648 * 2147483648" (fn () => 2147483648 * 2147483648)

val _ = pr ("signs: " ^ String.concatWith " " (map (pi o Int.sign) [~9, 0, 12, minI, maxI]))
fun ord2s LESS = "LESS" | ord2s EQUAL = "EQUAL" | ord2s GREATER = "GREATER"
val _ = pr ("compare: " ^ ord2s (Int.compare (minI, maxI)) ^ " " ^ ord2s (Int.compare (3, 3)) ^ " " ^ ord2s (Int.compare (0, ~1)))
fun showOpt NONE = "NONE" | showOpt (SOME n) = "SOME " ^ pi n
val _ = app (fn s => pr ("fromString \"" ^ s ^ "\" = " ^ (showOpt (Int.fromString s) handle Overflow => "Overflow")))
            ["42", "~42", "-42", "  17 apples", "4611686018427387903", "~4611686018427387904",
             "4611686018427387904", "abc", "+5", ""]
val _ = pr ("min/max: " ^ pi (Int.min (minI, 0)) ^ " " ^ pi (Int.max (maxI, 0)))

fun fact n = if n = 0 then 1 else n * fact (n - 1)
fun show n = pr ("fact " ^ pi n ^ " = " ^ pi (fact n))
val _ = app show [0, 5, 10, 15, 20]
val _ = pr ("fact 21 caught: " ^ (pi (fact 21) handle Overflow => "Overflow"))
val _ = show 25
val _ = pr "not reached"
