(* Graph algorithms with arrays and lists: depth-first search with
   discovery and finishing times, topological order from finishing times,
   strongly connected components (Kosaraju: a second search on the
   reversed graph), Floyd-Warshall all-pairs distances in a flat array
   with an "infinity" sentinel, bipartiteness by two-colouring, and a
   minimum spanning tree by Prim's selection. A missing vertex raises
   an exception with the vertex. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun ints xs = String.concatWith " " (map pi xs)

exception NoVertex of int

fun graph (n, edges) =
    let val g = Array.array (n, [])
    in app (fn (u, v) => if u < 0 orelse u >= n then raise NoVertex u
                         else if v < 0 orelse v >= n then raise NoVertex v
                         else Array.update (g, u, Array.sub (g, u) @ [v])) edges;
       g
    end
fun reverse g =
    let val r = Array.array (Array.length g, [])
    in Array.appi (fn (u, vs) => app (fn v => Array.update (r, v, Array.sub (r, v) @ [u])) vs) g; r end

fun dfsTimes g =
    let val n = Array.length g
        val disc = Array.array (n, ~1)
        val fin = Array.array (n, ~1)
        val clock = ref 0
        val order = ref []
        fun visit u =
            (Array.update (disc, u, !clock); clock := !clock + 1;
             app (fn v => if Array.sub (disc, v) < 0 then visit v else ()) (Array.sub (g, u));
             Array.update (fin, u, !clock); clock := !clock + 1;
             order := u :: !order)
        fun all u = if u >= n then () else (if Array.sub (disc, u) < 0 then visit u else (); all (u + 1))
    in all 0; (disc, fin, !order) end

fun scc g =
    let val (_, _, order) = dfsTimes g
        val r = reverse g
        val comp = Array.array (Array.length g, ~1)
        fun mark c u = if Array.sub (comp, u) >= 0 then ()
                       else (Array.update (comp, u, c); app (mark c) (Array.sub (r, u)))
        val count = foldl (fn (u, c) => if Array.sub (comp, u) >= 0 then c else (mark c u; c + 1)) 0 order
        val groups = List.tabulate (count, fn c => List.filter (fn u => Array.sub (comp, u) = c) (List.tabulate (Array.length g, fn u => u)))
    in groups end

val g1 = graph (8, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3), (6, 5), (6, 7), (7, 6)])
val (disc, fin, order) = dfsTimes g1
val _ = pr ("discovery: " ^ ints (Array.foldr op :: [] disc))
val _ = pr ("finish:    " ^ ints (Array.foldr op :: [] fin))
val _ = pr ("by decreasing finish: " ^ ints order)
val _ = pr ("components: " ^ String.concatWith " | " (map ints (scc g1)))

val dag = graph (6, [(5, 2), (5, 0), (4, 0), (4, 1), (2, 3), (3, 1)])
val (_, _, topo) = dfsTimes dag
val _ = pr ("topological order: " ^ ints topo)
val _ = pr ("bad edge: " ^ ((ignore (graph (3, [(0, 1), (1, 7)])); "built") handle NoVertex v => "no vertex " ^ pi v))

(* Floyd-Warshall on a weighted digraph *)
val inf = 1000000
fun floyd (n, wedges) =
    let val d = Array.tabulate (n * n, fn k => if k div n = k mod n then 0 else inf)
        fun at (i, j) = Array.sub (d, i * n + j)
        val _ = app (fn (u, v, w) => Array.update (d, u * n + v, Int.min (w, at (u, v)))) wedges
        fun loopK k = if k = n then () else
            (List.app (fn i => List.app (fn j =>
                 if at (i, k) < inf andalso at (k, j) < inf andalso at (i, k) + at (k, j) < at (i, j)
                 then Array.update (d, i * n + j, at (i, k) + at (k, j)) else ())
               (List.tabulate (n, fn j => j))) (List.tabulate (n, fn i => i));
             loopK (k + 1))
    in loopK 0; at end
val dist = floyd (5, [(0, 1, 3), (0, 2, 8), (0, 4, ~4), (1, 3, 1), (1, 4, 7), (2, 1, 4), (3, 0, 2), (3, 2, ~5), (4, 3, 6)])
val _ = List.app (fn i => pr ("row " ^ pi i ^ ": " ^ String.concatWith " " (List.tabulate (5, fn j => let val x = dist (i, j) in if x >= inf then "inf" else pi x end))))
                 [0, 1, 2, 3, 4]

(* two-colouring *)
fun bipartite (n, edges) =
    let val g = graph (n, edges @ map (fn (u, v) => (v, u)) edges)
        val colour = Array.array (n, ~1)
        exception Odd of int * int
        fun paint (u, c) =
            if Array.sub (colour, u) = c then ()
            else if Array.sub (colour, u) >= 0 then raise Odd (u, c)
            else (Array.update (colour, u, c); app (fn v => paint (v, 1 - c)) (Array.sub (g, u)))
        fun all u = if u = n then () else (if Array.sub (colour, u) < 0 then paint (u, 0) else (); all (u + 1))
    in (all 0; "bipartite: " ^ ints (Array.foldr op :: [] colour)) handle Odd (u, _) => "odd cycle through " ^ pi u end
val _ = pr (bipartite (6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]))
val _ = pr (bipartite (5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]))

(* Prim's minimum spanning tree on an undirected weighted graph *)
fun prim (n, wedges) =
    let val inTree = Array.array (n, false)
        fun candidates () = List.filter (fn (u, v, _) => Array.sub (inTree, u) <> Array.sub (inTree, v)) wedges
        fun grow (acc, total) =
            case candidates () of
                [] => (rev acc, total)
              | c :: cs =>
                  let val (u, v, w) = foldl (fn (e as (_, _, w), best as (_, _, bw)) => if w < bw then e else best) c cs
                  in Array.update (inTree, u, true); Array.update (inTree, v, true); grow ((u, v) :: acc, total + w) end
    in Array.update (inTree, 0, true); grow ([], 0) end
val (tree, weight) = prim (6, [(0, 1, 4), (0, 2, 4), (1, 2, 2), (2, 3, 3), (2, 5, 2), (2, 4, 4), (3, 4, 3), (5, 4, 3)])
val _ = pr ("spanning tree weight " ^ pi weight ^ ": " ^ String.concatWith " " (map (fn (u, v) => pi u ^ "-" ^ pi v) tree))
