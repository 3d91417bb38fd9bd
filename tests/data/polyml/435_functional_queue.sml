(* Functional queues: the two-list (front, reversed back) queue with
   amortised O(1) operations, a persistent use showing old versions
   unchanged, a round-robin scheduler over the queue, a bounded queue
   that raises a user exception when full, and a deque built the same way. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun ints xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

datatype 'a queue = Q of 'a list * 'a list
exception EmptyQueue
val empty = Q ([], [])
fun isEmpty (Q ([], [])) = true
  | isEmpty _ = false
fun norm (Q ([], back)) = Q (rev back, [])
  | norm q = q
fun enqueue (Q (f, b), x) = norm (Q (f, x :: b))
fun dequeue (Q ([], _)) = raise EmptyQueue
  | dequeue (Q (x :: f, b)) = (x, norm (Q (f, b)))
fun toList (Q (f, b)) = f @ rev b
fun size (Q (f, b)) = length f + length b

val q1 = foldl (fn (x, q) => enqueue (q, x)) empty [1, 2, 3, 4]
val (a, q2) = dequeue q1
val q3 = enqueue (q2, 5)
val _ = pr ("q1 = " ^ ints (toList q1) ^ ", size " ^ pi (size q1))
val _ = pr ("dequeued " ^ pi a ^ ", q2 = " ^ ints (toList q2) ^ ", q3 = " ^ ints (toList q3))
val _ = pr ("q1 unchanged: " ^ ints (toList q1))
val _ = pr ("internal q3: " ^ (case q3 of Q (f, b) => ints f ^ " / " ^ ints b))
val _ = pr ("empty dequeue: " ^ ((pi (#1 (dequeue empty))) handle EmptyQueue => "EmptyQueue"))

(* drain a queue, collecting in order *)
fun drain q = if isEmpty q then [] else let val (x, q') = dequeue q in x :: drain q' end
val big = foldl (fn (x, q) => enqueue (q, x)) empty (List.tabulate (1000, fn i => i * i))
val drained = drain big
val _ = pr ("drained 1000: first " ^ pi (hd drained) ^ ", last " ^ pi (List.last drained) ^ ", sum " ^ pi (foldl op + 0 drained))

(* round-robin: each job needs some number of time slices *)
fun roundRobin (q, slice, log) =
    if isEmpty q then rev log
    else let val ((name, left), q') = dequeue q
         in if left <= slice then roundRobin (q', slice, (name ^ " done") :: log)
            else roundRobin (enqueue (q', (name, left - slice)), slice, (name ^ " ran") :: log)
         end
val jobs = foldl (fn (j, q) => enqueue (q, j)) empty [("A", 5), ("B", 2), ("C", 7)]
val _ = pr ("round robin: " ^ String.concatWith "; " (roundRobin (jobs, 2, [])))

(* bounded queue *)
exception Full of int
fun boundedEnqueue cap (q, x) = if size q >= cap then raise Full x else enqueue (q, x)
val bq = foldl (fn (x, q) => boundedEnqueue 3 (q, x)) empty [10, 20, 30]
val _ = pr ("bounded: " ^ ints (toList bq))
val _ = pr ("overflowing: " ^ (ints (toList (boundedEnqueue 3 (bq, 40))) handle Full x => "Full " ^ pi x))

(* deque *)
datatype 'a deque = D of 'a list * 'a list
fun pushFront (D (f, b), x) = D (x :: f, b)
fun pushBack (D (f, b), x) = D (f, x :: b)
fun popFront (D (x :: f, b)) = SOME (x, D (f, b))
  | popFront (D ([], [])) = NONE
  | popFront (D ([], b)) = popFront (D (rev b, []))
fun popBack (D (f, x :: b)) = SOME (x, D (f, b))
  | popBack (D ([], [])) = NONE
  | popBack (D (f, [])) = popBack (D ([], rev f))
val d = pushBack (pushBack (pushFront (pushFront (D ([], []), 2), 1), 3), 4)
fun showPop NONE = "none"
  | showPop (SOME (x, D (f, b))) = pi x ^ " leaving " ^ ints (f @ rev b)
val _ = pr ("popFront: " ^ showPop (popFront d))
val _ = pr ("popBack: " ^ showPop (popBack d))
val _ = pr ("popBack front-only: " ^ showPop (popBack (D ([7, 8, 9], []))))
val _ = pr ("popFront empty: " ^ showPop (popFront (D ([], [])) : (int * int deque) option))
