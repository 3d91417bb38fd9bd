(* Words: shifts by 0 .. 70 and by huge amounts, arithmetic shift of values
   with the top bit set, printing in hex, conversions from negative ints,
   a bit-reversal and a population count written with shifts; compared
   with arithmetic computations *)
fun p s = print (s ^ "\n")
fun w x = Word.toString x
val top = Word.<< (0w1, 0w62)
val all = Word.notb 0w0
val _ = p (w top ^ " " ^ w all ^ " " ^ w (all + 0w1) ^ " " ^ w (0w0 - 0w1))
val amounts = [0w0, 0w1, 0w31, 0w32, 0w61, 0w62, 0w63, 0w64, 0w70, 0w127, 0wx7FFFFFFFFFFFFFFF]
val _ = p (String.concatWith " " (map (fn k => w (Word.<< (0w1, k))) amounts))
val _ = p (String.concatWith " " (map (fn k => w (Word.>> (all, k))) amounts))
val _ = p (String.concatWith " " (map (fn k => w (Word.~>> (top, k))) amounts))
val _ = p (String.concatWith " " (map (fn k => w (Word.~>> (0w12345, k))) amounts))
val _ = p (String.concatWith " " (map (fn k => w (Word.<< (0wxABCDEF, k))) amounts))
(* shifting left by k equals multiplying by 2^k modulo 2^63 *)
fun pow2 0 = 0w1 | pow2 k = 0w2 * pow2 (k - 1)
val _ = p (if List.all (fn k => Word.<< (0wx1234567, Word.fromInt k) = 0wx1234567 * pow2 k) (List.tabulate (63, fn k => k)) then "shift = multiply" else "MISMATCH")
fun popcount x = if x = 0w0 then 0 else Word.toInt (Word.andb (x, 0w1)) + popcount (Word.>> (x, 0w1))
fun reverse63 x = let fun go (0, _, acc) = acc | go (k, v, acc) = go (k - 1, Word.>> (v, 0w1), Word.orb (Word.<< (acc, 0w1), Word.andb (v, 0w1))) in go (63, x, 0w0) end
val samples = [0w0, 0w1, 0wxFF, top, all, 0wx5555555555555555, 0wx123456789ABCDEF]
val _ = p (String.concatWith " " (map (fn x => Int.toString (popcount x) ^ ":" ^ w (reverse63 x)) samples))
(* conversions *)
val _ = p (String.concatWith " " (map (fn n => w (Word.fromInt n)) [0, 1, ~1, ~2, 4611686018427387903, ~4611686018427387904]))
val _ = p (String.concatWith " " (map (fn x => Int.toString (Word.toIntX x)) [0w0, all, top, top - 0w1, 0wx7FFFFFFFFFFFFFFE]))
val _ = p (String.concatWith " " (map (fn x => (Int.toString (Word.toInt x)) handle Overflow => "Overflow") [0w0, top - 0w1, top, all]))
(* unsigned comparison and division *)
val _ = p (String.concat (map (fn (a, b) => case Word.compare (a, b) of LESS => "<" | EQUAL => "=" | GREATER => ">")
                            [(0w0, all), (top, 0w1), (all, all), (0w5, 0w6)]))
val _ = p (w (all div 0w3) ^ " " ^ w (all mod 0w10) ^ " " ^ w (top div top) ^ " " ^ ((w (0w1 div 0w0)) handle Div => "Div"))
(* xorshift pseudo-random words, printed *)
fun xorshift x = let val a = Word.xorb (x, Word.<< (x, 0w13)) val b = Word.xorb (a, Word.>> (a, 0w7)) in Word.xorb (b, Word.<< (b, 0w17)) end
fun gen (0, _) = [] | gen (n, x) = let val y = xorshift x in y :: gen (n - 1, y) end
val _ = app (fn x => p (w x)) (gen (8, 0w88172645463325252))
(* word literals in hex and decimal agree *)
val _ = p (if 0wxFF = 0w255 andalso 0wx7FFFFFFFFFFFFFFF = 0w9223372036854775807 then "literals agree" else "literals differ")
