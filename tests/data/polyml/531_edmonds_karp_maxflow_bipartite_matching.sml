(* Edmonds-Karp maximum flow on an Array2 capacity matrix, then bipartite
   matching as a flow problem; BFS with an array-based queue. *)
fun maxflow (cap : int Array2.array, s, t) =
  let
    val n = Array2.nRows cap
    val flow = Array2.array (n, n, 0)
    fun residual (u, v) = Array2.sub (cap, u, v) - Array2.sub (flow, u, v)
    fun bfs () =
      let val parent = Array.array (n, ~1)
          val queue = Array.array (n, 0)
          val _ = Array.update (parent, s, s)
          fun loop (head, tail) =
            if head >= tail then ()
            else let val u = Array.sub (queue, head)
                     fun visit (v, tail) =
                       if v >= n then tail
                       else if Array.sub (parent, v) < 0 andalso residual (u, v) > 0
                       then (Array.update (parent, v, u); Array.update (queue, tail, v); visit (v + 1, tail + 1))
                       else visit (v + 1, tail)
                 in loop (head + 1, visit (0, tail)) end
      in Array.update (queue, 0, s); loop (0, 1);
         if Array.sub (parent, t) < 0 then NONE else SOME parent
      end
    fun augment total =
      case bfs () of
        NONE => total
      | SOME parent =>
          let fun bottleneck (v, b) = if v = s then b
                                      else let val u = Array.sub (parent, v) in bottleneck (u, Int.min (b, residual (u, v))) end
              val b = bottleneck (t, valOf Int.maxInt)
              fun push v = if v = s then ()
                           else let val u = Array.sub (parent, v)
                                in Array2.update (flow, u, v, Array2.sub (flow, u, v) + b);
                                   Array2.update (flow, v, u, Array2.sub (flow, v, u) - b);
                                   push u end
          in push t; augment (total + b) end
  in (augment 0, flow) end

fun graph (n, edges) =
  let val c = Array2.array (n, n, 0)
  in app (fn (u, v, w) => Array2.update (c, u, v, Array2.sub (c, u, v) + w)) edges; c end

val g1 = graph (6, [(0,1,16),(0,2,13),(1,2,10),(2,1,4),(1,3,12),(3,2,9),(2,4,14),(4,3,7),(3,5,20),(4,5,4)])
val (f1, fl) = maxflow (g1, 0, 5)
val _ = print ("max flow = " ^ Int.toString f1 ^ "\n")
val _ = Array2.app Array2.RowMajor (fn _ => ()) fl
val _ = List.app (fn u => (List.app (fn v => let val x = Array2.sub (fl, u, v)
                                             in print (StringCvt.padLeft #" " 4 (Int.toString (Int.max (x, 0)))) end)
                                    (List.tabulate (6, fn v => v)); print "\n"))
                 (List.tabulate (6, fn u => u))

(* bipartite matching: workers 1..4, jobs 5..9, source 0, sink 10 *)
val workers = ["ann", "bob", "cy", "dee"]
val jobs = ["cook", "drive", "paint", "type", "sing"]
val likes = [(1, [5, 6]), (2, [5]), (3, [6, 7, 8]), (4, [5, 6])]
val edges = map (fn w => (0, w, 1)) [1,2,3,4] @ map (fn j => (j, 10, 1)) [5,6,7,8,9]
            @ List.concat (map (fn (w, js) => map (fn j => (w, j, 1)) js) likes)
val (m, mf) = maxflow (graph (11, edges), 0, 10)
val _ = print ("matching size " ^ Int.toString m ^ "\n")
val _ = List.app (fn (w, js) => List.app (fn j => if Array2.sub (mf, w, j) = 1
                   then print ("  " ^ List.nth (workers, w - 1) ^ " -> " ^ List.nth (jobs, j - 5) ^ "\n") else ()) js) likes
val (z, _) = maxflow (graph (3, [(0, 1, 5)]), 0, 2)
val _ = print ("disconnected: " ^ Int.toString z ^ "\n")
val _ = maxflow (graph (2, [(0, 1, 1)]), 0, 2)
