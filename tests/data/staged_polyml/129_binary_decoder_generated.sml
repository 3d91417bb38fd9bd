(* A decoder of binary records generated from a format: the format is a
   list of fields (unsigned bytes, 16- and 32-bit words in either byte
   order, fixed-length strings, skipped bytes, a length-prefixed string,
   a checksum over what came before), folded from the right into one
   generated function over the input string and an offset. Reading past
   the end raises an exception carrying the field's name and offset from
   generated code; a bad checksum raises another; a format with a zero
   width is refused at generation time. Word arithmetic in generated
   code (shifts, masks, orb) and at generation time. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype field = U8 of string | U16 of string * bool | U32 of string * bool | Text of string * int
               | Skip of int | Counted of string | Checksum
datatype value = W of word | S of string
exception Short of string * int
exception BadSum of word * word
exception BadFormat of string

fun byte (s, i, name) = Word.fromInt (ord (String.sub (s, i))) handle Subscript => raise Short (name, i)
fun fieldName (U8 n) = n | fieldName (U16 (n, _)) = n | fieldName (U32 (n, _)) = n
  | fieldName (Text (n, _)) = n | fieldName (Skip k) = "skip" ^ pi k | fieldName (Counted n) = n
  | fieldName Checksum = "checksum"

(* read k bytes as a word, big- or little-endian: the loop is unrolled at generation time *)
fun readWord (k : int, big : bool, name : string) : [string * int -> word] =
  let cogen nm = lift name
      fun go (j : int) (acc : [string * int -> word]) : [string * int -> word] =
        if j = k then acc
        else let cogen prev = acc
                 cogen shift = lift (Word.fromInt (8 * (if big then k - 1 - j else j)))
                 cogen off = lift j
             in go (j + 1) (code (fn (s, i) => Word.orb (prev (s, i), Word.<< (byte (s, i + off, nm), shift)))) end
  in go 0 (code (fn _ => 0w0)) end

type decoder = [string * int * (string * value) list -> (string * value) list]
fun compile (format : field list) : decoder =
  foldr (fn (f, rest : decoder) =>
           let cogen k = rest
               cogen nm = lift (fieldName f)
           in case f of
                  U8 _ => code (fn (s, i, acc) => k (s, i + 1, (nm, W (byte (s, i, nm))) :: acc))
                | U16 (_, big) => let cogen r = readWord (2, big, fieldName f) in code (fn (s, i, acc) => k (s, i + 2, (nm, W (r (s, i))) :: acc)) end
                | U32 (_, big) => let cogen r = readWord (4, big, fieldName f) in code (fn (s, i, acc) => k (s, i + 4, (nm, W (r (s, i))) :: acc)) end
                | Text (_, 0) => raise BadFormat (fieldName f ^ " has width 0")
                | Text (_, w) =>
                    let cogen width = lift w in
                    code (fn (s, i, acc) => k (s, i + width, (nm, S (String.substring (s, i, width) handle Subscript => raise Short (nm, i))) :: acc)) end
                | Skip n => if n <= 0 then raise BadFormat "skip of nothing" else let cogen m = lift n in code (fn (s, i, acc) => k (s, i + m, acc)) end
                | Counted _ =>
                    code (fn (s, i, acc) =>
                            let val len = Word.toInt (byte (s, i, nm))
                                val text = String.substring (s, i + 1, len) handle Subscript => raise Short (nm, i + 1)
                            in k (s, i + 1 + len, (nm, S text) :: acc) end)
                | Checksum =>
                    code (fn (s, i, acc) =>
                            let val sum = CharVector.foldl (fn (c, a) => Word.andb (a + Word.fromInt (ord c), 0wxFF)) 0w0 (String.substring (s, 0, i))
                                val stored = byte (s, i, nm)
                            in if sum = stored then k (s, i + 1, acc) else raise BadSum (sum, stored) end)
           end)
        (code (fn (_, _, acc) => rev acc)) format

fun showValue (W w) = "0x" ^ Word.toString w
  | showValue (S s) = String.toString s
fun decode (d : string -> (string * value) list) (label, input) =
  pr (label ^ ": " ^ (String.concatWith ", " (map (fn (n, v) => n ^ "=" ^ showValue v) (d input))
                      handle Short (n, at) => "short input in " ^ n ^ " at " ^ pi at
                           | BadSum (a, b) => "checksum " ^ Word.toString a ^ " <> " ^ Word.toString b))

val header = [U8 "version", U16 ("length", true), U32 ("id", false), Text ("tag", 3), Skip 1, Counted "name", Checksum]
val headerDecoder = let cogen d = compile header in eval (code (fn s => d (s, 0, []))) end
fun withSum s = s ^ String.str (chr (CharVector.foldl (fn (c, a) => (a + ord c) mod 256) 0 s))
val good = withSum ("\001\001\002\120\086\052\018ABC\000\005hello")
val () = app (decode headerDecoder)
  [("good", good), ("bad checksum", String.substring (good, 0, size good - 1) ^ "\000"),
   ("short in id", "\001\000\010\255"), ("short name", "\002\000\000\000\000\000\000xyz\000\009ab"),
   ("high bytes", withSum "\255\255\255\255\255\255\255\255\255\255\000\000")]

val little = let cogen r = readWord (4, false, "le") cogen b = readWord (4, true, "be") in eval (code (fn s => (r (s, 0), b (s, 0)))) end
val () = app (fn s => let val (l, b) = little s in pr (Word.toString l ^ " " ^ Word.toString b) end) ["\001\002\003\004", "\255\000\000\128"]
val () = pr ((ignore (compile [U8 "a", Text ("t", 0)]); "compiled") handle BadFormat m => "refused: " ^ m)
val () = pr ((ignore (compile [Skip 0]); "compiled") handle BadFormat m => "refused: " ^ m)
