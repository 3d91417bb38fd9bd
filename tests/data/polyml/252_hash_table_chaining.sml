(* A mutable hash table with separate chaining and growth, shaped like the
   SML/NJ Library's HashTable (mkTable, insert, lookup, find, remove,
   numItems, listItemsi) with the hash function and the equality passed
   in, a string hash computed in words in the style of the library's
   HashString (h * 33 + c), and a word-frequency count. *)

exception NotFound

datatype ('k, 'v) table =
  T of ('k -> word) * ('k * 'k -> bool) * ('k * 'v) list array ref * int ref

fun mkTable (hash, eq) (size, _ : exn) = T (hash, eq, ref (Array.array (Int.max (size, 1), [])), ref 0)

fun index (hash, arr) k = Word.toInt (Word.mod (hash k, Word.fromInt (Array.length arr)))

fun grow (T (hash, eq, arr, _)) =
  let
    val old = !arr
    val new = Array.array (2 * Array.length old, [])
  in
    Array.app (List.app (fn (k, v) =>
                           let val i = index (hash, new) k
                           in Array.update (new, i, (k, v) :: Array.sub (new, i)) end)) old;
    arr := new
  end

fun insert (t as T (hash, eq, arr, count)) (k, v) =
  let
    val i = index (hash, !arr) k
    val chain = Array.sub (!arr, i)
  in
    if List.exists (fn (k', _) => eq (k, k')) chain then
      Array.update (!arr, i, map (fn (k', v') => if eq (k, k') then (k, v) else (k', v')) chain)
    else
      (Array.update (!arr, i, (k, v) :: chain);
       count := !count + 1;
       if !count > 2 * Array.length (!arr) then grow t else ())
  end

fun find (T (hash, eq, arr, _)) k =
  Option.map (fn (_, v) => v) (List.find (fn (k', _) => eq (k, k')) (Array.sub (!arr, index (hash, !arr) k)))

fun lookup t k = case find t k of SOME v => v | NONE => raise NotFound

fun remove (T (hash, eq, arr, count)) k =
  let
    val i = index (hash, !arr) k
    val (gone, kept) = List.partition (fn (k', _) => eq (k, k')) (Array.sub (!arr, i))
  in
    case gone of
        [] => raise NotFound
      | (_, v) :: _ => (Array.update (!arr, i, kept); count := !count - 1; v)
  end

fun numItems (T (_, _, _, count)) = !count
fun listItemsi (T (_, _, arr, _)) = Array.foldr (op @) [] (!arr)
fun bucketSizes (T (_, _, arr, _)) = Array.foldr (fn (c, acc) => length c :: acc) [] (!arr)

fun hashString s = CharVector.foldl (fn (c, h) => h * 0w33 + Word.fromInt (ord c)) 0w5381 s

val words = String.tokens (fn c => Char.isSpace c orelse Char.isPunct c)
  "It is a truth universally acknowledged, that a single man in possession of a good \
  \fortune, must be in want of a wife. However little known the feelings or views of \
  \such a man may be on his first entering a neighbourhood, this truth is so well fixed \
  \in the minds of the surrounding families, that he is considered the rightful property \
  \of some one or other of their daughters."

val table : (string, int) table = mkTable (hashString, op =) (4, NotFound)
val _ = List.app (fn w => let val w = String.map Char.toLower w
                          in insert table (w, 1 + getOpt (find table w, 0)) end) words

fun insertionSort cmp = foldr (fn (x, acc) =>
  let fun ins [] = [x] | ins (y :: ys) = if cmp (x, y) = GREATER then y :: ins ys else x :: y :: ys
  in ins acc end) []

val sorted = insertionSort (fn ((a, m), (b, n)) => case Int.compare (n, m) of EQUAL => String.compare (a, b) | c => c)
                           (listItemsi table)
val _ = print (Int.toString (length words) ^ " words, " ^ Int.toString (numItems table) ^ " distinct, "
               ^ Int.toString (length (bucketSizes table)) ^ " buckets\n")
val _ = List.app (fn (w, n) => print (w ^ " " ^ Int.toString n ^ "\n")) (List.take (sorted, 8))
val _ = print ("removed 'truth': " ^ Int.toString (remove table "truth") ^ ", left "
               ^ Int.toString (numItems table) ^ "\n")
val _ = print ("longest chain: " ^ Int.toString (foldl Int.max 0 (bucketSizes table)) ^ "\n")
val _ = print (Word.toString (hashString "") ^ " " ^ Word.toString (hashString "a") ^ " "
               ^ Word.toString (hashString "the quick brown fox jumps over the lazy dog") ^ "\n")

(* an int-keyed table with a trivial hash: collisions in one bucket *)
val ints : (int, string) table = mkTable (fn _ => 0w7, op =) (8, NotFound)
val _ = List.app (fn i => insert ints (i, Int.toString (i * i))) [3, 1, 4, 1, 5, 9, 2, 6]
val _ = print (String.concatWith " " (map (fn (k, v) => Int.toString k ^ "=" ^ v) (listItemsi ints)) ^ "\n")
val _ = lookup ints 7
