(* Queues and polymorphic datatypes: a functional two-list queue and a
   mutable ring buffer behind the same operations (passed as a tuple of
   functions), a breadth-first traversal of a polymorphic rose tree with
   the queue, a datatype with two type parameters and mutually recursive
   datatypes over them, polymorphic functions instantiated at several
   types in one expression, equality on datatype values (''a), and option
   and either-like plumbing. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype 'a queue = Q of 'a list * 'a list
val emptyQ = Q ([], [])
fun pushQ (x, Q (f, b)) = Q (f, x :: b)
fun popQ (Q ([], [])) = NONE
  | popQ (Q ([], b)) = popQ (Q (rev b, []))
  | popQ (Q (x :: f, b)) = SOME (x, Q (f, b))
fun drain q = case popQ q of NONE => [] | SOME (x, q') => x :: drain q'

val q1 = foldl pushQ emptyQ [1, 2, 3]
val SOME (first, q2) = popQ q1
val q3 = pushQ (4, pushQ (5, q2))
val () = pr ("first " ^ pi first ^ ", rest " ^ String.concatWith " " (map pi (drain q3)))
(* persistence: q1 still holds everything *)
val () = pr ("q1 again " ^ String.concatWith " " (map pi (drain q1)))

(* a ring buffer of fixed capacity, raising Full/Empty with what it knows *)
exception Full of int
exception EmptyRing
fun ring (capacity, filler) =
    let val items = Array.array (capacity, filler)
        val head = ref 0 and count = ref 0
        fun push x = if !count = capacity then raise Full capacity
                     else (Array.update (items, (!head + !count) mod capacity, x); count := !count + 1)
        fun pop () = if !count = 0 then raise EmptyRing
                     else let val x = Array.sub (items, !head) in head := (!head + 1) mod capacity; count := !count - 1; x end
    in (push, pop, fn () => !count) end
val (push, pop, len) = ring (3, "")
val () = (push "a"; push "b"; push "c")
val () = pr ("full: " ^ ((push "d"; "pushed") handle Full n => "Full " ^ pi n))
val x1 = pop ()
val () = (push "d"; push "e" handle Full _ => ())
val () = pr ("ring: " ^ x1 ^ " then " ^ String.concatWith "" (List.tabulate (len (), fn _ => pop ())) ^ "; empty: " ^ ((pop ()) handle EmptyRing => "EmptyRing"))

(* BFS over a rose tree with the functional queue *)
datatype 'a rose = Rose of 'a * 'a rose list
fun bfs t =
    let fun go q = case popQ q of
                       NONE => []
                     | SOME (Rose (x, kids), q') => x :: go (foldl pushQ q' kids)
    in go (pushQ (t, emptyQ)) end
fun dfs (Rose (x, kids)) = x :: List.concat (map dfs kids)
val tree = Rose ("r", [Rose ("a", [Rose ("a1", []), Rose ("a2", [Rose ("a2x", [])])]), Rose ("b", []), Rose ("c", [Rose ("c1", [])])])
val () = pr ("bfs: " ^ String.concatWith " " (bfs tree))
val () = pr ("dfs: " ^ String.concatWith " " (dfs tree))
fun mapRose f (Rose (x, kids)) = Rose (f x, map (mapRose f) kids)
val () = pr ("sizes bfs: " ^ String.concatWith " " (map pi (bfs (mapRose size tree))))

(* two type parameters, mutually recursive datatypes *)
datatype ('k, 'v) entry = Entry of 'k * 'v | Tomb of 'k
datatype ('k, 'v) forest = Empty | Grove of ('k, 'v) tree list
     and ('k, 'v) tree = Tree of ('k, 'v) entry * ('k, 'v) forest
fun entries Empty = []
  | entries (Grove ts) = List.concat (map treeEntries ts)
and treeEntries (Tree (e, f)) = e :: entries f
fun live es = List.mapPartial (fn Entry (k, v) => SOME (k, v) | Tomb _ => NONE) es
val f1 = Grove [Tree (Entry (1, "one"), Grove [Tree (Tomb 2, Empty), Tree (Entry (3, "three"), Empty)]), Tree (Entry (4, "four"), Empty)]
val () = pr ("live: " ^ String.concatWith ", " (map (fn (k, v) => pi k ^ "=" ^ v) (live (entries f1))))
val f2 = Grove [Tree (Entry ("x", [1, 2]), Empty), Tree (Tomb "y", Empty)]
val () = pr ("other instance: " ^ String.concatWith ", " (map (fn (k, v) => k ^ ":" ^ pi (length v)) (live (entries f2))))

(* equality on datatype values *)
fun member (x, []) = false
  | member (x, y :: ys) = x = y orelse member (x, ys)
val () = pr ("eq: " ^ String.concatWith " " (map Bool.toString
              [Entry (1, "a") = Entry (1, "a"), Entry (1, "a") = Tomb 1, member (Tomb "y", [Entry ("y", 0), Tomb "y"]),
               Q ([1], [2]) = Q ([1], [2]), Q ([1], [2]) = Q ([1, 2], []), Rose (1, []) = Rose (1, [Rose (2, [])])]))
fun dedup [] = [] | dedup (x :: xs) = x :: dedup (List.filter (fn y => y <> x) xs)
val () = pr ("dedup: " ^ pi (length (dedup [SOME 1, NONE, SOME 1, SOME 2, NONE])))

(* one polymorphic function at several types in one expression *)
fun pairUp x = (x, x)
fun twice f x = f (f x)
val (((a, b), (c, d)), e) = (pairUp (pairUp 1), pairUp "s")
val () = pr ("instances: " ^ pi (a + b + c + d) ^ " " ^ (case e of (s, t) => s ^ t) ^ " " ^ pi (length (drain (twice (fn q => pushQ ([true], q)) emptyQ))))
