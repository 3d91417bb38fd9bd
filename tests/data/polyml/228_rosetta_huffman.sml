(* After the Rosetta Code task "Huffman coding"
   (https://rosettacode.org/wiki/Huffman_coding): count the characters of
   "this is an example for huffman encoding", build the tree with a
   priority list, print each character's code, then encode and decode the
   text. Ties are broken by insertion order, so the codes are fixed. *)

datatype htree = Leaf of int * char
               | Node of int * htree * htree

fun weight (Leaf (w, _)) = w
  | weight (Node (w, _, _)) = w

(* insert keeping the list sorted by weight; a new tree goes after equal ones *)
fun insert (t, []) = [t]
  | insert (t, u :: us) = if weight t < weight u then t :: u :: us else u :: insert (t, us)

fun frequencies s =
  let
    val counts = Array.array (256, 0)
    val () = CharVector.app (fn c => Array.update (counts, ord c, Array.sub (counts, ord c) + 1)) s
  in
    Array.foldri (fn (i, n, acc) => if n > 0 then (chr i, n) :: acc else acc) [] counts
  end

fun build [t] = t
  | build (a :: b :: rest) = build (insert (Node (weight a + weight b, a, b), rest))
  | build [] = raise Empty

fun codes (Leaf (_, c), prefix) = [(c, implode (rev prefix))]
  | codes (Node (_, l, r), prefix) = codes (l, #"0" :: prefix) @ codes (r, #"1" :: prefix)

fun lookup c ((d, code) :: rest) = if c = d then code else lookup c rest
  | lookup c [] = raise Fail ("no code for " ^ str c)

fun encode table s = String.concat (map (fn c => lookup c table) (explode s))

fun decode tree bits =
  let
    fun walk (Leaf (_, c), bs, acc) = walk (tree, bs, c :: acc)
      | walk (Node (_, l, r), b :: bs, acc) = walk (if b = #"0" then l else r, bs, acc)
      | walk (Node _, [], acc) = implode (rev acc)
  in walk (tree, explode bits, []) end

val text = "this is an example for huffman encoding"
val freqs = frequencies text
val tree = build (foldl (fn ((c, n), acc) => insert (Leaf (n, c), acc)) [] freqs)
val table = codes (tree, [])

fun showChar #" " = "' '"
  | showChar c = str c

fun count c = case List.find (fn (d, _) => d = c) freqs of
                  SOME (_, n) => n
                | NONE => 0

val () = List.app (fn (c, code) =>
                     print (showChar c ^ "\t" ^ Int.toString (count c) ^ "\t" ^ code ^ "\n"))
                  table

val bits = encode table text
val () = print (bits ^ "\n")
val () = print (Int.toString (size bits) ^ " bits instead of " ^ Int.toString (8 * size text) ^ "\n")
val () = print (decode tree bits ^ "\n")
val () = print (Bool.toString (decode tree bits = text) ^ "\n")
val () = print (encode table "zebra" ^ "\n")
