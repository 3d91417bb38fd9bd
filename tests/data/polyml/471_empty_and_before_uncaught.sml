(* Empty from hd, tl, List.last and foldl-free reductions on empty lists,
   caught; `before` evaluating its left side first and its right side
   even when the left side's value is discarded; a queue of two lists
   whose dequeue raises Empty. The program ends with Empty raised inside
   the right operand of a `before`, after the left one has printed. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun try name f = pr (name ^ ": " ^ (f () handle Empty => "Empty"))
val _ = try "hd [1]" (fn () => pi (hd [1]))
val _ = try "hd []" (fn () => pi (hd ([] : int list)))
val _ = try "tl [1]" (fn () => pi (length (tl [1])))
val _ = try "tl []" (fn () => pi (length (tl ([] : int list))))
val _ = try "List.last" (fn () => pi (List.last [1, 2, 3]) ^ " " ^ pi (List.last ([] : int list)))
val _ = try "List.hd" (fn () => List.hd ["only"])
val _ = try "List.tl of tl" (fn () => pi (length (List.tl (List.tl [1]))))
val _ = try "List.getItem" (fn () => case List.getItem ([] : int list) of NONE => "NONE" | SOME _ => "SOME")

(* maximum of a list, Empty for none *)
fun maximum [] = raise Empty
  | maximum [x] = x
  | maximum (x :: xs) = Int.max (x, maximum xs)
val _ = try "maximum" (fn () => pi (maximum [3, 9, 2]) ^ " " ^ pi (maximum []))

(* a functional queue *)
datatype 'a queue = Q of 'a list * 'a list
val emptyQ = Q ([], [])
fun enqueue (Q (f, b), x) = Q (f, x :: b)
fun dequeue (Q ([], [])) = raise Empty
  | dequeue (Q ([], b)) = dequeue (Q (rev b, []))
  | dequeue (Q (x :: f, b)) = (x, Q (f, b))
fun drain q = let val (x, q') = dequeue q in x :: drain q' end handle Empty => []
val q = foldl (fn (x, q) => enqueue (q, x)) emptyQ [1, 2, 3, 4]
val (first, q2) = dequeue q
val q3 = enqueue (q2, 5)
val _ = pr ("queue: first " ^ pi first ^ ", rest " ^ String.concatWith " " (map pi (drain q3)))

(* before: left value kept, right side's effects happen afterwards *)
val trace : string list ref = ref []
fun note s = trace := s :: !trace
val v = (note "left"; 1) before note "right"
val _ = pr ("before: value " ^ pi v ^ ", order " ^ String.concatWith "," (rev (!trace)))
val counter = ref 0
fun next () = !counter before counter := !counter + 1
val taken = [next (), next (), next ()]
val _ = pr ("post-increment via before: " ^ String.concatWith " " (map pi taken) ^ ", counter " ^ pi (!counter))
val _ = pr ("before with Empty on the right: " ^
            ((pi (5 before ignore (hd ([] : int list)))) handle Empty => "Empty (value 5 discarded)"))
val _ = pr ("before with Empty on the left: " ^
            ((pi (hd ([] : int list) before note "never")) handle Empty => "Empty") ^
            ", trace length " ^ pi (length (!trace)))

(* popping from a stack held in a ref until it runs dry *)
val stack = ref [3, 2, 1]
fun pop () = hd (!stack) before stack := tl (!stack)
val _ = pr ("popped " ^ pi (pop ()) ^ " " ^ pi (pop ()) ^ " " ^ pi (pop ()))
val _ = pr ("pop on empty: " ^ (pi (pop ()) handle Empty => "Empty") ^ ", stack size " ^ pi (length (!stack)))

(* the final, unhandled one: the left side prints, then the right side raises *)
val _ = pr "last line before the failure" before ignore (tl (!stack))
val _ = pr "not reached"
