(* Word bit-twiddling: popcount three ways, bit reversal, rotations,
   a CRC-32-like checksum loop and parity, printed in hex and binary. *)
fun popNaive (w : word) =
    let fun go (0w0, n) = n
          | go (x, n) = go (Word.>> (x, 0w1), n + Word.toInt (Word.andb (x, 0w1)))
    in go (w, 0) end

fun popKernighan w =
    let fun go (0w0, n) = n
          | go (x, n) = go (Word.andb (x, x - 0w1), n + 1)
    in go (w, 0) end

val table = Vector.tabulate (256, fn i => popNaive (Word.fromInt i))
fun popTable w =
    let fun go (0w0, n) = n
          | go (x, n) = go (Word.>> (x, 0w8), n + Vector.sub (table, Word.toInt (Word.andb (x, 0wxFF))))
    in go (w, 0) end

fun bin w =
    let fun go (0w0, []) = "0"
          | go (0w0, acc) = implode acc
          | go (x, acc) = go (Word.>> (x, 0w1), (if Word.andb (x, 0w1) = 0w1 then #"1" else #"0") :: acc)
    in go (w, []) end

val samples = [0w0, 0w1, 0w255, 0w256, 0wxDEADBEEF, 0wx7FFFFFFF, Word.notb 0w0, 0wx4000000000000000 div 0w2]
val _ = app (fn w => print (StringCvt.padLeft #" " 18 (Word.toString w) ^ " pop "
                            ^ Int.toString (popNaive w) ^ "/" ^ Int.toString (popKernighan w)
                            ^ "/" ^ Int.toString (popTable w) ^ "\n")) samples

fun reverse32 w =
    let fun go (0, _, acc) = acc
          | go (k, x, acc) = go (k - 1, Word.>> (x, 0w1), Word.orb (Word.<< (acc, 0w1), Word.andb (x, 0w1)))
    in go (32, w, 0w0) end
val mask32 = 0wxFFFFFFFF
fun rotl32 (w, k) = Word.andb (Word.orb (Word.<< (w, k), Word.>> (Word.andb (w, mask32), 0w32 - k)), mask32)

val _ = print ("reverse 1 = " ^ Word.toString (reverse32 0w1) ^ ", reverse 0x0F0F = " ^ Word.toString (reverse32 0wx0F0F) ^ "\n")
val _ = print ("rotl 0x80000001 by 4 = " ^ Word.toString (rotl32 (0wx80000001, 0w4)) ^ "\n")
val _ = print ("bin 0xA5 = " ^ bin 0wxA5 ^ ", fmt OCT = " ^ Word.fmt StringCvt.OCT 0wxA5 ^ ", DEC = " ^ Word.fmt StringCvt.DEC 0wxA5 ^ "\n")

fun crcByte (crc, byte) =
    let
      val c = ref (Word.xorb (crc, Word.fromInt byte))
      val k = ref 0
    in
      while !k < 8 do
        (c := (if Word.andb (!c, 0w1) = 0w1 then Word.xorb (Word.>> (!c, 0w1), 0wxEDB88320)
               else Word.>> (!c, 0w1));
         k := !k + 1);
      !c
    end
fun crc32 s = Word.xorb (CharVector.foldl (fn (ch, c) => crcByte (c, ord ch)) mask32 s, mask32)
val _ = app (fn s => print ("crc32 \"" ^ s ^ "\" = " ^ Word.toString (crc32 s) ^ "\n"))
            ["", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog"]

fun parity w = popKernighan w mod 2
val _ = print ("parities: " ^ String.concatWith "" (List.tabulate (32, fn i => Int.toString (parity (Word.fromInt i)))) ^ "\n")

(* signed vs unsigned views *)
val minus1 = Word.fromInt ~1
val _ = print ("~1 as word: " ^ Word.toString minus1 ^ ", toIntX: " ^ Int.toString (Word.toIntX minus1) ^ "\n")
val _ = print ("~>> : " ^ Word.toString (Word.~>> (minus1, 0w10)) ^ "  >> : " ^ Word.toString (Word.>> (minus1, 0w10)) ^ "\n")
val _ = print ("shift by 70: " ^ Word.toString (Word.<< (0w1, 0w70)) ^ " " ^ Word.toString (Word.~>> (minus1, 0w70)) ^ "\n")
val _ = print ("word wrap: " ^ Word.toString (0w0 - 0w1 + 0w2) ^ " " ^ Word.toString (Word.~ 0w5) ^ "\n")
val _ = print ("from strings: " ^ String.concatWith " " (map (fn s => case Word.fromString s of SOME w => Word.toString w | NONE => "-")
                                                    ["ff", "0wx10", "zz", "12abc"]) ^ "\n")
val _ = print ("compare: " ^ (case Word.compare (0w3, minus1) of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER") ^ "\n")
val _ = print ("gray codes: " ^ String.concatWith " " (List.tabulate (8, fn i => let val w = Word.fromInt i in bin (Word.xorb (w, Word.>> (w, 0w1))) end)) ^ "\n")
val _ = print ("wordSize " ^ Int.toString Word.wordSize ^ "\n")
val _ = print (Int.toString (Word.toInt minus1) ^ "\n")
