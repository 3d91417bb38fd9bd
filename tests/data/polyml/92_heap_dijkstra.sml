(* A leftist heap (persistent priority queue) and Dijkstra's shortest
   paths on a small weighted graph stored in an array of adjacency lists;
   heap sort of pseudo-random numbers checked against insertion sort *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
datatype 'a heap = E | T of int * int * 'a * 'a heap * 'a heap
fun rank E = 0 | rank (T (r, _, _, _, _)) = r
fun makeT (k, x, a, b) = if rank a >= rank b then T (rank b + 1, k, x, a, b) else T (rank a + 1, k, x, b, a)
fun merge (h, E) = h
  | merge (E, h) = h
  | merge (h1 as T (_, k1, x1, a1, b1), h2 as T (_, k2, x2, a2, b2)) =
      if k1 <= k2 then makeT (k1, x1, a1, merge (b1, h2)) else makeT (k2, x2, a2, merge (h1, b2))
fun insert (k, x, h) = merge (T (1, k, x, E, E), h)
exception EmptyHeap
fun popMin E = raise EmptyHeap
  | popMin (T (_, k, x, a, b)) = ((k, x), merge (a, b))
fun heapSort xs = let val h = foldl (fn (x, h) => insert (x, (), h)) E xs
                      fun drain h = (case popMin h of ((k, ()), rest) => k :: drain rest) handle EmptyHeap => []
                  in drain h end
fun insSort xs = let fun ins (x, []) = [x] | ins (x, y :: ys) = if x <= y then x :: y :: ys else y :: ins (x, ys) in foldl ins [] xs end
fun rand seed = (seed * 1103515245 + 12345) mod 2147483648
fun randoms (0, _) = [] | randoms (n, s) = let val s' = rand s in s' mod 1000 - 500 :: randoms (n - 1, s') end
val data = randoms (300, 42)
val sorted = heapSort data
val _ = p (if sorted = insSort data then "heap sort agrees" else "heap sort DIFFERS")
val _ = p (String.concatWith " " (map i (List.take (sorted, 10))) ^ " ... " ^ String.concatWith " " (map i (List.drop (sorted, 295))))
val _ = p ((case popMin (E : unit heap) of ((k, ()), _) => i k) handle EmptyHeap => "EmptyHeap")
(* the graph *)
val n = 8
val edges = [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 1), (2, 3, 5), (3, 4, 3), (4, 5, 1), (5, 3, 1), (6, 7, 2), (4, 0, 7)]
val adj = Array.array (n, [] : (int * int) list)
val _ = app (fn (a, b, w) => Array.update (adj, a, (b, w) :: Array.sub (adj, a))) edges
fun dijkstra src =
  let val dist = Array.array (n, ~1)
      fun loop h = case (SOME (popMin h) handle EmptyHeap => NONE) of
                     NONE => ()
                   | SOME ((d, v), rest) =>
                       if Array.sub (dist, v) >= 0 then loop rest
                       else (Array.update (dist, v, d);
                             loop (foldl (fn ((u, w), acc) => if Array.sub (dist, u) >= 0 then acc else insert (d + w, u, acc)) rest (Array.sub (adj, v))))
  in loop (insert (0, src, E)); dist end
fun showDist d = String.concatWith " " (List.tabulate (n, fn v => case Array.sub (d, v) of ~1 => "-" | k => i k))
val _ = app (fn s => p (i s ^ ": " ^ showDist (dijkstra s))) [0, 3, 6, 7]
