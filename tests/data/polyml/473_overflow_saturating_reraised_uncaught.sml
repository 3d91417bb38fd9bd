(* Overflow on 63-bit integers (Poly/ML's default int): ~ and abs of the
   smallest integer, products near 2^62, sums in a fold, Int.fromString
   of a literal too large; each caught. A handler that converts Overflow
   into a saturated result, and one that re-raises after logging. The
   program ends with Overflow from a factorial computed inside a handler
   that re-raises it. Poly/ML only: SML/NJ's 31-bit ints overflow sooner. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun try name f = pr (name ^ ": " ^ (pi (f ()) handle Overflow => "Overflow"))
val big = valOf Int.maxInt
val small = valOf Int.minInt
val _ = pr ("maxInt " ^ pi big ^ ", minInt " ^ pi small)
val _ = try "~minInt" (fn () => ~small)
val _ = try "abs minInt" (fn () => abs small)
val _ = try "abs (minInt + 1)" (fn () => abs (small + 1))
val _ = try "minInt * ~1" (fn () => small * ~1)
val _ = try "minInt div ~1" (fn () => small div ~1)
val _ = try "minInt quot ~1" (fn () => Int.quot (small, ~1))
val _ = try "minInt rem ~1" (fn () => Int.rem (small, ~1))
val _ = try "2^31 * 2^31" (fn () => 2147483648 * 2147483648)
val _ = try "2^31 * 2^30" (fn () => 2147483648 * 1073741824)
val _ = try "3037000499^2" (fn () => 3037000499 * 3037000499)
val _ = try "3037000500^2" (fn () => 3037000500 * 3037000500)
val _ = try "maxInt - minInt" (fn () => big - small)
val _ = try "minInt - 1 + 2" (fn () => small - 1 + 2)
val _ = try "minInt + (~1 + 2)" (fn () => small + (~1 + 2))
val _ = pr ("fromString too big: " ^ (case Int.fromString "4611686018427387904" of SOME n => pi n | NONE => "NONE")
            handle Overflow => "Overflow")
val _ = pr ("fromString max: " ^ (case Int.fromString "4611686018427387903" of SOME n => pi n | NONE => "NONE"))
val _ = pr ("fromString min: " ^ (case Int.fromString "~4611686018427387904" of SOME n => pi n | NONE => "NONE"))

(* saturating arithmetic *)
fun satAdd (a, b) = a + b handle Overflow => if a > 0 then big else small
fun satMul (a, b) = a * b handle Overflow => if (a > 0) = (b > 0) then big else small
val _ = pr ("satAdd: " ^ pi (satAdd (big, 1)) ^ " " ^ pi (satAdd (small, ~1)) ^ " " ^ pi (satAdd (5, 6)))
val _ = pr ("satMul: " ^ pi (satMul (big, 2)) ^ " " ^ pi (satMul (big, ~2)) ^ " " ^ pi (satMul (small, ~1)))

(* sums and powers *)
fun sum xs = foldl op + 0 xs
val _ = try "sum of halves" (fn () => sum [big div 2, big div 2, 1])
val _ = try "sum past max" (fn () => sum [big div 2, big div 2, 2])
fun power (b, 0) = 1
  | power (b, e) = b * power (b, e - 1)
fun largestPower b = let fun go e = (ignore (power (b, e + 1)); go (e + 1)) handle Overflow => e in go 0 end
val _ = pr ("largest powers: 2^" ^ pi (largestPower 2) ^ " 3^" ^ pi (largestPower 3) ^ " 10^" ^ pi (largestPower 10) ^
            " 7^" ^ pi (largestPower 7))
val _ = pr ("10^18 = " ^ pi (power (10, 18)))

(* the handler logs and re-raises; the last call is not protected *)
val log = ref 0
fun fact n = (if n = 0 then 1 else n * fact (n - 1)) handle Overflow => (log := !log + 1; raise Overflow)
val _ = pr ("fact 20 = " ^ pi (fact 20))
val _ = pr ("fact 21: " ^ (pi (fact 21) handle Overflow => "Overflow") ^ ", logged " ^ pi (!log) ^ " times")
val _ = pr ("fact 25 = " ^ pi (fact 25))
val _ = pr "not reached"
