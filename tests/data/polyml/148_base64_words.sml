(* base64 encoding and decoding with word bit operations, a simple
   checksum (adler-32 style with mod), and a xorshift generator on words *)
val alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
fun sextet (w, shift) = String.sub (alphabet, Word.toInt (Word.andb (Word.>> (w, Word.fromInt shift), 0wx3F)))
fun encode s =
  let fun go [] = []
        | go [a] = let val w = Word.<< (Word.fromInt (ord a), 0w16)
                   in [sextet (w, 18), sextet (w, 12), #"=", #"="] end
        | go [a, b] = let val w = Word.orb (Word.<< (Word.fromInt (ord a), 0w16), Word.<< (Word.fromInt (ord b), 0w8))
                      in [sextet (w, 18), sextet (w, 12), sextet (w, 6), #"="] end
        | go (a :: b :: c :: rest) =
            let val w = Word.orb (Word.orb (Word.<< (Word.fromInt (ord a), 0w16), Word.<< (Word.fromInt (ord b), 0w8)), Word.fromInt (ord c))
            in sextet (w, 18) :: sextet (w, 12) :: sextet (w, 6) :: sextet (w, 0) :: go rest end
  in implode (go (explode s)) end
exception BadInput of char
fun value c =
  case List.find (fn i => String.sub (alphabet, i) = c) (List.tabulate (64, fn i => i)) of
    SOME i => Word.fromInt i
  | NONE => raise BadInput c
fun decode s =
  let fun byte (w, shift) = chr (Word.toInt (Word.andb (Word.>> (w, Word.fromInt shift), 0wxFF)))
      fun quad (a, b, c, d) = Word.orb (Word.orb (Word.<< (value a, 0w18), Word.<< (value b, 0w12)), Word.orb (Word.<< (value c, 0w6), value d))
      fun go [] = []
        | go [a, b, #"=", #"="] = [byte (quad (a, b, #"A", #"A"), 16)]
        | go [a, b, c, #"="] = let val w = quad (a, b, c, #"A") in [byte (w, 16), byte (w, 8)] end
        | go (a :: b :: c :: d :: rest) = let val w = quad (a, b, c, d) in byte (w, 16) :: byte (w, 8) :: byte (w, 0) :: go rest end
        | go (c :: _) = raise BadInput c
  in implode (go (explode s)) end
val samples = ["", "f", "fo", "foo", "foob", "fooba", "foobar", "Many hands make light work.", "\000\255\128"]
val _ = app (fn s => let val e = encode s in print ("\"" ^ e ^ "\" " ^ Bool.toString (decode e = s) ^ "\n") end) samples
val _ = print (decode "SGVsbG8sIFdvcmxkIQ==" ^ "\n")
val _ = print ((decode "ab!d") handle BadInput c => "bad input " ^ Char.toString c ^ "\n")
fun adler s =
  let val (a, b) = foldl (fn (c, (a, b)) => let val a' = (a + ord c) mod 65521 in (a', (b + a') mod 65521) end) (1, 0) (explode s)
  in b * 65536 + a end
val _ = print (Int.toString (adler "Wikipedia") ^ " " ^ Word.toString (Word.fromInt (adler "Wikipedia")) ^ "\n")
val state = ref 0w88172645463325252
fun xorshift () =
  let val x = !state
      val x = Word.xorb (x, Word.<< (x, 0w13))
      val x = Word.xorb (x, Word.>> (x, 0w7))
      val x = Word.xorb (x, Word.<< (x, 0w17))
  in state := x; x end
val _ = print (String.concatWith " " (List.tabulate (5, fn _ => Word.toString (Word.mod (xorshift (), 0w1000)))) ^ "\n")
val _ = print (Word.toString (Word.~>> (Word.notb 0w0, 0w60)) ^ " " ^ Word.toString (Word.>> (Word.notb 0w0, 0w60)) ^ "\n")
val _ = decode "abc"
