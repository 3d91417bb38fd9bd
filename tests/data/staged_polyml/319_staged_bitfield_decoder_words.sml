(* Bit-field extraction specialised to a layout: a layout lists fields
   (name, width); the generator computes shifts and masks at generation
   time and emits code with them as word constants; shifts of 63 or more
   give 0 as in SML. Packing, unpacking, and a checksum run many times. *)
type layout = (string * int) list

exception Layout of string

fun check (l : layout) =
  let val total = foldl (fn ((_, w), s) => if w <= 0 then raise Layout "empty field" else s + w) 0 l
  in if total > Word.wordSize then raise Layout ("too wide: " ^ Int.toString total) else total end

(* generic: fields from the low bits up *)
fun unpack (l : layout) (w : word) =
  #1 (foldl (fn ((name, bits), (acc, sh)) =>
               ((name, Word.toInt (Word.andb (Word.>> (w, sh), Word.<< (0w1, Word.fromInt bits) - 0w1))) :: acc,
                sh + Word.fromInt bits)) ([], 0w0) l)

fun genUnpack (l : layout) : [word -> int list] =
  let val _ = check l
      fun fields ([], _) = code (fn w => [])
        | fields ((_, bits) :: rest, sh) =
            let cogen k = fields (rest, sh + Word.fromInt bits)
                cogen mask = lift (Word.<< (0w1, Word.fromInt bits) - 0w1)
                cogen shift = lift sh
            in if sh = 0w0 then code (fn w => Word.toInt (Word.andb (w, mask)) :: k w)
               else code (fn w => Word.toInt (Word.andb (Word.>> (w, shift), mask)) :: k w)
            end
  in fields (l, 0w0) end

fun genPack (l : layout) : [int list -> word] =
  let val _ = check l
      fun fields ([], _) = code (fn xs => case xs of [] => 0w0 | _ => raise Layout "too many values")
        | fields ((name, bits) :: rest, sh) =
            let cogen k = fields (rest, sh + Word.fromInt bits)
                cogen limit = lift (Word.<< (0w1, Word.fromInt bits))
                cogen shift = lift sh
                cogen n = lift name
            in code (fn xs =>
                 case xs of
                     [] => raise Layout ("missing " ^ n)
                   | x :: more =>
                       let val w = Word.fromInt x
                       in if x < 0 orelse w >= limit then raise Layout (n ^ " out of range: " ^ Int.toString x)
                          else Word.orb (Word.<< (w, shift), k more) end)
            end
  in fields (l, 0w0) end

val ipv4ish : layout = [("version", 4), ("ihl", 4), ("tos", 8), ("length", 16), ("ttl", 8), ("proto", 8)]
val rgb565 : layout = [("b", 5), ("g", 6), ("r", 5)]
val wide : layout = [("lo", 31), ("hi", 32)]

fun showInts xs = String.concatWith "," (map Int.toString xs)

val _ = app (fn (name, l) =>
  let val up = eval (genUnpack l) val pk = eval (genPack l)
      val samples = [0w0, 0wxFFFF, 0wx123456789AB, 0wx7FFFFFFFFFFFFFFF, 0wx4500003C4006]
      val rows = map (fn w => let val fs = up w val generic = rev (map #2 (unpack l w))
                                  val back = pk fs
                              in showInts fs ^ (if fs = generic then "" else " GENERIC " ^ showInts generic)
                                 ^ " -> " ^ Word.toString back end) samples
  in print (name ^ " (" ^ Int.toString (check l) ^ " bits):\n  " ^ String.concatWith "\n  " rows ^ "\n") end)
  [("ipv4ish", ipv4ish), ("rgb565", rgb565), ("wide", wide)]

val pk = eval (genPack rgb565)
val _ = app (fn xs => print (showInts xs ^ " => " ^ (Word.toString (pk xs) handle Layout m => "error: " ^ m) ^ "\n"))
  [[31, 63, 31], [0, 64, 0], [1, 2], [1, 2, 3, 4], [~1, 0, 0]]
val _ = (ignore (genUnpack [("a", 40), ("b", 30)]); print "generated\n") handle Layout m => print ("layout: " ^ m ^ "\n")
val _ = (ignore (genPack [("a", 0)]); print "generated\n") handle Layout m => print ("layout: " ^ m ^ "\n")

(* shifts at and past the word size, at both stages *)
val shifts = [0w0, 0w1, 0w62, 0w63, 0w64, 0w100]
fun genShift s : [word -> word * word * word] = let cogen s' = lift s in code (fn w => (Word.<< (w, s'), Word.>> (w, s'), Word.~>> (w, s'))) end
val _ = app (fn s => let val (a, b, c) = eval (genShift s) 0wx4000000000000001
                         val (a', b', c') = (Word.<< (0wx4000000000000001, s), Word.>> (0wx4000000000000001, s), Word.~>> (0wx4000000000000001, s))
                     in print (Word.toString s ^ ": " ^ Word.toString a ^ " " ^ Word.toString b ^ " " ^ Word.toString c
                               ^ (if (a, b, c) = (a', b', c') then "" else " DIFFERS") ^ "\n") end) shifts

(* a checksum over many packed records *)
val up = eval (genUnpack ipv4ish)
val pk4 = eval (genPack ipv4ish)
val sum = List.foldl (fn (i, acc) => let val w = pk4 [4, 5, i mod 256, i * 7 mod 65536, 64, 6] in acc + foldl op+ 0 (up w) end) 0 (List.tabulate (3000, fn i => i))
val _ = print ("checksum " ^ Int.toString sum ^ "\n")
val _ = pk4 [4, 5, 0, 70000, 64, 6]
