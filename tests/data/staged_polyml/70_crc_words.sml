(* Word arithmetic in generated code: a CRC-8 and a CRC-32-style checksum
   with the polynomial known at generation time (the table is computed
   then and lifted), a bit-reversal specialised to a known width by
   unrolling, and masks and shifts by known amounts; checked against the
   unstaged bitwise computation. *)
fun pr s = print (s ^ "\n")
fun hex w = Word.toString w

(* bitwise CRC, reflected, for comparison *)
fun crcBits (poly : word, width : int, init : word, bytes : int list) =
    let val mask = Word.- (Word.<< (0w1, Word.fromInt width), 0w1)
        fun step (0, c) = c
          | step (k, c) = step (k - 1, if Word.andb (c, 0w1) = 0w1 then Word.xorb (Word.>> (c, 0w1), poly) else Word.>> (c, 0w1))
        fun go ([], c) = Word.andb (Word.xorb (c, mask), mask)
          | go (b :: bs, c) = go (bs, step (8, Word.xorb (c, Word.fromInt b)))
    in go (bytes, init) end

fun tableFor (poly : word) =
    Array.tabulate (256, fn i =>
      let fun step (0, c) = c
            | step (k, c) = step (k - 1, if Word.andb (c, 0w1) = 0w1 then Word.xorb (Word.>> (c, 0w1), poly) else Word.>> (c, 0w1))
      in step (8, Word.fromInt i) end)

fun crcGen (poly : word, width : int, init : word) : [int list -> word] =
    let cogen t = lift (tableFor poly)
        cogen mask = lift (Word.- (Word.<< (0w1, Word.fromInt width), 0w1))
        cogen start = lift init
    in code (fn bytes =>
         let fun go ([], c) = Word.andb (Word.xorb (c, mask), mask)
               | go (b :: bs, c) = go (bs, Word.xorb (Word.>> (c, 0w8), Array.sub (t, Word.toInt (Word.andb (Word.xorb (c, Word.fromInt b), 0wxff)))))
         in go (bytes, start) end)
    end

(* reverse the low n bits, unrolled: one generated test per bit *)
fun reverseBits n : [word -> word] =
    let fun bit i = if i = n then code (fn (_ : word) => 0w0)
                    else let cogen rest = bit (i + 1)
                             cogen from = lift (Word.<< (0w1, Word.fromInt i))
                             cogen to = lift (Word.<< (0w1, Word.fromInt (n - 1 - i)))
                         in code (fn w => Word.orb (if Word.andb (w, from) <> 0w0 then to else 0w0, rest w)) end
    in bit 0 end

val bytesOf = map ord o explode
val inputs = ["", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog"]
val crc32 = eval (crcGen (0wxEDB88320, 32, 0wxFFFFFFFF))
val crc8 = eval (crcGen (0wx8C, 8, 0w0))
val _ = app (fn s => pr (hex (crc32 (bytesOf s)) ^ " " ^ hex (crc8 (bytesOf s)) ^
                         (if crc32 (bytesOf s) = crcBits (0wxEDB88320, 32, 0wxFFFFFFFF, bytesOf s)
                             andalso crc8 (bytesOf s) = crcBits (0wx8C, 8, 0w0, bytesOf s) then " ok" else " BAD"))) inputs
val rev8 = eval (reverseBits 8)
val rev16 = eval (reverseBits 16)
val _ = pr (String.concatWith " " (map (hex o rev8) [0w1, 0w2, 0wx80, 0wxf0, 0wxff, 0wx100]))
val _ = pr (String.concatWith " " (map (hex o rev16) [0w1, 0wx1234, 0wxffff]))
val rev62 = eval (reverseBits 62)
val _ = pr (hex (rev62 0w1) ^ " " ^ hex (rev62 (rev62 0wx123456789)))
(* shifts by known amounts beyond the word size give 0, arithmetic shift keeps the sign *)
val shifts = code (fn w => (Word.<< (w, 0w63), Word.>> (w, 0w70), Word.~>> (w, 0w100), Word.~>> (Word.<< (0w1, 0w62), 0w61)))
val _ = case eval shifts 0wx5 of (a, b, c, d) => pr (hex a ^ " " ^ hex b ^ " " ^ hex c ^ " " ^ hex d)
