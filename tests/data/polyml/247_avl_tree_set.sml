(* An AVL tree set with the four rotations written as nested patterns, the
   way the many public SML exercise solutions write it (height stored in
   each node, a smart constructor, balance factor via case on a pair of
   heights), with deletion, range queries and an invariant checker. *)

datatype 'a avl = Nil | Br of int * 'a avl * 'a * 'a avl

fun height Nil = 0
  | height (Br (h, _, _, _)) = h

fun node (l, x, r) = Br (1 + Int.max (height l, height r), l, x, r)

fun rotateRight (Br (_, Br (_, a, x, b), y, c)) = node (a, x, node (b, y, c))
  | rotateRight t = t
fun rotateLeft (Br (_, a, x, Br (_, b, y, c))) = node (node (a, x, b), y, c)
  | rotateLeft t = t

fun balance (l, x, r) =
  let val hl = height l
      val hr = height r
  in
    if hl > hr + 1 then
      (case l of
           Br (_, ll, _, lr) =>
             if height ll >= height lr then rotateRight (node (l, x, r))
             else rotateRight (node (rotateLeft l, x, r))
         | Nil => raise Fail "impossible")
    else if hr > hl + 1 then
      (case r of
           Br (_, rl, _, rr) =>
             if height rr >= height rl then rotateLeft (node (l, x, r))
             else rotateLeft (node (l, x, rotateRight r))
         | Nil => raise Fail "impossible")
    else node (l, x, r)
  end

fun insert cmp (x, Nil) = node (Nil, x, Nil)
  | insert cmp (x, t as Br (_, l, y, r)) =
      case cmp (x, y) of
          LESS => balance (insert cmp (x, l), y, r)
        | GREATER => balance (l, y, insert cmp (x, r))
        | EQUAL => t

exception NotFound

fun removeMin Nil = raise NotFound
  | removeMin (Br (_, Nil, x, r)) = (x, r)
  | removeMin (Br (_, l, x, r)) = let val (m, l') = removeMin l in (m, balance (l', x, r)) end

fun delete cmp (x, Nil) = raise NotFound
  | delete cmp (x, Br (_, l, y, r)) =
      case cmp (x, y) of
          LESS => balance (delete cmp (x, l), y, r)
        | GREATER => balance (l, y, delete cmp (x, r))
        | EQUAL => (case r of
                        Nil => l
                      | _ => let val (m, r') = removeMin r in balance (l, m, r') end)

fun toList t = let fun go (Nil, acc) = acc
                     | go (Br (_, l, x, r), acc) = go (l, x :: go (r, acc))
               in go (t, []) end

fun range cmp (lo, hi) t =
  let fun go Nil acc = acc
        | go (Br (_, l, x, r)) acc =
            let val acc = if cmp (x, hi) = LESS then go r acc else acc
                val acc = if cmp (lo, x) <> GREATER andalso cmp (x, hi) <> GREATER then x :: acc else acc
            in if cmp (lo, x) = LESS then go l acc else acc end
  in go t [] end

fun valid Nil = true
  | valid (t as Br (h, l, _, r)) =
      valid l andalso valid r andalso abs (height l - height r) <= 1
      andalso h = 1 + Int.max (height l, height r)

val ins = insert Int.compare
val del = delete Int.compare
fun show t = String.concatWith " " (map Int.toString (toList t))

val ascending = foldl ins Nil (List.tabulate (300, fn i => i))
val _ = print ("300 ascending: height " ^ Int.toString (height ascending) ^ ", valid "
               ^ Bool.toString (valid ascending) ^ "\n")
val t = foldl ins Nil [50, 20, 80, 10, 30, 25, 27, 26, 90, 85, 86, 70, 60, 65]
val _ = print (show t ^ " (height " ^ Int.toString (height t) ^ ")\n")
val t2 = foldl del t [20, 80, 50]
val _ = print (show t2 ^ " valid " ^ Bool.toString (valid t2) ^ "\n")
val _ = print ("range 25..70: " ^ String.concatWith " " (map Int.toString (range Int.compare (25, 70) t)) ^ "\n")
val drained = foldl del ascending (List.tabulate (290, fn i => (i * 7) mod 300))
val _ = print ("after 290 deletions: " ^ show drained ^ ", height " ^ Int.toString (height drained)
               ^ ", valid " ^ Bool.toString (valid drained) ^ "\n")
val words = foldl (insert String.compare) Nil (String.tokens Char.isSpace "to be or not to be that is the question")
val _ = print (String.concatWith "," (toList words) ^ "\n")
val _ = del (13, t)
