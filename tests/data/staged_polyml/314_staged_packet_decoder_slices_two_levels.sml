(* A packet decoder compiled from its format: each field (a name and a
   width in bytes) becomes generated code that cuts its subslice out of
   an ArraySlice of bytes and folds it big-endian, the offsets computed
   at generation time; a short packet raises Subscript inside the
   generated code, which the caller handles. A two-level generator takes
   the format at the first stage and the header length at the second,
   and the generated decoders walk a buffer of several packets, each a
   slice of the one buffer (getItem reads the length byte). Generated
   checksums use VectorSlice.foldli and findi over a lifted vector of
   weights, and the decoded fields are written back through
   ArraySlice.update into the shared buffer. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showL l = "[" ^ String.concatWith "," (map pi l) ^ "]"

type field = string * int

(* big-endian value of a slice of bytes *)
fun bigEndian (sl : int ArraySlice.slice) = ArraySlice.foldl (fn (b, acc) => acc * 256 + b) 0 sl

fun decoder (fields : field list) (header : int) : [int ArraySlice.slice -> (string * int) list] =
  let fun go ([], _) = code (fn _ => [])
        | go ((name, width) :: rest, offset) =
          let cogen n = lift name cogen off = lift offset cogen w = lift width
              cogen more = go (rest, offset + width)
          in code (fn packet => (n, bigEndian (ArraySlice.subslice (packet, off, SOME w))) :: more packet) end
  in go (fields, header) end

val format = [("type", 1), ("port", 2), ("length", 2), ("flags", 1)]
val decode = eval (decoder format 0)
val buffer = Array.fromList [1, 0, 80, 0, 6, 255,   2, 31, 144, 0, 0, 0,   3, 1]
fun show fields = String.concatWith " " (map (fn (n, v) => n ^ "=" ^ pi v) fields)
val _ = pr ("first: " ^ show (decode (ArraySlice.slice (buffer, 0, SOME 6))))
val _ = pr ("second: " ^ show (decode (ArraySlice.slice (buffer, 6, SOME 6))))
val _ = pr ("short: " ^ (show (decode (ArraySlice.slice (buffer, 12, NONE))) handle Subscript => "Subscript"))
val _ = pr ("empty at the end: " ^ (show (decode (ArraySlice.slice (buffer, 14, NONE))) handle Subscript => "Subscript"))
val skipOne = eval (decoder [("port", 2)] 1)
val _ = pr ("with a header of 1: " ^ show (skipOne (ArraySlice.slice (buffer, 6, NONE))))

(* two levels: the format first, the header length second *)
fun staged (fields : field list) : [int -> [int ArraySlice.slice -> (string * int) list]] =
  let cogen total = lift (foldl (fn ((_, w), t) => t + w) 0 fields)
      cogen fs = lift fields
  in code (fn header =>
       let cogen h = lift header
           cogen t = lift total
       in code (fn packet =>
            (* the fields are cut at run time, after one bounds check *)
            if ArraySlice.length packet < h + t then raise Subscript
            else #2 (foldl (fn ((name, width), (off, acc)) =>
                              (off + width, acc @ [(name, bigEndian (ArraySlice.subslice (packet, off, SOME width)))]))
                           (h, []) fs))
       end)
  end
val byFormat = eval (staged [("a", 1), ("b", 2)])
val noHeader = eval (byFormat 0)
val header2 = eval (byFormat 2)
val _ = pr ("level 2, no header: " ^ show (noHeader (ArraySlice.full buffer)))
val _ = pr ("level 2, header 2: " ^ show (header2 (ArraySlice.slice (buffer, 6, NONE))))
val _ = pr ("level 2, too short: " ^ (show (header2 (ArraySlice.slice (buffer, 10, NONE))) handle Subscript => "Subscript"))

(* walking a buffer of length-prefixed packets: each packet a slice *)
val stream = Array.fromList [3, 7, 8, 9,   0,   2, 250, 5,   4, 1, 2, 3, 4]
fun packets sl =
  case ArraySlice.getItem sl of
      NONE => []
    | SOME (len, rest) => if len > ArraySlice.length rest then [rest]
                          else ArraySlice.subslice (rest, 0, SOME len) :: packets (ArraySlice.subslice (rest, len, NONE))
val sumAll = eval (code (fn sls => map (fn sl => ArraySlice.foldl op + 0 sl) sls))
val _ = pr ("packet sums: " ^ showL (sumAll (packets (ArraySlice.full stream))))
val _ = pr ("packet positions: " ^ String.concatWith " " (map (fn sl => case ArraySlice.base sl of (_, i, n) => pi i ^ "+" ^ pi n)
                                                             (packets (ArraySlice.full stream))))

(* weighted checksums with the weights lifted as a vector slice *)
fun checksum (weights : int vector) : [int ArraySlice.slice -> int * (int * int) option] =
  let cogen ws = lift (VectorSlice.full weights)
      cogen n = lift (Vector.length weights)
  in code (fn packet =>
       let val v = ArraySlice.vector packet
           val wv = VectorSlice.subslice (ws, 0, SOME (Int.min (n, Vector.length v)))
           val sum = VectorSlice.foldli (fn (i, w, acc) => (acc + w * Vector.sub (v, i)) mod 251) 0 wv
       in (sum, VectorSlice.findi (fn (i, w) => w * Vector.sub (v, i) > 20) wv) end)
  end
val check = eval (checksum (Vector.fromList [1, 3, 7, 1, 3, 7]))
fun showCheck (s, found) = pi s ^ (case found of NONE => " none" | SOME (i, w) => " first heavy " ^ pi i ^ "*" ^ pi w)
val _ = app (fn sl => pr ("checksum: " ^ showCheck (check sl))) (packets (ArraySlice.full stream))
val _ = pr ("checksum of empty: " ^ showCheck (check (ArraySlice.slice (stream, 13, NONE))))

(* decoded values written back by generated code into the shared buffer *)
val patch = let cogen buf = lift stream
            in eval (code (fn (at, value) => ArraySlice.update (ArraySlice.slice (buf, at, SOME 2), 1, value))) end
val _ = patch (5, 99)
val _ = pr ("after patch: " ^ showL (Array.foldr op :: [] stream))
val _ = pr ("patch past the end: " ^ ((patch (12, 0); "patched") handle Subscript => "Subscript"))
val _ = pr ("packet sums now: " ^ showL (sumAll (packets (ArraySlice.full stream))))
