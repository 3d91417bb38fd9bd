(* a functional queue as a pair of lists (front, reversed back), with an
   amortised check, a breadth-first traversal using it, and Empty on underflow *)
type 'a queue = 'a list * 'a list
val empty : 'a queue = ([], [])
fun isEmpty (([], []) : 'a queue) = true
  | isEmpty _ = false
fun enqueue ((f, b) : 'a queue, x) : 'a queue = (f, x :: b)
fun dequeue (([], []) : 'a queue) = raise Empty
  | dequeue ([], b) = dequeue (rev b, [])
  | dequeue (x :: f, b) = (x, (f, b))
fun fromList l = foldl (fn (x, q) => enqueue (q, x)) empty l
fun toList q = if isEmpty q then [] else let val (x, q') = dequeue q in x :: toList q' end
val q = fromList [1, 2, 3]
val (a, q) = dequeue q
val q = enqueue (enqueue (q, 4), 5)
val (b, q) = dequeue q
val _ = print (Int.toString a ^ " " ^ Int.toString b ^ " rest " ^ String.concatWith "," (map Int.toString (toList q)) ^ "\n")
datatype 'a tree = Lf | Br of 'a tree * 'a * 'a tree
fun bfs t =
  let fun loop q acc =
        if isEmpty q then rev acc
        else case dequeue q of
               (Lf, q') => loop q' acc
             | (Br (l, x, r), q') => loop (enqueue (enqueue (q', l), r)) (x :: acc)
  in loop (enqueue (empty, t)) [] end
fun complete (lo, hi) = if lo > hi then Lf else let val m = (lo + hi) div 2 in Br (complete (lo, m - 1), m, complete (m + 1, hi)) end
val _ = print (String.concatWith " " (map Int.toString (bfs (complete (1, 15)))) ^ "\n")
val _ = print (String.concatWith " " (bfs (Br (Br (Lf, "b", Br (Lf, "d", Lf)), "a", Br (Lf, "c", Lf)))) ^ "\n")
(* a simulation: round-robin scheduling of jobs with remaining work *)
fun roundRobin (jobs, quantum) =
  let fun go (q, t, log) =
        if isEmpty q then rev log
        else let val ((name, work), q') = dequeue q in
               if work <= quantum then go (q', t + work, (name ^ "@" ^ Int.toString (t + work)) :: log)
               else go (enqueue (q', (name, work - quantum)), t + quantum, log)
             end
  in go (fromList jobs, 0, []) end
val _ = print (String.concatWith " " (roundRobin ([("A", 5), ("B", 2), ("C", 7), ("D", 3)], 2)) ^ "\n")
val big = fromList (List.tabulate (10000, fn i => i))
val _ = print (Int.toString (foldl op+ 0 (toList big)) ^ "\n")
val _ = dequeue (let val (_, q) = dequeue (fromList [1]) in q end)
