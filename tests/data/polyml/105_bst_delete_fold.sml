(* a polymorphic binary search tree with insert, member, delete (by the
   in-order successor), folds, height and conversion to a sorted list *)
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
fun insert cmp (x, Leaf) = Node (Leaf, x, Leaf)
  | insert cmp (x, t as Node (l, y, r)) =
      (case cmp (x, y) of
         LESS => Node (insert cmp (x, l), y, r)
       | GREATER => Node (l, y, insert cmp (x, r))
       | EQUAL => t)
fun member cmp (x, Leaf) = false
  | member cmp (x, Node (l, y, r)) =
      (case cmp (x, y) of LESS => member cmp (x, l) | GREATER => member cmp (x, r) | EQUAL => true)
exception EmptyTree
fun removeMin Leaf = raise EmptyTree
  | removeMin (Node (Leaf, x, r)) = (x, r)
  | removeMin (Node (l, x, r)) = let val (m, l') = removeMin l in (m, Node (l', x, r)) end
fun delete cmp (_, Leaf) = Leaf
  | delete cmp (x, Node (l, y, r)) =
      (case cmp (x, y) of
         LESS => Node (delete cmp (x, l), y, r)
       | GREATER => Node (l, y, delete cmp (x, r))
       | EQUAL => (case (l, r) of
                     (Leaf, _) => r
                   | (_, Leaf) => l
                   | _ => let val (m, r') = removeMin r in Node (l, m, r') end))
fun foldIn f acc Leaf = acc
  | foldIn f acc (Node (l, x, r)) = foldIn f (f (x, foldIn f acc l)) r
fun toList t = rev (foldIn (op ::) [] t)
fun height Leaf = 0
  | height (Node (l, _, r)) = 1 + Int.max (height l, height r)
fun size t = foldIn (fn (_, n) => n + 1) 0 t
val ins = insert Int.compare
val t = foldl ins Leaf [50, 30, 70, 20, 40, 60, 80, 35, 45, 65]
fun showT t = print (String.concatWith " " (map Int.toString (toList t)) ^ " (h=" ^ Int.toString (height t) ^ ", n=" ^ Int.toString (size t) ^ ")\n")
val _ = showT t
val _ = print (Bool.toString (member Int.compare (45, t)) ^ " " ^ Bool.toString (member Int.compare (55, t)) ^ "\n")
val t2 = delete Int.compare (30, t)
val _ = showT t2
val t3 = delete Int.compare (50, t2)
val _ = showT t3
val t4 = foldl (fn (x, t) => delete Int.compare (x, t)) t3 [20, 80, 99, 65]
val _ = showT t4
val st = foldl (insert String.compare) Leaf (String.tokens Char.isSpace "the quick brown fox jumps over the lazy dog")
val _ = print (String.concatWith "," (toList st) ^ "\n")
val sum = foldIn (op +) 0 t
val _ = print ("sum " ^ Int.toString sum ^ "\n")
val degenerate = foldl ins Leaf (List.tabulate (100, fn i => i))
val _ = print ("degenerate height " ^ Int.toString (height degenerate) ^ "\n")
val _ = removeMin (Leaf : int tree)
