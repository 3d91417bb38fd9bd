(* Leftist heaps (figure 3.2) and binomial heaps (figure 3.4) from
   Okasaki's "Purely Functional Data Structures", the functors applied by
   hand to integers (structures and signatures flattened), and heap sort
   with each. *)

exception Empty_heap

(* Leftist heap: rank is the length of the right spine. *)
datatype heap = E | T of int * int * heap * heap

fun rank E = 0
  | rank (T (r, _, _, _)) = r
fun makeT (x, a, b) = if rank a >= rank b then T (rank b + 1, x, a, b)
                      else T (rank a + 1, x, b, a)

fun merge (h, E) = h
  | merge (E, h) = h
  | merge (h1 as T (_, x, a1, b1), h2 as T (_, y, a2, b2)) =
      if x <= y then makeT (x, a1, merge (b1, h2))
      else makeT (y, a2, merge (h1, b2))

fun insert (x, h) = merge (T (1, x, E, E), h)
fun findMin E = raise Empty_heap
  | findMin (T (_, x, a, b)) = x
fun deleteMin E = raise Empty_heap
  | deleteMin (T (_, x, a, b)) = merge (a, b)

(* Binomial heap: a list of trees in increasing order of rank. *)
datatype tree = Node of int * int * tree list

fun brank (Node (r, x, c)) = r
fun root (Node (r, x, c)) = x
fun link (t1 as Node (r, x1, c1), t2 as Node (_, x2, c2)) =
  if x1 <= x2 then Node (r+1, x1, t2 :: c1) else Node (r+1, x2, t1 :: c2)
fun insTree (t, []) = [t]
  | insTree (t, ts as t' :: ts') =
      if brank t < brank t' then t :: ts else insTree (link (t, t'), ts')

fun binsert (x, ts) = insTree (Node (0, x, []), ts)
fun bmerge (ts1, []) = ts1
  | bmerge ([], ts2) = ts2
  | bmerge (ts1 as t1 :: ts1', ts2 as t2 :: ts2') =
      if brank t1 < brank t2 then t1 :: bmerge (ts1', ts2)
      else if brank t2 < brank t1 then t2 :: bmerge (ts1, ts2')
      else insTree (link (t1, t2), bmerge (ts1', ts2'))

fun removeMinTree [] = raise Empty_heap
  | removeMinTree [t] = (t, [])
  | removeMinTree (t :: ts) =
      let val (t', ts') = removeMinTree ts
      in if root t <= root t' then (t, ts) else (t', t :: ts') end

fun bfindMin ts = let val (t, _) = removeMinTree ts in root t end
fun bdeleteMin ts =
  let val (Node (_, x, ts1), ts2) = removeMinTree ts
  in bmerge (rev ts1, ts2) end

fun leftistSort xs =
  let fun drain E = []
        | drain h = findMin h :: drain (deleteMin h)
  in drain (foldl insert E xs) end

fun binomialSort xs =
  let fun drain [] = []
        | drain h = bfindMin h :: drain (bdeleteMin h)
  in drain (foldl binsert [] xs) end

val data = [31, 4, 15, 9, 26, 5, 35, 8, 97, 93, 23, 84, 62, 64, 33, 8, 32, 79, 50, 28]
fun show xs = String.concatWith " " (map Int.toString xs)
val _ = print (show (leftistSort data) ^ "\n")
val _ = print (show (binomialSort data) ^ "\n")
val _ = print (Bool.toString (leftistSort data = binomialSort data) ^ "\n")

(* the ranks of a binomial heap of n elements are the binary digits of n *)
fun ranks n = map brank (foldl binsert [] (List.tabulate (n, fn i => n - i)))
val _ = app (fn n => print (Int.toString n ^ ": " ^ show (ranks n) ^ "\n")) [1, 6, 13, 32]

val big = List.tabulate (600, fn i => (i * 7919) mod 601)
val sorted = binomialSort big
val _ = print (Int.toString (hd sorted) ^ " " ^ Int.toString (List.last sorted) ^ " "
               ^ Int.toString (length sorted) ^ "\n")
val _ = findMin (deleteMin (insert (1, E)))
