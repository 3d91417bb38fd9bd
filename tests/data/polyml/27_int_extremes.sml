(* Int.toString / Int.fromString at the extremes; ~, abs, Int.max/min at
   the 63-bit bounds; arithmetic that just fits and just overflows *)
fun p s = print (s ^ "\n")
val maxInt = 4611686018427387903
val minInt = ~4611686018427387904
fun i n = Int.toString n
fun attempt f = i (f ()) handle Overflow => "Overflow" | Div => "Div"
val _ = p (i maxInt ^ " " ^ i minInt ^ " " ^ i (~maxInt) ^ " " ^ i (minInt + 1))
val _ = p (i 0 ^ " " ^ i ~0 ^ " " ^ i (~1) ^ " " ^ i (~ 1) ^ " " ^ i (0 - 1))
val _ = p (attempt (fn () => ~ minInt) ^ " " ^ attempt (fn () => abs minInt) ^ " " ^ attempt (fn () => abs (minInt + 1)))
val _ = p (attempt (fn () => maxInt + 1) ^ " " ^ attempt (fn () => maxInt + 0) ^ " " ^ attempt (fn () => minInt + ~1))
val _ = p (attempt (fn () => minInt - 0) ^ " " ^ attempt (fn () => 0 - minInt) ^ " " ^ attempt (fn () => ~1 - maxInt))
val _ = p (attempt (fn () => maxInt * ~1) ^ " " ^ attempt (fn () => minInt * 1) ^ " " ^ attempt (fn () => minInt * 0))
val _ = p (attempt (fn () => 3037000499 * 3037000499) ^ " " ^ attempt (fn () => 2147483647 * 2147483649))
val _ = p (attempt (fn () => 1073741824 * 4294967296) ^ " " ^ attempt (fn () => ~1073741824 * 4294967296))
val _ = p (attempt (fn () => 1073741824 * ~4294967296) ^ " " ^ attempt (fn () => ~1073741824 * ~4294967296))
val _ = p (attempt (fn () => minInt div 2) ^ " " ^ attempt (fn () => minInt mod 2) ^ " " ^ attempt (fn () => minInt div minInt))
val _ = p (attempt (fn () => maxInt div minInt) ^ " " ^ attempt (fn () => maxInt mod minInt) ^ " " ^ attempt (fn () => minInt mod maxInt))
val _ = p (attempt (fn () => 1 div minInt) ^ " " ^ attempt (fn () => ~1 div minInt) ^ " " ^ attempt (fn () => ~1 mod minInt))
val _ = p (i (Int.max (maxInt, minInt)) ^ " " ^ i (Int.min (maxInt, minInt)) ^ " " ^ i (Int.max (~5, ~7)) ^ " " ^ i (Int.min (0, ~0)))
(* toString of every power of ten and its negation *)
fun powers (n, k) = if k >= 18 then p (i n) else (print (i n ^ " " ^ i (~n) ^ " "); powers (n * 10, k + 1))
val _ = powers (1, 0)
val _ = p ""
fun digits n = size (Int.toString n)
val _ = p (i (digits maxInt) ^ " " ^ i (digits minInt) ^ " " ^ i (digits 0) ^ " " ^ i (digits ~9))
fun show NONE = "NONE" | show (SOME n) = i n
fun fs s = show (Int.fromString s) handle Overflow => "Overflow"
val _ = app (fn s => print (fs s ^ " | ")) ["4611686018427387903", "~4611686018427387904", "4611686018427387904x",
           "-4611686018427387904", "~4611686018427387905", " \n+12", "~ 1", "0~", "1~2", "12 34", "-", "~0x5",
           "00", "-00012", "+00", "9223372036854775807", "18446744073709551616", "\t-7\t"]
val _ = p ""
(* fromString o toString is the identity on a spread of values *)
fun spread k = if k = 0 then [] else (k * 7919 * 104729 * 11 - 3) :: ~k :: spread (k - 1)
val _ = p (if List.all (fn n => Int.fromString (Int.toString n) = SOME n) (maxInt :: minInt :: spread 40) then "roundtrip ok" else "roundtrip bad")
val _ = p (i (maxInt div 10 * 10 + maxInt mod 10))
(* minInt div 10 rounds down, so times 10 it leaves the range: the program dies of Overflow *)
val _ = p (i (minInt div 10 * 10 + minInt mod 10))
