(* graphs as adjacency lists in an array: depth-first and breadth-first
   orders, topological sort with cycle detection (an exception), connected
   components, and shortest paths by BFS *)
val n = 8
val edges = [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4), (5, 6), (6, 7), (4, 1)]
fun build (n, es, directed) =
  let val adj = Array.array (n, [] : int list)
      fun add (a, b) = Array.update (adj, a, Array.sub (adj, a) @ [b])
  in app (fn (a, b) => (add (a, b); if directed then () else add (b, a))) es; adj end
val undirected = build (n, edges, false)
fun dfs adj start =
  let val seen = Array.array (Array.length adj, false)
      fun visit (v, acc) =
        if Array.sub (seen, v) then acc
        else (Array.update (seen, v, true); foldl visit (v :: acc) (Array.sub (adj, v)))
  in rev (visit (start, [])) end
fun bfs adj start =
  let val dist = Array.array (Array.length adj, ~1)
      fun loop ([], [], order) = rev order
        | loop ([], back, order) = loop (rev back, [], order)
        | loop (v :: front, back, order) =
            let val fresh = List.filter (fn w => Array.sub (dist, w) < 0) (Array.sub (adj, v))
            in app (fn w => Array.update (dist, w, Array.sub (dist, v) + 1)) fresh;
               loop (front, rev fresh @ back, v :: order)
            end
  in Array.update (dist, start, 0); (loop ([start], [], []), dist) end
fun showList l = String.concatWith " " (map Int.toString l)
val _ = print ("dfs: " ^ showList (dfs undirected 0) ^ "\n")
val (order, dist) = bfs undirected 0
val _ = print ("bfs: " ^ showList order ^ "\n")
val _ = print ("dist: " ^ showList (Array.foldr op:: [] dist) ^ "\n")
fun components adj =
  let val seen = Array.array (Array.length adj, false)
      fun mark v = if Array.sub (seen, v) then () else (Array.update (seen, v, true); app mark (Array.sub (adj, v)))
  in Array.foldli (fn (v, _, count) => if Array.sub (seen, v) then count else (mark v; count + 1)) 0 adj end
val _ = print ("components: " ^ Int.toString (components undirected) ^ "\n")
exception Cycle of int
fun topo adj =
  let val state = Array.array (Array.length adj, 0)  (* 0 new, 1 on stack, 2 done *)
      val out = ref []
      fun visit v =
        case Array.sub (state, v) of
          1 => raise Cycle v
        | 2 => ()
        | _ => (Array.update (state, v, 1); app visit (Array.sub (adj, v)); Array.update (state, v, 2); out := v :: !out)
  in Array.appi (fn (v, _) => visit v) adj; !out end
val dag = build (6, [(5, 2), (5, 0), (4, 0), (4, 1), (2, 3), (3, 1)], true)
val _ = print ("topo: " ^ showList (topo dag) ^ "\n")
val cyclic = build (n, edges, true)
val _ = print ((showList (topo cyclic)) handle Cycle v => "cycle through " ^ Int.toString v)
val _ = print "\n"
fun path adj (s, t) =
  let val prev = Array.array (Array.length adj, ~1)
      val _ = Array.update (prev, s, s)
      fun loop [] = ()
        | loop (v :: rest) =
            let val fresh = List.filter (fn w => Array.sub (prev, w) < 0) (Array.sub (adj, v))
            in app (fn w => Array.update (prev, w, v)) fresh; loop (rest @ fresh) end
      fun back v acc = if v = s then s :: acc else back (Array.sub (prev, v)) (v :: acc)
  in loop [s]; if Array.sub (prev, t) < 0 then NONE else SOME (back t []) end
val _ = app (fn (s, t) => print (Int.toString s ^ "->" ^ Int.toString t ^ ": " ^
                                  (case path undirected (s, t) of SOME p => showList p | NONE => "unreachable") ^ "\n"))
            [(0, 4), (2, 1), (5, 7), (0, 6), (7, 7)]
val _ = topo (build (2, [(0, 1), (1, 0)], true))
