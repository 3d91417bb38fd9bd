(* Checksums in 63-bit words masked to 32 bits: table-driven CRC-32 (reflected, polynomial
   0wxEDB88320) checked against its published value for "123456789", Adler-32, FNV-1a 32-bit,
   a Fletcher-16, a Luhn digit check, and an incremental CRC over chunks equal to the whole *)
val mask32 = 0wxFFFFFFFF
fun hex32 w = StringCvt.padLeft #"0" 8 (Word.fmt StringCvt.HEX w)
fun byte c = Word.fromInt (ord c)

val crcTable =
    Vector.tabulate (256, fn n =>
        let fun go (c, 0) = c
              | go (c, k) = go (if Word.andb (c, 0w1) <> 0w0 then Word.xorb (0wxEDB88320, Word.>> (c, 0w1)) else Word.>> (c, 0w1), k - 1)
        in go (Word.fromInt n, 8) end)

fun crcUpdate (crc, s) =
    CharVector.foldl (fn (c, crc) =>
        Word.xorb (Vector.sub (crcTable, Word.toInt (Word.andb (Word.xorb (crc, byte c), 0wxFF))), Word.>> (crc, 0w8))) crc s
fun crc32 s = Word.xorb (crcUpdate (mask32, s), mask32)

fun adler32 s =
    let val (a, b) = CharVector.foldl (fn (c, (a, b)) => let val a = (a + byte c) mod 0w65521 in (a, (b + a) mod 0w65521) end) (0w1, 0w0) s
    in Word.orb (Word.<< (b, 0w16), a) end

fun fnv1a s =
    CharVector.foldl (fn (c, h) => Word.andb (Word.xorb (h, byte c) * 0w16777619, mask32)) 0wx811C9DC5 s

fun fletcher16 s =
    let val (a, b) = CharVector.foldl (fn (c, (a, b)) => let val a = (a + byte c) mod 0w255 in (a, (b + a) mod 0w255) end) (0w0, 0w0) s
    in Word.orb (Word.<< (b, 0w8), a) end

fun luhn digits =
    let val ds = rev (map (fn c => ord c - ord #"0") (List.filter Char.isDigit (explode digits)))
        fun go ([], _, acc) = acc
          | go (d :: rest, double, acc) =
            let val v = if double then (if d * 2 > 9 then d * 2 - 9 else d * 2) else d
            in go (rest, not double, acc + v) end
    in go (ds, false, 0) mod 10 = 0 end

val inputs = ["", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog", "\000\255\128\001",
              CharVector.tabulate (1000, fn i => chr (i mod 256))]
val _ = List.app (fn s =>
            print ((if size s > 20 then String.substring (String.toString s, 0, 20) ^ "..." else String.toString s) ^ ": crc32 " ^ hex32 (crc32 s) ^
                   " adler32 " ^ hex32 (adler32 s) ^ " fnv1a " ^ hex32 (fnv1a s) ^ " fletcher16 " ^
                   StringCvt.padLeft #"0" 4 (Word.fmt StringCvt.HEX (fletcher16 s)) ^ "\n")) inputs
val _ = print ("crc32 check value is CBF43926: " ^ Bool.toString (crc32 "123456789" = 0wxCBF43926) ^ "\n")

(* CRC over chunks, carried between updates, equals the CRC of the whole *)
val text = String.concat (List.tabulate (50, fn i => Int.toString (i * i) ^ ","))
fun chunks (s, k) = if size s <= k then [s] else String.substring (s, 0, k) :: chunks (String.extract (s, k, NONE), k)
val _ = List.app (fn k =>
            let val crc = Word.xorb (foldl (fn (c, acc) => crcUpdate (acc, c)) mask32 (chunks (text, k)), mask32)
            in print ("chunks of " ^ Int.toString k ^ ": " ^ hex32 crc ^ (if crc = crc32 text then " same" else " DIFFERENT") ^ "\n") end)
          [1, 7, 64, size text]
(* every value stays within 32 bits *)
val _ = print ("all below 2^32: " ^ Bool.toString (List.all (fn s => crc32 s <= mask32 andalso fnv1a s <= mask32 andalso adler32 s <= mask32) inputs) ^ "\n")
val _ = List.app (fn d => print (d ^ " luhn " ^ Bool.toString (luhn d) ^ "\n")) ["79927398713", "79927398710", "4539 1488 0343 6467", "0", ""]
(* a one-bit change in the input changes about half the bits of the CRC *)
fun popcount 0w0 = 0 | popcount w = 1 + popcount (Word.andb (w, w - 0w1))
val flips = List.tabulate (8, fn b => popcount (Word.xorb (crc32 "checksum", crc32 (String.map (fn #"k" => chr (Word.toInt (Word.xorb (byte #"k", Word.<< (0w1, Word.fromInt b)))) | c => c) "checksum"))))
val _ = print ("bits changed by flipping each bit of 'k': " ^ String.concatWith " " (map Int.toString flips) ^ "\n")
