(* Type classes by hand: dictionaries of functions passed as tuples, built
   for int, string, lists, pairs and options; generic sort, show, dedup and
   a generic binary-search-tree set over any ordered dictionary. *)
datatype 'a ord = Ord of ('a * 'a -> order) * ('a -> string)

fun cmpOf (Ord (c, _)) = c
fun showOf (Ord (_, s)) = s

val intOrd = Ord (Int.compare, Int.toString)
val stringOrd = Ord (String.compare, fn s => "\"" ^ String.toString s ^ "\"")
val charOrd = Ord (Char.compare, fn c => "#\"" ^ Char.toString c ^ "\"")
fun listOrd (Ord (c, s)) =
  let fun cmp ([], []) = EQUAL
        | cmp ([], _) = LESS
        | cmp (_, []) = GREATER
        | cmp (x :: xs, y :: ys) = (case c (x, y) of EQUAL => cmp (xs, ys) | r => r)
  in Ord (cmp, fn xs => "[" ^ String.concatWith "," (map s xs) ^ "]") end
fun pairOrd (Ord (c1, s1), Ord (c2, s2)) =
  Ord (fn ((a, b), (x, y)) => (case c1 (a, x) of EQUAL => c2 (b, y) | r => r),
       fn (a, b) => "(" ^ s1 a ^ "," ^ s2 b ^ ")")
fun optionOrd (Ord (c, s)) =
  Ord (fn (NONE, NONE) => EQUAL | (NONE, SOME _) => LESS | (SOME _, NONE) => GREATER | (SOME a, SOME b) => c (a, b),
       fn NONE => "NONE" | SOME a => "SOME " ^ s a)
fun reverseOrd (Ord (c, s)) = Ord (fn (a, b) => c (b, a), s)

fun msort d [] = []
  | msort d [x] = [x]
  | msort d xs =
      let val c = cmpOf d
          fun split (l, r, []) = (l, r) | split (l, r, y :: ys) = split (y :: r, l, ys)
          val (l, r) = split ([], [], xs)
          fun merge ([], ys) = ys | merge (xs, []) = xs
            | merge (x :: xs, y :: ys) = if c (x, y) = GREATER then y :: merge (x :: xs, ys) else x :: merge (xs, y :: ys)
      in merge (msort d l, msort d r) end

fun dedup d xs = foldr (fn (x, y :: ys) => if cmpOf d (x, y) = EQUAL then y :: ys else x :: y :: ys
                         | (x, []) => [x]) [] (msort d xs)
fun show d xs = showOf (listOrd d) xs

datatype 'a set = E | T of 'a set * 'a * 'a set
fun insert d (x, E) = T (E, x, E)
  | insert d (x, s as T (l, y, r)) =
      case cmpOf d (x, y) of LESS => T (insert d (x, l), y, r) | GREATER => T (l, y, insert d (x, r)) | EQUAL => s
fun member d (x, E) = false
  | member d (x, T (l, y, r)) = case cmpOf d (x, y) of LESS => member d (x, l) | GREATER => member d (x, r) | EQUAL => true
fun elems E = [] | elems (T (l, x, r)) = elems l @ x :: elems r

val p = print o (fn s => s ^ "\n")
val _ = p (show intOrd (msort intOrd [5, ~3, 9, 0, 5, 12, ~3]))
val _ = p (show intOrd (dedup (reverseOrd intOrd) [5, ~3, 9, 0, 5, 12, ~3]))
val _ = p (show stringOrd (dedup stringOrd ["pear", "apple", "fig", "apple", "a\tb", ""]))
val lo = listOrd intOrd
val _ = p (show lo (msort lo [[3], [1, 2], [], [1], [1, 2, 0], [3]]))
val po = pairOrd (stringOrd, optionOrd charOrd)
val _ = p (show po (dedup po [("b", SOME #"x"), ("a", NONE), ("b", NONE), ("a", NONE), ("b", SOME #"\n")]))
val nested = listOrd (pairOrd (intOrd, listOrd stringOrd))
val _ = p (show nested (msort nested [[(2, ["z"])], [(1, ["b", "a"])], [(1, ["b"])], []]))
val s = foldl (insert po) E [("k", NONE), ("c", SOME #"c"), ("k", NONE), ("a", SOME #"a")]
val _ = p (show po (elems s) ^ " " ^ Bool.toString (member po (("c", SOME #"c"), s)) ^ " " ^ Bool.toString (member po (("c", NONE), s)))
val _ = p (showOf (optionOrd (optionOrd intOrd)) (SOME (SOME ~1)) ^ " " ^ showOf (optionOrd (optionOrd intOrd)) (SOME NONE))
