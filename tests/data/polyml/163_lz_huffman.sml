(* An LZ77-style compressor and a Huffman coder over strings, with
   round-trip checks; the bit stream is packed into words. *)

datatype lz = Lit of char | Ref of int * int   (* distance, length *)

val window = 255
val minMatch = 3
val maxMatch = 18

fun lzCompress (s : string) : lz list =
  let
    val n = size s
    fun longest (i, j, best as (bd, bl)) =
      if j >= i then best
      else
        let
          fun len k = if k < maxMatch andalso i + k < n
                         andalso String.sub (s, j + k) = String.sub (s, i + k)
                      then len (k + 1) else k
          val l = len 0
        in longest (i, j + 1, if l > bl then (i - j, l) else best) end
    fun go i acc =
      if i >= n then rev acc
      else
        let val (d, l) = longest (i, Int.max (0, i - window), (0, 0))
        in if l >= minMatch then go (i + l) (Ref (d, l) :: acc)
           else go (i + 1) (Lit (String.sub (s, i)) :: acc)
        end
  in go 0 [] end

fun lzDecompress (codes : lz list) : string =
  let
    val buf = Array.array (List.foldl (fn (Lit _, k) => k + 1 | (Ref (_, l), k) => k + l) 0 codes, #" ")
    fun emit (Lit c, pos) = (Array.update (buf, pos, c); pos + 1)
      | emit (Ref (d, l), pos) =
          let fun copy k = if k = l then pos + l
                           else (Array.update (buf, pos + k, Array.sub (buf, pos + k - d)); copy (k + 1))
          in if d <= 0 orelse d > pos then raise Subscript else copy 0 end
    val _ = List.foldl emit 0 codes
  in String.implode (Array.foldr (op ::) [] buf) end

fun showLz codes =
  String.concat (map (fn Lit c => str c | Ref (d, l) => "<" ^ Int.toString d ^ "," ^ Int.toString l ^ ">") codes)

(* --- Huffman --- *)
datatype htree = Leaf of int * char | Node of int * htree * htree

fun weight (Leaf (w, _)) = w
  | weight (Node (w, _, _)) = w

fun frequencies s =
  let val counts = Array.array (256, 0)
  in List.app (fn c => Array.update (counts, ord c, Array.sub (counts, ord c) + 1)) (explode s);
     Array.foldri (fn (i, k, acc) => if k > 0 then (chr i, k) :: acc else acc) [] counts
  end

(* Insert keeping the list sorted by weight; ties go after, so the build is deterministic. *)
fun insert (t, []) = [t]
  | insert (t, l as u :: rest) = if weight t < weight u then t :: l else u :: insert (t, rest)

fun buildTree freqs =
  let
    fun loop [t] = t
      | loop (a :: b :: rest) = loop (insert (Node (weight a + weight b, a, b), rest))
      | loop [] = raise Empty
  in loop (foldl insert [] (map (fn (c, w) => Leaf (w, c)) freqs)) end

fun codeTable (Leaf (_, c)) = [(c, [false])]
  | codeTable t =
      let fun walk (Leaf (_, c), path) acc = (c, rev path) :: acc
            | walk (Node (_, l, r), path) acc = walk (l, false :: path) (walk (r, true :: path) acc)
      in walk (t, []) [] end

fun bitsToString bits = String.implode (map (fn true => #"1" | false => #"0") bits)

(* Pack bits into 16-bit words, most significant bit first. *)
fun pack bits =
  let
    fun go ([], acc, w, k) = rev (if k = 0 then acc else Word.<< (w, Word.fromInt (16 - k)) :: acc)
      | go (b :: rest, acc, w, k) =
          let val w' = Word.orb (Word.<< (w, 0w1), if b then 0w1 else 0w0)
          in if k = 15 then go (rest, w' :: acc, 0w0, 0) else go (rest, acc, w', k + 1) end
  in go (bits, [], 0w0, 0) end

fun unpack (words, nbits) =
  let
    fun bitsOf w = List.tabulate (16, fn i => Word.andb (Word.>> (w, Word.fromInt (15 - i)), 0w1) = 0w1)
  in List.take (List.concat (map bitsOf words), nbits) end

fun encode table s =
  List.concat (map (fn c => case List.find (fn (d, _) => d = c) table of
                              SOME (_, code) => code
                            | NONE => raise Fail ("no code for " ^ Char.toString c)) (explode s))

fun decode tree bits =
  let
    fun go (Leaf (_, c), [], acc) = rev (c :: acc)
      | go (_, [], acc) = rev acc
      | go (Leaf (_, c), rest, acc) =
          (case tree of
             Leaf _ => go (tree, tl rest, c :: acc)
           | _ => go (tree, rest, c :: acc))
      | go (Node (_, l, r), b :: rest, acc) = go (if b then r else l, rest, acc)
  in
    case bits of
      [] => ""
    | _ => String.implode (go (tree, bits, []))
  end

fun hex w = StringCvt.padLeft #"0" 4 (Word.toString w)

val texts = [
  "abracadabra",
  "mississippi river",
  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  "the quick brown fox jumps over the lazy dog; the quick brown fox jumps again",
  "x",
  "abcabcabcabcabcabcabcabcXabcabcabc"
]

fun report s =
  let
    val lz = lzCompress s
    val back = lzDecompress lz
    val freqs = frequencies s
    val tree = buildTree freqs
    val table = codeTable tree
    val bits = encode table s
    val words = pack bits
    val decoded = decode tree (unpack (words, length bits))
  in
    print ("text: \"" ^ String.toString s ^ "\" (" ^ Int.toString (size s) ^ " chars)\n");
    print ("  lz: " ^ showLz lz ^ "  [" ^ Int.toString (length lz) ^ " codes, round trip "
           ^ Bool.toString (back = s) ^ "]\n");
    print ("  huffman: " ^ Int.toString (length bits) ^ " bits in " ^ Int.toString (length words)
           ^ " words, round trip " ^ Bool.toString (decoded = s) ^ "\n");
    print ("  words: " ^ String.concatWith " " (map hex (List.take (words, Int.min (6, length words)))) ^ "\n");
    List.app (fn (c, code) =>
                if weight tree > 3 andalso length code > 4 then ()
                else print ("    " ^ Char.toString c ^ " " ^ bitsToString code ^ "\n"))
             (List.filter (fn (c, _) => Char.isAlpha c) table)
  end

val () = List.app report texts

(* A generated text: long enough that back references dominate. *)
val gen = String.concat (List.tabulate (40, fn i => if i mod 7 = 0 then "zz" ^ Int.toString i else "ab" ^ Int.toString (i mod 3)))
val lz = lzCompress gen
val () = print ("generated: " ^ Int.toString (size gen) ^ " chars -> " ^ Int.toString (length lz) ^ " codes, ok "
                ^ Bool.toString (lzDecompress lz = gen) ^ "\n")
(* A corrupt stream refers before its start. *)
val () = print (lzDecompress [Lit #"a", Ref (1, 4), Ref (9, 2)] ^ "\n")
