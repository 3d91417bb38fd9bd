(* literals at the limits of their types: int and word constants in decimal
   and hexadecimal at the 63-bit bounds, char and string escapes, gaps,
   and constant patterns at the same bounds *)
fun sI (x : int) = Int.toString x
fun sW (x : word) = "0wx" ^ Word.toString x
val _ = print (String.concatWith " " (map sI [0x3FFFFFFFFFFFFFFF, ~0x4000000000000000, 0xa, 0xAbC, ~0, 4611686018427387903, ~4611686018427387904, 00012, ~0x0]) ^ "\n")
val _ = print (String.concatWith " " (map sW [0wx7FFFFFFFFFFFFFFF, 0w9223372036854775807, 0wxabc, 0w0, 0wx0, 0w00012]) ^ "\n")
val _ = print (String.concatWith " " (map (fn c => Int.toString (ord c)) [#"\255", #"\^@", #"\^_", #"\^Z", #"\u00ff", #"\000", #"\t", #"\127", #" "]) ^ "\n")
val _ = print (String.toString "a\   \b\u0041\^A\255\"\\" ^ "\n")
val _ = print (String.toString "\
\x\n\
\" ^ "|\n")
fun m ~4611686018427387904 = "min" | m 4611686018427387903 = "max" | m 0 = "zero" | m ~1 = "m1" | m _ = "other"
val _ = print (String.concatWith " " (map m [valOf Int.minInt, valOf Int.maxInt, 0, ~1, 5]) ^ "\n")
fun w 0wx7FFFFFFFFFFFFFFF = "maxw" | w 0wx4000000000000000 = "top" | w 0w0 = "z" | w _ = "o"
val _ = print (String.concatWith " " (map w [Word.notb 0w0, 0wx4000000000000000, 0w0, 0w3]) ^ "\n")
fun c #"\255" = "ff" | c #"\128" = "80" | c #"\000" = "00" | c _ = "o"
val _ = print (String.concatWith " " (map c [chr 255, chr 128, chr 0, #"a"]) ^ "\n")
fun s "\255\000" = 1 | s "" = 2 | s "\128" = 3 | s _ = 4
val _ = print (String.concatWith " " (map (sI o s) ["\255\000", "", "\128", "\255"]) ^ "\n")
val _ = print (sI (~ 3) ^ sI (~3) ^ sI (0 - 3) ^ "\n")
val _ = print (Int.toString (valOf Int.maxInt) ^ " " ^ Int.toString (~(valOf Int.maxInt) - 1) ^ "\n")
val _ = print (Word.toString (Word.fromInt ~1) ^ " " ^ Int.toString (Word.toIntX 0wx4000000000000000) ^ "\n")
val _ = print (Word.toString (~ 0wx4000000000000000) ^ " " ^ Word.toString (~ 0w0) ^ "\n")
