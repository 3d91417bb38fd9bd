(* Extreme ints, words, chars and strings lifted into generated code and written as literals under code *)
fun say s = print (s ^ "\n")
val SOME mn = Int.minInt
val SOME mx = Int.maxInt
val ints = [mn, mn + 1, ~4294967296, ~2147483649, ~1, 0, 1, 255, 65535, 2147483647, 2147483648, 4294967296, mx - 1, mx]
val lifted = map (fn n => lift n) ints
val _ = say (String.concatWith " " (map (fn c => Int.toString (eval c)) lifted))
val sumc = List.foldl (fn (c, acc) => let cogen x = c cogen a = acc in code ((x div 3) + a mod 1000000007) end) (code 0) lifted
val _ = say (Int.toString (eval sumc))
val litc = code (~4611686018427387904, 4611686018427387903, 0wx7FFFFFFFFFFFFFFF, 0w0, #"\255", "\000\255")
val (a, b, c, d, e, f) = eval litc
val _ = say (Int.toString a ^ " " ^ Int.toString b ^ " " ^ Word.toString c ^ " " ^ Word.toString d ^ " " ^ Int.toString (ord e) ^ " " ^ Int.toString (size f))
val words = [0w0, 0w1, 0wxFF, 0wxFFFFFFFF, 0wx100000000, 0wx3FFFFFFFFFFFFFFF, 0wx4000000000000000, 0wx7FFFFFFFFFFFFFFF]
val _ = say (String.concatWith " " (map (fn w => Word.toString (eval (lift w))) words))
fun shiftc k = let cogen kk = lift (Word.fromInt k) in code (fn w => (Word.<< (w, kk), Word.>> (w, kk), Word.~>> (w, kk))) end
val _ = List.app (fn k => let val (x, y, z) = (eval (shiftc k)) 0wx4000000000000001 in say (Int.toString k ^ ": " ^ Word.toString x ^ " " ^ Word.toString y ^ " " ^ Word.toString z) end) [0, 1, 62, 63, 64, 127]
val ovc = code (fn x => (x + 1) handle Overflow => ~1)
val _ = say (Int.toString ((eval ovc) mx) ^ " " ^ Int.toString ((eval ovc) 5))
val negc = let cogen m = lift mn in code ((~ m) handle Overflow => 42) end
val _ = say (Int.toString (eval negc))
val strs = ["", "\n\t\\\"", "\000\001\127\128\255", CharVector.tabulate (300, fn i => chr (i mod 256))]
val _ = say (String.concatWith "|" (map (fn s => Int.toString (size (eval (lift s))) ^ ":" ^ Int.toString (CharVector.foldl (fn (ch, acc) => (acc * 31 + ord ch) mod 1000003) 0 (eval (lift s)))) strs))
