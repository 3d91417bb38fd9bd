(* Dijkstra's shortest paths with a leftist heap over an adjacency array,
   path reconstruction, and a binomial heap used for heap sort. *)

datatype 'a heap = E | T of int * 'a * 'a heap * 'a heap

fun rank E = 0
  | rank (T (r, _, _, _)) = r

fun makeT (x, a, b) = if rank a >= rank b then T (rank b + 1, x, a, b) else T (rank a + 1, x, b, a)

fun merge leq (h1, E) = h1
  | merge leq (E, h2) = h2
  | merge leq (h1 as T (_, x, a1, b1), h2 as T (_, y, a2, b2)) =
      if leq (x, y) then makeT (x, a1, merge leq (b1, h2))
      else makeT (y, a2, merge leq (h1, b2))

fun insert leq (x, h) = merge leq (T (1, x, E, E), h)

fun popMin leq E = NONE
  | popMin leq (T (_, x, a, b)) = SOME (x, merge leq (a, b))

exception Unreachable of int

val infinity = valOf Int.maxInt

(* graph as an array of adjacency lists (to, weight) *)
fun buildGraph (n, edges) =
  let val g = Array.array (n, [])
  in List.app (fn (u, v, w) => (Array.update (g, u, (v, w) :: Array.sub (g, u));
                                Array.update (g, v, (u, w) :: Array.sub (g, v)))) edges;
     g
  end

fun dijkstra (g, src) =
  let
    val n = Array.length g
    val dist = Array.array (n, infinity)
    val prev = Array.array (n, ~1)
    val settled = Array.array (n, false)
    val pops = ref 0
    fun leq ((d1, _), (d2, _)) = d1 <= d2
    fun loop h =
      case popMin leq h of
        NONE => ()
      | SOME ((d, u), h') =>
          (pops := !pops + 1;
           if Array.sub (settled, u) then loop h'
           else
             (Array.update (settled, u, true);
              loop (foldl (fn ((v, w), h) =>
                             if d + w < Array.sub (dist, v)
                             then (Array.update (dist, v, d + w); Array.update (prev, v, u);
                                   insert leq ((d + w, v), h))
                             else h) h' (Array.sub (g, u)))))
  in
    Array.update (dist, src, 0);
    loop (insert leq ((0, src), E));
    (dist, prev, !pops)
  end

fun path (prev, dist) v =
  if Array.sub (dist, v) = infinity then raise Unreachable v
  else
    let fun go ~1 acc = acc
          | go u acc = go (Array.sub (prev, u)) (u :: acc)
    in go v [] end

val names = Vector.fromList ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
fun nm i = Vector.sub (names, i)

val g = buildGraph (9, [
  (0, 1, 4), (0, 7, 8), (1, 2, 8), (1, 7, 11), (2, 3, 7), (2, 8, 2), (2, 5, 4),
  (3, 4, 9), (3, 5, 14), (4, 5, 10), (5, 6, 2), (6, 7, 1), (6, 8, 6), (7, 8, 7)])

val (dist, prev, pops) = dijkstra (g, 0)
val () = Array.appi (fn (v, d) =>
  print (nm v ^ ": " ^ StringCvt.padLeft #" " 3 (Int.toString d) ^ "  via " ^
         String.concatWith "-" (map nm (path (prev, dist) v)) ^ "\n")) dist
val () = print ("heap pops: " ^ Int.toString pops ^ "\n")

(* A grid graph 30 x 30 with weights from a linear congruential generator. *)
val seed = ref 12345
fun rand k = (seed := (!seed * 1103515245 + 12345) mod 2147483648; !seed div 65536 mod k)
val side = 30
fun id (r, c) = r * side + c
val gridEdges =
  List.concat (List.tabulate (side, fn r =>
    List.concat (List.tabulate (side, fn c =>
      (if c + 1 < side then [(id (r, c), id (r, c + 1), 1 + rand 9)] else []) @
      (if r + 1 < side then [(id (r, c), id (r + 1, c), 1 + rand 9)] else [])))))
val grid = buildGraph (side * side + 1, gridEdges)   (* the last node is isolated *)
val (gd, gp, gpops) = dijkstra (grid, 0)
val far = id (side - 1, side - 1)
val () = print ("grid: " ^ Int.toString (length gridEdges) ^ " edges, corner distance " ^
                Int.toString (Array.sub (gd, far)) ^ ", path length " ^
                Int.toString (length (path (gp, gd) far)) ^ ", pops " ^ Int.toString gpops ^ "\n")
val maxd = Array.foldl (fn (d, m) => if d <> infinity andalso d > m then d else m) 0 gd
val () = print ("eccentricity of the origin: " ^ Int.toString maxd ^ "\n")

(* Binomial heap sort for comparison. *)
datatype 'a tree = Node of int * 'a * 'a tree list
fun brank (Node (r, _, _)) = r
fun broot (Node (_, x, _)) = x
fun link (t1 as Node (r, x1, c1), t2 as Node (_, x2, c2)) =
  if x1 <= x2 then Node (r + 1, x1, t2 :: c1) else Node (r + 1, x2, t1 :: c2)
fun insTree (t, []) = [t]
  | insTree (t, ts as t' :: rest) = if brank t < brank t' then t :: ts else insTree (link (t, t'), rest)
fun bmerge (ts, []) = ts
  | bmerge ([], ts) = ts
  | bmerge (ts1 as t1 :: r1, ts2 as t2 :: r2) =
      if brank t1 < brank t2 then t1 :: bmerge (r1, ts2)
      else if brank t2 < brank t1 then t2 :: bmerge (ts1, r2)
      else insTree (link (t1, t2), bmerge (r1, r2))
fun removeMinTree [] = raise Empty
  | removeMinTree [t] = (t, [])
  | removeMinTree (t :: ts) =
      let val (t', ts') = removeMinTree ts
      in if broot t <= broot t' then (t, ts) else (t', t :: ts') end
fun deleteMin ts = let val (Node (_, x, c), rest) = removeMinTree ts in (x, bmerge (rev c, rest)) end
fun heapSort xs =
  let val h = foldl (fn (x, h) => insTree (Node (0, x, []), h)) [] xs
      fun drain [] acc = rev acc
        | drain h acc = let val (x, h') = deleteMin h in drain h' (x :: acc) end
  in drain h [] end

val xs = List.tabulate (40, fn _ => rand 1000)
val sorted = heapSort xs
fun isSorted (a :: (rest as b :: _)) = a <= b andalso isSorted rest
  | isSorted _ = true
val () = print (String.concatWith " " (map Int.toString (List.take (sorted, 12))) ^ " ... sorted "
                ^ Bool.toString (isSorted sorted) ^ ", " ^ Int.toString (length sorted) ^ "\n")
val () = print (Int.toString (length (path (gp, gd) (side * side))) ^ "\n")
