(* Word arithmetic as a packet filter would need it: unsigned 32-bit
   values kept in words by masking, big-endian loads from a byte array,
   checksums (the one's-complement Internet checksum), rotations, bit
   fields extracted with shifts and masks, and Word.toString/fromInt
   round trips. *)
fun pr s = print (s ^ "\n")
fun pw w = "0x" ^ Word.toString w
fun pi n = Int.toString n

val mask32 = 0wxFFFFFFFF
fun add32 (a, b) = Word.andb (a + b, mask32)
fun mul32 (a, b) = Word.andb (a * b, mask32)
fun rotl32 (w, n) = Word.andb (Word.orb (Word.<< (w, n), Word.>> (w, 0w32 - n)), mask32)
val _ = pr ("add32 wraps: " ^ pw (add32 (0wxFFFFFFF0, 0wx20)))
val _ = pr ("mul32: " ^ pw (mul32 (0wx10001, 0wx10001)) ^ " " ^ pw (mul32 (0wxFFFFFFFF, 0wxFFFFFFFF)))
val _ = pr ("rotl32: " ^ String.concatWith " " (map (fn n => pw (rotl32 (0wx80000001, n))) [0w1, 0w4, 0w31]))

val packet = Array.fromList [0x45, 0x00, 0x00, 0x3c, 0x1c, 0x46, 0x40, 0x00, 0x40, 0x06,
                             0x00, 0x00, 0xac, 0x10, 0x0a, 0x63, 0xac, 0x10, 0x0a, 0x0c]
fun byte i = Word.fromInt (Array.sub (packet, i))
fun half i = Word.orb (Word.<< (byte i, 0w8), byte (i + 1))
fun word32 i = Word.orb (Word.<< (half i, 0w16), half (i + 2))
val _ = pr ("version " ^ pi (Word.toInt (Word.>> (byte 0, 0w4))) ^ ", ihl " ^ pi (Word.toInt (Word.andb (byte 0, 0wxF))))
val _ = pr ("total length " ^ pi (Word.toInt (half 2)) ^ ", ttl " ^ pi (Word.toInt (byte 8)) ^ ", proto " ^ pi (Word.toInt (byte 9)))
val _ = pr ("flags " ^ pw (Word.>> (half 6, 0w13)) ^ ", fragment offset " ^ pw (Word.andb (half 6, 0wx1FFF)))
fun dotted w = String.concatWith "." (map (fn s => pi (Word.toInt (Word.andb (Word.>> (w, s), 0wxFF)))) [0w24, 0w16, 0w8, 0w0])
val _ = pr ("src " ^ dotted (word32 12) ^ ", dst " ^ dotted (word32 16))

fun checksum (start, len) =
    let fun sum (i, acc) = if i >= start + len then acc else sum (i + 2, acc + half i)
        fun fold w = if Word.>> (w, 0w16) = 0w0 then w else fold (Word.andb (w, 0wxFFFF) + Word.>> (w, 0w16))
    in Word.andb (Word.notb (fold (sum (start, 0w0))), 0wxFFFF) end
val ck = checksum (0, 20)
val _ = pr ("checksum " ^ pw ck)
val _ = Array.update (packet, 10, Word.toInt (Word.>> (ck, 0w8)))
val _ = Array.update (packet, 11, Word.toInt (Word.andb (ck, 0wxFF)))
val _ = pr ("verify after storing: " ^ pw (checksum (0, 20)))

(* a 32-bit xorshift generator *)
fun xorshift x =
    let val x = Word.andb (Word.xorb (x, Word.<< (x, 0w13)), mask32)
        val x = Word.xorb (x, Word.>> (x, 0w17))
    in Word.andb (Word.xorb (x, Word.<< (x, 0w5)), mask32) end
fun iter (0, x, acc) = rev acc
  | iter (n, x, acc) = let val y = xorshift x in iter (n - 1, y, y :: acc) end
val _ = pr ("xorshift: " ^ String.concatWith " " (map pw (iter (6, 0w2463534242, []))))

(* conversions at the edges *)
val _ = pr ("fromInt 2^40 + 5 masked: " ^ pw (Word.andb (Word.fromInt (1099511627776 + 5), mask32)))
val _ = pr ("toIntX of high bit: " ^ pi (Word.toIntX (Word.<< (0w1, 0w62))))
val _ = pr ("toInt of 2^62: " ^ (pi (Word.toInt (Word.<< (0w1, 0w62))) handle Overflow => "Overflow"))
val _ = pr ("shift by 70: " ^ pw (Word.<< (0w1, 0w70)) ^ " " ^ pw (Word.>> (mask32, 0w64)) ^ " " ^ pw (Word.~>> (Word.notb 0w0, 0w100)))
val _ = pr ("word ops: " ^ pw (Word.+ (0w1, 0w2)) ^ " " ^ pw (Word.- (0w1, 0w2)) ^ " " ^ pw (Word.* (0wx100, 0wx100)))
val _ = pr ("bytes: " ^ String.concatWith "," (List.tabulate (20, fn i => Word.toString (byte i))))
