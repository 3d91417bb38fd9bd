(* A two-level generated ring buffer: the capacity is known at stage 1,
   the element transformation at stage 2; the buffer's array is created
   by the stage-2 code when it runs. Reading an empty slot is caught and
   reported; finally a raw read at an index past the capacity, outside
   any handler, raises Subscript from the array access in the stage-2
   code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
exception EmptyBuffer

(* push, get i (i-th newest), raw array read, count *)
type ops = (int -> unit) * (int -> int) * (int -> int) * (unit -> int)
val ring : [int -> [(int -> int) -> ops]] =
    code (fn capacity =>
      let cogen cap = lift capacity
      in code (fn transform =>
           let val items = Array.array (cap, 0)
               val next = ref 0
               val count = ref 0
               fun push x = (Array.update (items, !next, transform x); next := (!next + 1) mod cap; count := Int.min (cap, !count + 1))
               fun get i = if i >= !count then raise EmptyBuffer else Array.sub (items, (!next - 1 - i + cap) mod cap)
               fun raw i = Array.sub (items, i)
           in (push, get, raw, fn () => !count) end)
      end)

val ofCapacity = eval ring
val four = eval (ofCapacity 4)
val (push, get, raw, count) = four (fn x => x * 10)
val _ = List.app push [1, 2, 3, 4, 5, 6]
val _ = pr (String.concatWith " " (List.tabulate (4, fn i => pi (get i))) ^ " count " ^ pi (count ()))
val (push2, get2, raw2, count2) = four (fn x => ~x)
val _ = push2 7
val _ = pr (pi (get2 0) ^ " " ^ ((pi (get2 1)) handle EmptyBuffer => "empty") ^ " count " ^ pi (count2 ()))
val _ = pr ((pi (raw2 4)) handle Subscript => "raw read past capacity caught")
(* a bigger buffer used heavily *)
val (pushB, getB, _, countB) = eval (ofCapacity 1000) (fn x => x mod 97)
val _ = List.app pushB (List.tabulate (25000, fn i => i * 31))
val _ = pr (pi (countB ()) ^ " " ^ pi (foldl op+ 0 (List.tabulate (1000, getB))))
val _ = pr "reading slot 4 of a 4-slot buffer"
val _ = pr (pi (raw 4))
val _ = pr "not reached"
