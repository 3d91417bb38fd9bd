(* A discrete-event simulation of a small bank branch: a binomial-heap
   agenda of timed closures, customers with patience, tellers in an
   array, per-run generative exceptions, and statistics. *)

datatype 'a tree = Node of int * 'a * 'a tree list
type 'a heap = 'a tree list

local
  fun rank (Node (r, _, _)) = r
  fun root (Node (_, x, _)) = x
in
  fun makeHeap (leq : 'a * 'a -> bool) =
    let
      fun link (t1 as Node (r, x1, c1), t2 as Node (_, x2, c2)) =
        if leq (x1, x2) then Node (r + 1, x1, t2 :: c1) else Node (r + 1, x2, t1 :: c2)
      fun insTree (t, []) = [t]
        | insTree (t, ts as t' :: rest) = if rank t < rank t' then t :: ts else insTree (link (t, t'), rest)
      fun merge (ts, []) = ts
        | merge ([], ts) = ts
        | merge (ts1 as t1 :: r1, ts2 as t2 :: r2) =
            if rank t1 < rank t2 then t1 :: merge (r1, ts2)
            else if rank t2 < rank t1 then t2 :: merge (ts1, r2)
            else insTree (link (t1, t2), merge (r1, r2))
      fun removeMin [] = NONE
        | removeMin [t] = SOME (t, [])
        | removeMin (t :: ts) =
            (case removeMin ts of
               SOME (t', ts') => if leq (root t, root t') then SOME (t, ts) else SOME (t', t :: ts')
             | NONE => SOME (t, []))
      fun insert (x, h) = insTree (Node (0, x, []), h)
      fun pop h = Option.map (fn (Node (_, x, c), rest) => (x, merge (rev c, rest))) (removeMin h)
    in (insert, pop) end
end

(* Events are ordered by time, then by sequence number (FIFO among equals). *)
type event = int * int * (unit -> unit)
val (insertEvent, popEvent) = makeHeap (fn ((t1, s1, _) : event, (t2, s2, _) : event) =>
                                          t1 < t2 orelse (t1 = t2 andalso s1 <= s2))

val agenda = ref ([] : event heap)
val now = ref 0
val seq = ref 0
fun schedule (delay, action) =
  (seq := !seq + 1; agenda := insertEvent ((!now + delay, !seq, action), !agenda))

fun runUntil limit =
  let fun loop count =
        case popEvent (!agenda) of
          NONE => count
        | SOME ((t, _, action), rest) =>
            if t > limit then count
            else (agenda := rest; now := t; action (); loop (count + 1))
  in loop 0 end

(* --- the branch --- *)
val seed = ref 99
fun rand n = (seed := (!seed * 16807) mod 2147483647; !seed mod n)

val tellers = Array.array (3, NONE : int option)        (* customer being served *)
val queue = ref ([] : (int * int) list)                  (* (id, arrival), oldest last *)
val served = ref 0 and balked = ref 0 and reneged = ref 0
val totalWait = ref 0 and maxWait = ref 0
val logLines = ref 0

fun log s = if !logLines < 25 then (logLines := !logLines + 1;
                                    print (StringCvt.padLeft #" " 5 (Int.toString (!now)) ^ "  " ^ s ^ "\n"))
            else ()

fun cust id = "c" ^ Int.toString id

fun startService (teller, (id, arrived)) =
  let val wait = !now - arrived
  in
    Array.update (tellers, teller, SOME id);
    totalWait := !totalWait + wait;
    maxWait := Int.max (!maxWait, wait);
    log (cust id ^ " at teller " ^ Int.toString teller ^ " after " ^ Int.toString wait);
    schedule (5 + rand 20, fn () => finish teller)
  end

and finish teller =
  (served := !served + 1;
   log ("teller " ^ Int.toString teller ^ " done with " ^ cust (valOf (Array.sub (tellers, teller))));
   Array.update (tellers, teller, NONE);
   case rev (!queue) of
     [] => ()
   | next :: rest => (queue := rev rest; startService (teller, next)))

fun arrive id =
  (case Array.findi (fn (_, t) => not (isSome t)) tellers of
     SOME (i, _) => startService (i, (id, !now))
   | NONE =>
       if length (!queue) >= 6 then (balked := !balked + 1; log (cust id ^ " balks"))
       else
         (queue := (id, !now) :: !queue;
          (* impatient customers leave if still queued after their patience runs out *)
          schedule (15 + rand 30, fn () =>
            if List.exists (fn (i, _) => i = id) (!queue)
            then (queue := List.filter (fn (i, _) => i <> id) (!queue);
                  reneged := !reneged + 1; log (cust id ^ " gives up"))
            else ()));
   if id < 200 then schedule (1 + rand 8, fn () => arrive (id + 1)) else ())

val () = schedule (0, fn () => arrive 1)
val events = runUntil 100000
val () = print ("events " ^ Int.toString events ^ ", clock " ^ Int.toString (!now) ^ "\n")
val () = print ("served " ^ Int.toString (!served) ^ ", balked " ^ Int.toString (!balked) ^
                ", reneged " ^ Int.toString (!reneged) ^ "\n")
val () = print ("mean wait x10 " ^ Int.toString (!totalWait * 10 div Int.max (1, !served)) ^
                ", max wait " ^ Int.toString (!maxWait) ^ "\n")
val () = print ("all customers accounted for: " ^
                Bool.toString (!served + !balked + !reneged = 200) ^ "\n")

(* --- generative exceptions: each call of `attempt` has its own Abort --- *)
fun attempt (name, f) =
  let exception Abort of string
      fun guard x = if x < 0 then raise Abort (name ^ " negative") else x
  in (f guard; name ^ ": ok") handle Abort m => name ^ ": aborted (" ^ m ^ ")" end

val () = print (attempt ("one", fn g => ignore (g 3 + g 4)) ^ "\n")
val () = print (attempt ("two", fn g => ignore (g 3 + g ~4)) ^ "\n")

(* An exception escaping its own handler's scope is caught only by a wildcard. *)
fun leaky () = let exception Hidden in fn () => raise Hidden end
val thrower = leaky ()
val () = print ((thrower (); "no") handle _ => "caught the hidden exception\n")

(* Two instances of the same declaration are different exceptions. *)
fun mk () = let exception E of int in (E, fn (E n) => SOME n | _ => NONE) end
val (e1, match1) = mk ()
val (e2, match2) = mk ()
val () = print (String.concatWith " " (map (fn (e, m) => case m e of SOME n => Int.toString n | NONE => "-")
                                          [(e1 1, match1), (e2 2, match1), (e1 3, match2), (e2 4, match2)]) ^ "\n")

(* Statistics of teller use with Vector and ListPair. *)
val names = Vector.fromList ["north", "middle", "south"]
val loads = Vector.tabulate (3, fn i => i * 7 + 3)
val () = print (ListPair.foldrEq (fn (n, l, acc) => n ^ "=" ^ Int.toString l ^ " " ^ acc) ""
                  (Vector.foldr op:: [] names, Vector.foldr op:: [] loads) ^ "\n")
val () = print (Int.fmt StringCvt.BIN 2024 ^ " " ^ Int.fmt StringCvt.OCT 2024 ^ " " ^ Int.fmt StringCvt.HEX 2024 ^ "\n")
val _ = ListPair.foldrEq (fn (a, b, acc) => a + b + acc) 0 ([1, 2, 3], [4, 5])
