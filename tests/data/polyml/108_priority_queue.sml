(* priority queues: a leftist heap (persistent) and a binary heap in an
   array (imperative), both used to sort, plus a k-smallest selection *)
datatype heap = Empty' | H of int * int * heap * heap   (* rank, value, left, right *)
fun rank Empty' = 0 | rank (H (r, _, _, _)) = r
fun make (x, a, b) = if rank a >= rank b then H (rank b + 1, x, a, b) else H (rank a + 1, x, b, a)
fun merge (h, Empty') = h
  | merge (Empty', h) = h
  | merge (h1 as H (_, x, a1, b1), h2 as H (_, y, a2, b2)) =
      if x <= y then make (x, a1, merge (b1, h2)) else make (y, a2, merge (h1, b2))
fun push (x, h) = merge (H (1, x, Empty', Empty'), h)
exception EmptyQueue
fun pop Empty' = raise EmptyQueue
  | pop (H (_, x, a, b)) = (x, merge (a, b))
fun drain h = (case pop h of (x, h') => x :: drain h') handle EmptyQueue => []
val data = [15, 3, 9, 27, 1, 8, 3, 12, 0, ~4, 20]
val _ = print (String.concatWith " " (map Int.toString (drain (foldl push Empty' data))) ^ "\n")
(* binary heap in a growable array *)
val store = ref (Array.array (4, 0))
val count = ref 0
fun grow () =
  let val old = !store
      val bigger = Array.array (2 * Array.length old, 0)
  in Array.appi (fn (i, x) => Array.update (bigger, i, x)) old; store := bigger end
fun heapPush x =
  let val _ = if !count = Array.length (!store) then grow () else ()
      val a = !store
      fun up i = if i > 0 andalso Array.sub (a, (i - 1) div 2) > Array.sub (a, i)
                 then let val p = (i - 1) div 2 val t = Array.sub (a, p)
                      in Array.update (a, p, Array.sub (a, i)); Array.update (a, i, t); up p end
                 else ()
  in Array.update (a, !count, x); count := !count + 1; up (!count - 1) end
fun heapPop () =
  if !count = 0 then raise EmptyQueue
  else
    let val a = !store
        val top = Array.sub (a, 0)
        val _ = count := !count - 1
        val _ = Array.update (a, 0, Array.sub (a, !count))
        fun down i =
          let val l = 2 * i + 1 val r = l + 1
              val m = if l < !count andalso Array.sub (a, l) < Array.sub (a, i) then l else i
              val m = if r < !count andalso Array.sub (a, r) < Array.sub (a, m) then r else m
          in if m = i then () else
               let val t = Array.sub (a, m) in Array.update (a, m, Array.sub (a, i)); Array.update (a, i, t); down m end
          end
    in down 0; top end
val _ = app heapPush data
val _ = print ("capacity " ^ Int.toString (Array.length (!store)) ^ "\n")
fun popAll () = if !count = 0 then [] else let val x = heapPop () in x :: popAll () end
val _ = print (String.concatWith " " (map Int.toString (popAll ())) ^ "\n")
fun kSmallest (k, l) =
  let val h = foldl push Empty' l
      fun take (0, _) = []
        | take (n, h) = let val (x, h') = pop h in x :: take (n - 1, h') end
  in take (k, h) end
val _ = print (String.concatWith " " (map Int.toString (kSmallest (4, data))) ^ "\n")
val _ = kSmallest (20, data)
