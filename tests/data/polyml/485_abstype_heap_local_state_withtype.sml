(* Abstract types and local declarations: a priority queue as an abstype
   (a leftist heap) whose representation is hidden, with an exception
   declared alongside it; a bank of counters whose state lives in a
   local declaration shared by the functions after `in`; withtype
   abbreviations in a datatype of jobs; and a scheduler that drains the
   queue. Popping the empty queue raises the queue's own exception. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

abstype 'a pq = E | N of int * int * 'a * 'a pq * 'a pq
with
    exception EmptyQueue
    val empty = E
    fun isEmpty E = true | isEmpty _ = false
    fun rank E = 0 | rank (N (r, _, _, _, _)) = r
    fun make (p, x, a, b) = if rank a >= rank b then N (rank b + 1, p, x, a, b) else N (rank a + 1, p, x, b, a)
    fun merge (h, E) = h
      | merge (E, h) = h
      | merge (h1 as N (_, p1, x1, a1, b1), h2 as N (_, p2, x2, a2, b2)) =
          if p1 <= p2 then make (p1, x1, a1, merge (b1, h2)) else make (p2, x2, a2, merge (h1, b2))
    fun insert (p, x, h) = merge (N (1, p, x, E, E), h)
    fun pop E = raise EmptyQueue
      | pop (N (_, p, x, a, b)) = ((p, x), merge (a, b))
    fun size E = 0 | size (N (_, _, _, a, b)) = 1 + size a + size b
end

local
    val counts = Array.array (4, 0)
    val names = Vector.fromList ["low", "normal", "high", "urgent"]
    fun level p = if p < 3 then 3 else if p < 6 then 2 else if p < 9 then 1 else 0
in
    fun record p = let val l = level p in Array.update (counts, l, Array.sub (counts, l) + 1); Vector.sub (names, l) end
    fun report () = String.concatWith ", " (List.tabulate (4, fn i => Vector.sub (names, i) ^ " " ^ pi (Array.sub (counts, i))))
end

datatype job = Job of string * priority * task list
and task = Step of string | Sub of job
withtype priority = int

fun countSteps (Job (_, _, tasks)) = foldl (fn (Step _, n) => n + 1 | (Sub j, n) => n + countSteps j) 0 tasks
fun jobName (Job (n, _, _)) = n
fun jobPriority (Job (_, p, _)) = p

val jobs = [Job ("backup", 7, [Step "snapshot", Step "copy", Step "verify"]),
            Job ("deploy", 2, [Step "build", Sub (Job ("tests", 1, [Step "unit", Step "integration"])), Step "release"]),
            Job ("email", 9, [Step "send"]),
            Job ("index", 5, []),
            Job ("alert", 0, [Step "page", Step "escalate"])]

val q = foldl (fn (j, h) => insert (jobPriority j, j, h)) empty jobs
val _ = pr ("queued " ^ pi (size q) ^ " jobs, empty? " ^ Bool.toString (isEmpty q))
fun drain h =
    if isEmpty h then ()
    else let val ((p, j), rest) = pop h
         in pr ("  run " ^ jobName j ^ " (priority " ^ pi p ^ ", " ^ record p ^ ", " ^ pi (countSteps j) ^ " steps)");
            drain rest
         end
val _ = drain q
val _ = pr ("levels: " ^ report ())
val _ = pr ("pop empty: " ^ ((ignore (pop (empty : int pq)); "popped") handle EmptyQueue => "EmptyQueue"))

(* the heap sorts *)
fun heapSort xs =
    let val h = foldl (fn (x, h) => insert (x, x, h)) empty xs
        fun go h = (let val ((_, x), rest) = pop h in x :: go rest end) handle EmptyQueue => []
    in go h end
val _ = pr ("heapSort: " ^ String.concatWith " " (map pi (heapSort [5, 3, 9, 1, 5, 8, 2, 7, 0, 6])))
val strings = heapSort [3, 1, 2]
val _ = pr ("duplicates and order: " ^ String.concatWith " " (map pi (heapSort [2, 2, 1, 1, 3, 3])) ^ " / " ^ pi (length strings))

(* local inside let, shadowing a record-like helper *)
val summary =
    let local fun sq x = x * x
        in fun sumSquares xs = foldl (fn (x, a) => a + sq x) 0 xs end
        val sq = "not the function"
    in pi (sumSquares [1, 2, 3, 4]) ^ " " ^ sq end
val _ = pr ("local in let: " ^ summary)
