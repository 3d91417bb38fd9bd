(* The radix constructors brought into scope unqualified by replicating
   StringCvt.radix, then used to format and scan integers and words at
   the edges of the int range in every base, matched in a case, and
   compared with the qualified names. *)
datatype radix = datatype StringCvt.radix

val bases = [BIN, OCT, DEC, HEX]
fun name BIN = "bin" | name OCT = "oct" | name DEC = "dec" | name HEX = "hex"

val edges = [valOf Int.maxInt, 255, 1, 0, ~1, ~256, valOf Int.minInt]
fun roundTrip r i = StringCvt.scanString (Int.scan r) (Int.fmt r i) = SOME i

val _ =
  List.app (fn r =>
    print (name r ^ ": " ^ String.concatWith " " (map (Int.fmt r) edges)
           ^ (if List.all (roundTrip r) edges then " (all read back)\n" else " (MISREAD)\n")))
    bases

val _ = print (Word.fmt HEX 0wxBEEF ^ " " ^ Word.fmt OCT 0w8 ^ " " ^ Word.fmt BIN 0w10 ^ "\n")
val _ = print (Bool.toString (HEX = StringCvt.HEX andalso BIN <> StringCvt.DEC) ^ "\n")
val _ = print (case StringCvt.scanString (Int.scan HEX) "~0x7fZ" of
                 SOME n => Int.toString n ^ "\n"
               | NONE => "none\n")
