(* a discrete event simulation of a bank queue with a deterministic
   pseudo-random generator, using refs, while loops, arrays as counters
   and a two-list queue; prints statistics *)
val seed = ref 12345
fun random n = (seed := (!seed * 1103515245 + 12345) mod 2147483648; (!seed div 65536) mod n)
val front = ref ([] : int list)
val back = ref ([] : int list)
fun enqueue x = back := x :: !back
fun dequeue () =
  case !front of
    x :: rest => (front := rest; SOME x)
  | [] => (case rev (!back) of
             [] => NONE
           | x :: rest => (front := rest; back := []; SOME x))
fun queueLength () = length (!front) + length (!back)
val served = ref 0
val totalWait = ref 0
val maxQueue = ref 0
val busyUntil = ref 0
val waits = Array.array (6, 0)
val tick = ref 0
val _ =
  while !tick < 500 do
    (if random 10 < 3 then enqueue (!tick) else ();
     if !tick >= !busyUntil then
       (case dequeue () of
          SOME arrived =>
            let val wait = !tick - arrived in
              served := !served + 1;
              totalWait := !totalWait + wait;
              Array.update (waits, Int.min (wait div 5, 5), Array.sub (waits, Int.min (wait div 5, 5)) + 1);
              busyUntil := !tick + 1 + random 5
            end
        | NONE => ())
     else ();
     maxQueue := Int.max (!maxQueue, queueLength ());
     tick := !tick + 1)
val _ = print ("served " ^ Int.toString (!served) ^ ", waiting " ^ Int.toString (queueLength ()) ^ "\n")
val _ = print ("average wait " ^ Int.toString (!totalWait div Int.max (!served, 1)) ^ ", max queue " ^ Int.toString (!maxQueue) ^ "\n")
val _ = Array.appi (fn (i, n) => print ((if i = 5 then "25+" else Int.toString (i * 5) ^ "-" ^ Int.toString (i * 5 + 4)) ^ ": " ^ Int.toString n ^ "\n")) waits
val _ = print (Int.toString (random 1000) ^ " " ^ Int.toString (random 1000) ^ "\n")
