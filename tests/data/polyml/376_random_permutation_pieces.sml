(* Random permutations by splitting, after the MLKit's PermuteList test: a
   permutation list is a tree of appended pieces; taking an element splits
   a long piece in two at random (List.partition with a predicate that
   ignores its argument), rotates left-nested appends, and findSome is
   Option.composePartial of a search step and the projection. A linear
   congruential generator replaces Random. *)
datatype 'a plist = Piece of 'a list | Append of 'a plist * 'a plist

val state = ref 0w42 : word ref
fun coin () =
  (state := Word.andb (!state * 0w1103515245 + 0w12345, 0wx7FFFFFFF);
   Word.andb (Word.>> (!state, 0w16), 0w1) = 0w1)

fun fromList l = Piece l
fun split l =
  case List.partition (coin o ignore) l of
    ([], l) => split l
  | (l, []) => split l
  | (l1, l2) => Append (Piece l1, Piece l2)

fun take (Append (Append (a, b), c)) = take (Append (a, Append (b, c)))
  | take (Append (a, b)) =
      (case take a of
         NONE => take b
       | SOME (x, a') => SOME (x, Append (a', b)))
  | take (Piece []) = NONE
  | take (Piece [x]) = SOME (x, Piece [])
  | take (Piece [x, y]) = if coin () then SOME (x, Piece [y]) else SOME (y, Piece [x])
  | take (Piece l) = take (split l)

fun findSome f = Option.composePartial (fn (x, rest) => case f x of NONE => findSome f rest | found => found, take)

fun toList p = case take p of NONE => [] | SOME (x, rest) => x :: toList rest

fun show l = String.concatWith " " (map Int.toString l)
fun isPerm (l, n) = List.all (fn i => List.exists (fn x => x = i) l) (List.tabulate (n, fn i => i)) andalso length l = n

val xs = List.tabulate (20, fn i => i)
val _ = app (fn _ => let val p = toList (fromList xs) in print (show p ^ (if isPerm (p, 20) then "" else " NOT A PERMUTATION") ^ "\n") end)
            (List.tabulate (6, fn i => i))
val counts = Array.array (5, 0)
val _ = app (fn _ => case take (fromList [0, 1, 2, 3, 4]) of
                       SOME (x, _) => Array.update (counts, x, Array.sub (counts, x) + 1)
                     | NONE => ()) (List.tabulate (500, fn i => i))
val _ = print ("first element counts: " ^ show (Array.foldr op :: [] counts) ^ "\n")
val _ = print (case findSome (fn x => if x * x > 50 then SOME (x, x * x) else NONE) (fromList xs) of
                 SOME (x, sq) => "found " ^ Int.toString x ^ " with square " ^ Int.toString sq ^ "\n"
               | NONE => "none\n")
val _ = print (case findSome (fn x => if x > 100 then SOME x else NONE) (fromList xs) of
                 SOME x => "found " ^ Int.toString x ^ "\n" | NONE => "none above 100\n")
val words = toList (fromList (String.tokens Char.isSpace "the quick brown fox jumps over the lazy dog"))
val _ = print (String.concatWith " " words ^ "\n")
val _ = print (Int.toString (length (toList (fromList (List.tabulate (600, fn i => i))))) ^ "\n")
