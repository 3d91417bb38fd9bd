(* finite sets as sorted lists without duplicates, polymorphic in the
   ordering: union, intersection, difference, subset, powerset sizes, and
   sets of sets compared with a lexicographic order *)
type 'a ord = 'a * 'a -> order
fun insert (cmp : 'a ord) (x, []) = [x]
  | insert cmp (x, l as y :: ys) =
      (case cmp (x, y) of LESS => x :: l | EQUAL => l | GREATER => y :: insert cmp (x, ys))
fun fromList cmp l = foldl (insert cmp) [] l
fun union cmp ([], ys) = ys
  | union cmp (xs, []) = xs
  | union cmp (xs as x :: xt, ys as y :: yt) =
      (case cmp (x, y) of
         LESS => x :: union cmp (xt, ys)
       | EQUAL => x :: union cmp (xt, yt)
       | GREATER => y :: union cmp (xs, yt))
fun inter cmp ([], _) = []
  | inter cmp (_, []) = []
  | inter cmp (xs as x :: xt, ys as y :: yt) =
      (case cmp (x, y) of LESS => inter cmp (xt, ys) | EQUAL => x :: inter cmp (xt, yt) | GREATER => inter cmp (xs, yt))
fun diff cmp (xs, ys) = List.filter (fn x => not (List.exists (fn y => cmp (x, y) = EQUAL) ys)) xs
fun subset cmp (xs, ys) = null (diff cmp (xs, ys))
val ic = Int.compare
val a = fromList ic [5, 1, 3, 9, 7, 3, 1]
val b = fromList ic [2, 3, 4, 5, 6]
fun show l = "{" ^ String.concatWith "," (map Int.toString l) ^ "}"
val _ = print (show a ^ " " ^ show b ^ "\n")
val _ = print (show (union ic (a, b)) ^ " " ^ show (inter ic (a, b)) ^ " " ^ show (diff ic (a, b)) ^ " " ^ show (diff ic (b, a)) ^ "\n")
val _ = print (Bool.toString (subset ic ([3, 5], a)) ^ " " ^ Bool.toString (subset ic (b, a)) ^ " " ^ Bool.toString (subset ic ([], [])) ^ "\n")
val words = fromList String.compare (String.tokens Char.isSpace "to be or not to be that is the question")
val _ = print (String.concatWith " " words ^ "\n")
val setCmp : int list ord = List.collate Int.compare
fun powerset [] = [[]]
  | powerset (x :: xs) = let val p = powerset xs in p @ map (fn s => x :: s) p end
val ps = fromList setCmp (powerset [1, 2, 3])
val _ = print (String.concatWith " " (map show ps) ^ "\n")
val _ = print (Int.toString (length (powerset (List.tabulate (10, fn i => i)))) ^ "\n")
val chars = fromList Char.compare (explode "mississippi")
val _ = print (implode chars ^ "\n")
fun pairCmp ((a, b), (c, d)) = case Int.compare (a, c) of EQUAL => String.compare (b, d) | r => r
val ps2 = fromList pairCmp [(2, "b"), (1, "z"), (2, "a"), (1, "z")]
val _ = print (String.concatWith " " (map (fn (n, s) => Int.toString n ^ s) ps2) ^ "\n")
fun member cmp (x, s) = List.exists (fn y => cmp (x, y) = EQUAL) s
val _ = print (Bool.toString (member ic (7, a)) ^ Bool.toString (member ic (8, a)) ^ "\n")
