(* Word arithmetic and character classification: a 32-bit hash (FNV-1a
   and a rotate-xor mix) kept in range with andb, popcount and bit
   reversal by shifts, arithmetic shifts of values with bit 62 set,
   Word.fromInt of negative ints, toIntX, word comparisons around the
   top bit, and every classifier of Char over all 256 characters, as
   counts and as the list of members in ranges. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun pw w = "0wx" ^ Word.toString w

val mask32 = 0wxFFFFFFFF
fun fnv1a s = CharVector.foldl (fn (c, h) => Word.andb (Word.* (Word.xorb (h, Word.fromInt (ord c)), 0wx01000193), mask32)) 0wx811C9DC5 s
val () = app (fn s => pr ("fnv1a " ^ String.toString s ^ " = " ^ pw (fnv1a s))) ["", "a", "foobar", "\000\255", "The quick brown fox"]

fun rotl32 (w, k) = Word.andb (Word.orb (Word.<< (w, k), Word.>> (w, 0w32 - k)), mask32)
fun mix (h, w) = rotl32 (Word.xorb (h, w), 0w13) + 0wx9E3779B9
val mixed = foldl (fn (n, h) => Word.andb (mix (h, Word.fromInt n), mask32)) 0w0 (List.tabulate (50, fn i => i * i))
val () = pr ("mixed = " ^ pw mixed)

fun popcount 0w0 = 0
  | popcount w = Word.toInt (Word.andb (w, 0w1)) + popcount (Word.>> (w, 0w1))
fun reverseBits (w, bits) =
    let fun go (0, _, acc) = acc
          | go (k, v, acc) = go (k - 1, Word.>> (v, 0w1), Word.orb (Word.<< (acc, 0w1), Word.andb (v, 0w1)))
    in go (bits, w, 0w0) end
val () = pr ("popcounts: " ^ String.concatWith " " (map (pi o popcount) [0w0, 0w1, 0wxFF, 0wx7FFFFFFFFFFFFFFF, 0wx5555555555555555]))
val () = pr ("reversed: " ^ String.concatWith " " (map (fn w => pw (reverseBits (w, 16))) [0w1, 0wx8000, 0wx1234, 0wxF0F0]))

(* the top bit (bit 62) and arithmetic shifts *)
val top = Word.<< (0w1, 0w62)
val () = pr ("top = " ^ pw top ^ ", ~>> 4 = " ^ pw (Word.~>> (top, 0w4)) ^ ", >> 4 = " ^ pw (Word.>> (top, 0w4)))
val () = pr ("~>> 62 of top = " ^ pw (Word.~>> (top, 0w62)) ^ ", ~>> 100 = " ^ pw (Word.~>> (top, 0w100)) ^ ", << 63 = " ^ pw (Word.<< (0w1, 0w63)))
val () = pr ("fromInt ~1 = " ^ pw (Word.fromInt ~1) ^ ", toIntX = " ^ pi (Word.toIntX (Word.fromInt ~1)))
val () = pr ("fromInt minInt = " ^ pw (Word.fromInt (valOf Int.minInt)) ^ ", toIntX back = " ^ pi (Word.toIntX (Word.fromInt (valOf Int.minInt))))
val () = pr ("toInt top: " ^ ((pi (Word.toInt top)) handle Overflow => "Overflow") ^ ", toInt (top - 1) = " ^ pi (Word.toInt (top - 0w1)))
val () = pr ("compare around top: " ^ String.concatWith " " (map Bool.toString [top > top - 0w1, top < 0w0 - 0w1, 0w0 - 0w1 > top, Word.fromInt ~1 = 0w0 - 0w1]))
val () = pr ("wrap: " ^ pw (0wx7FFFFFFFFFFFFFFF + 0w2) ^ " " ^ pw (0w3 - 0w5) ^ " " ^ pw (0wx4000000000000000 * 0w2) ^ " " ^ pw (0w0 - 0w1 div 0w3))
val () = pr ("div/mod: " ^ pw (0w100 div 0w7) ^ " " ^ pw (0w100 mod 0w7) ^ " " ^ ((pw (0w1 div 0w0)) handle Div => "Div") ^ " " ^ ((pw (0w1 mod 0w0)) handle Div => "Div"))
val () = pr ("notb 0 = " ^ pw (Word.notb 0w0) ^ ", notb top = " ^ pw (Word.notb top) ^ ", ~ 0w5 = " ^ pw (~ 0w5))
val () = pr ("Word.fmt: " ^ Word.fmt StringCvt.BIN 0w10 ^ " " ^ Word.fmt StringCvt.OCT 0w64 ^ " " ^ Word.fmt StringCvt.DEC 0w1000 ^ " " ^ Word.fmt StringCvt.HEX 0wxABC)
val () = pr ("fromString: " ^ String.concatWith " " (map (fn s => case Word.fromString s of NONE => "NONE" | SOME w => pw w) ["ff", "0wx10", "0x10", "  1F", "g", "7FFFFFFFFFFFFFFF"]))

(* char classification over all 256 characters *)
val all = List.tabulate (256, chr)
fun count p = length (List.filter p all)
val classes = [("alpha", Char.isAlpha), ("digit", Char.isDigit), ("alnum", Char.isAlphaNum), ("space", Char.isSpace),
               ("upper", Char.isUpper), ("lower", Char.isLower), ("hex", Char.isHexDigit), ("punct", Char.isPunct),
               ("graph", Char.isGraph), ("print", Char.isPrint), ("cntrl", Char.isCntrl), ("ascii", Char.isAscii)]
val () = pr ("counts: " ^ String.concatWith " " (map (fn (n, p) => n ^ "=" ^ pi (count p)) classes))
(* members as ranges of codes *)
fun ranges p =
    let fun go (i, start, acc) =
            if i > 256 then rev acc
            else if i < 256 andalso p (chr i) then go (i + 1, case start of NONE => SOME i | s => s, acc)
            else go (i + 1, NONE, case start of NONE => acc | SOME s => (if s = i - 1 then pi s else pi s ^ "-" ^ pi (i - 1)) :: acc)
    in String.concatWith "," (go (0, NONE, [])) end
val () = app (fn (n, p) => pr (n ^ ": " ^ ranges p)) classes
val () = pr ("toUpper/toLower changed: " ^ pi (count (fn c => Char.toUpper c <> c)) ^ " " ^ pi (count (fn c => Char.toLower c <> c)))
val () = pr ("toString of controls: " ^ String.concat (map Char.toString [#"\000", #"\t", #"\n", #"\127", #"\128", #"\255", #"\"", #"\\", #"a"]))
val () = pr ("toCString: " ^ String.concat (map Char.toCString [#"\000", #"\t", #"?", #"'", #"\"", #"\200", #"a"]))
val () = pr ("succ/pred: " ^ Char.toString (Char.succ #"a") ^ " " ^ Char.toString (Char.pred #"\001") ^ " "
             ^ ((Char.toString (Char.succ #"\255")) handle Chr => "Chr") ^ " " ^ ((Char.toString (Char.pred #"\000")) handle Chr => "Chr"))
val () = pr ("contains: " ^ Bool.toString (Char.contains "aeiou" #"e") ^ " " ^ Bool.toString (Char.notContains "" #"x")
             ^ " compare: " ^ (case Char.compare (#"\255", #"a") of GREATER => "GREATER" | LESS => "LESS" | EQUAL => "EQUAL"))
