(* integers to and from binary, octal and hexadecimal strings by hand,
   compared with Int.fmt / StringCvt and Word.fmt; bit counting with words *)
fun toBase (b, 0) = "0"
  | toBase (b, n) =
      let val digits = "0123456789ABCDEF"
          fun go (0, acc) = acc
            | go (k, acc) = go (k div b, String.sub (digits, k mod b) :: acc)
      in (if n < 0 then "-" else "") ^ implode (go (abs n, [])) end
exception BadDigit of char
fun digitValue c =
  if Char.isDigit c then ord c - ord #"0"
  else if c >= #"a" andalso c <= #"f" then ord c - ord #"a" + 10
  else if c >= #"A" andalso c <= #"F" then ord c - ord #"A" + 10
  else raise BadDigit c
fun fromBase (b, s) =
  foldl (fn (c, acc) => let val d = digitValue c in if d >= b then raise BadDigit c else acc * b + d end) 0 (explode s)
val nums = [0, 1, 5, 10, 255, 256, 1000, 65535, 123456789]
val _ = app (fn n => print (Int.toString n ^ ": " ^ toBase (2, n) ^ " " ^ toBase (8, n) ^ " " ^ toBase (16, n) ^ "\n")) nums
val _ = app (fn n => print (Int.fmt StringCvt.BIN n ^ " " ^ Int.fmt StringCvt.OCT n ^ " " ^ Int.fmt StringCvt.HEX n ^ "\n")) [0, 255, ~255, 4096]
val agree = List.all (fn n => toBase (16, n) = Int.fmt StringCvt.HEX n andalso toBase (2, n) = Int.fmt StringCvt.BIN n) nums
val _ = print ("agree: " ^ Bool.toString agree ^ "\n")
val _ = print (Int.toString (fromBase (2, "101010")) ^ " " ^ Int.toString (fromBase (16, "ff")) ^ " " ^ Int.toString (fromBase (16, "DeadBeef")) ^ " " ^ Int.toString (fromBase (8, "777")) ^ "\n")
val _ = print ((Int.toString (fromBase (2, "102"))) handle BadDigit c => "bad digit " ^ str c ^ "\n")
val _ = print "\n"
fun popcount (w : word) = if w = 0w0 then 0 else Word.toInt (Word.andb (w, 0w1)) + popcount (Word.>> (w, 0w1))
val _ = print (String.concatWith " " (map (fn n => Int.toString (popcount (Word.fromInt n))) [0, 1, 7, 255, 1023, 12345]) ^ "\n")
val _ = print (Word.toString 0w255 ^ " " ^ Word.fmt StringCvt.BIN 0w10 ^ " " ^ Word.fmt StringCvt.OCT 0w64 ^ " " ^ Word.fmt StringCvt.DEC 0w99 ^ "\n")
fun reverseBits8 w =
  let fun go (i, acc) = if i = 8 then acc
                        else go (i + 1, Word.orb (Word.<< (acc, 0w1), Word.andb (Word.>> (w, Word.fromInt i), 0w1)))
  in go (0, 0w0) end
val _ = print (Word.fmt StringCvt.BIN (reverseBits8 0w1) ^ " " ^ Word.fmt StringCvt.BIN (reverseBits8 0wx0F) ^ "\n")
val _ = print (Word.toString (Word.xorb (0wxFF, 0wx0F)) ^ " " ^ Word.toString (Word.notb 0w0) ^ "\n")
val _ = print (Int.toString (Word.toInt (Word.fromInt ~1 div 0w2)) ^ "\n")
val _ = case StringCvt.padLeft #"0" 8 (toBase (2, 37)) of s => print (s ^ "\n")
val _ = fromBase (16, "12g4")
