(* An LRU cache of fixed capacity: a doubly linked list kept in arrays of
   indices (prev/next), a chained hash table from keys to slots, and hit/miss
   statistics; a memoised slow function runs through it. *)
exception CacheBug of string * int

fun newCache capacity =
  let val keys = Array.array (capacity, 0)
      val vals = Array.array (capacity, "")
      val prev = Array.array (capacity, ~1)
      val next = Array.array (capacity, ~1)
      val table : (int * int) list array = Array.array (13, [])
      val head = ref ~1 and tail = ref ~1 and used = ref 0
      val hits = ref 0 and misses = ref 0 and evictions = ref 0
      fun bucket k = k mod 13
      fun find k = Option.map #2 (List.find (fn (k', _) => k' = k) (Array.sub (table, bucket k)))
      fun unlink i =
        let val p = Array.sub (prev, i) val n = Array.sub (next, i)
        in if p >= 0 then Array.update (next, p, n) else head := n;
           if n >= 0 then Array.update (prev, n, p) else tail := p
        end
      fun pushFront i =
        (Array.update (prev, i, ~1); Array.update (next, i, !head);
         if !head >= 0 then Array.update (prev, !head, i) else tail := i;
         head := i)
      fun forget k = Array.update (table, bucket k, List.filter (fn (k', _) => k' <> k) (Array.sub (table, bucket k)))
      fun get (k, compute) =
        case find k of
          SOME i => (hits := !hits + 1; unlink i; pushFront i; Array.sub (vals, i))
        | NONE =>
            let val v = compute k
                val i = if !used < capacity then (used := !used + 1; !used - 1)
                        else let val victim = !tail
                             in if victim < 0 then raise CacheBug ("empty tail", k) else ();
                                evictions := !evictions + 1;
                                unlink victim; forget (Array.sub (keys, victim)); victim end
            in misses := !misses + 1;
               Array.update (keys, i, k); Array.update (vals, i, v);
               Array.update (table, bucket k, (k, i) :: Array.sub (table, bucket k));
               pushFront i; v
            end
      fun order () =
        let fun go (i, acc) = if i < 0 then rev acc else go (Array.sub (next, i), Array.sub (keys, i) :: acc)
        in go (!head, []) end
      fun stats () = (!hits, !misses, !evictions)
  in (get, order, stats) end

val calls = ref 0
fun slowSquare k = (calls := !calls + 1; Int.toString (k * k))

val (get, order, stats) = newCache 4
fun show () = print ("  order: " ^ String.concatWith " " (map Int.toString (order ())) ^ "\n")
val _ = app (fn k => print (Int.toString k ^ " -> " ^ get (k, slowSquare) ^ "\n"))
            [1, 2, 3, 1, 4, 5, 2, 1, 26, 13, 1]
val _ = show ()
val (h, m, e) = stats ()
val _ = print (concat ["hits ", Int.toString h, " misses ", Int.toString m, " evictions ", Int.toString e,
                       " calls ", Int.toString (!calls), "\n"])

(* a bigger workload: a pseudo-random access pattern skewed toward small keys *)
val (get2, order2, stats2) = newCache 8
val state = ref 0w7
fun nextKey () = (state := Word.andb (!state * 0w69069 + 0w1, 0wxFFFFFFFF);
                  let val r = Word.toInt (Word.>> (!state, 0w16)) in (r mod 7) * (r mod 5) end)
val _ = List.app (fn _ => ignore (get2 (nextKey (), slowSquare))) (List.tabulate (500, fn i => i))
val (h2, m2, e2) = stats2 ()
val _ = print (concat ["hits ", Int.toString h2, " misses ", Int.toString m2, " evictions ", Int.toString e2, "\n"])
val _ = print ("  order: " ^ String.concatWith " " (map Int.toString (order2 ())) ^ "\n")
val (get0, _, _) = newCache 0
val _ = get0 (1, slowSquare)
