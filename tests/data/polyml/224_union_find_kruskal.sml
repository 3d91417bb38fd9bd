(* Union-find with path compression and union by rank over arrays, and
   Kruskal's minimum spanning tree, written the way imperative SML code in
   algorithm courses is (Array.tabulate, refs, while loops, an insertion
   sort on edge lists), after the many public "Kruskal in SML" exercises. *)

val parent = Array.tabulate (10, fn i => i)
val rank = Array.array (10, 0)

fun find x =
  let val p = Array.sub (parent, x) in
    if p = x then x
    else let val r = find p in Array.update (parent, x, r); r end
  end

fun union (a, b) =
  let val ra = find a
      val rb = find b
  in
    if ra = rb then false
    else (case Int.compare (Array.sub (rank, ra), Array.sub (rank, rb)) of
              LESS => Array.update (parent, ra, rb)
            | GREATER => Array.update (parent, rb, ra)
            | EQUAL => (Array.update (parent, rb, ra);
                        Array.update (rank, ra, Array.sub (rank, ra) + 1));
          true)
  end

fun reset n =
  let val i = ref 0 in
    while !i < n do (Array.update (parent, !i, !i); Array.update (rank, !i, 0); i := !i + 1)
  end

fun insertSort cmp xs =
  let fun ins (x, []) = [x]
        | ins (x, y :: ys) = if cmp (x, y) <> GREATER then x :: y :: ys else y :: ins (x, ys)
  in foldl ins [] xs end

(* edges (weight, u, v) *)
val edges = [(7, 0, 1), (5, 0, 3), (8, 1, 2), (9, 1, 3), (7, 1, 4), (5, 2, 4),
             (15, 3, 4), (6, 3, 5), (8, 4, 5), (9, 4, 6), (11, 5, 6)]

fun kruskal n es =
  let
    val _ = reset n
    val sorted = insertSort (fn ((w1, _, _), (w2, _, _)) => Int.compare (w1, w2)) es
  in
    List.filter (fn (_, u, v) => union (u, v)) sorted
  end

val mst = kruskal 7 edges
val letter = fn i => str (chr (ord #"A" + i))
val _ = app (fn (w, u, v) => print (letter u ^ "-" ^ letter v ^ " " ^ Int.toString w ^ "\n")) mst
val _ = print ("total weight " ^ Int.toString (foldl (fn ((w, _, _), s) => s + w) 0 mst) ^ "\n")

(* components of a graph given by an edge list *)
val _ = reset 10
val _ = app (fn (a, b) => ignore (union (a, b))) [(0, 1), (2, 3), (1, 3), (5, 6), (7, 7), (8, 9), (9, 5)]
fun components n =
  let
    val seen = Array.array (n, false)
    val count = ref 0
    val i = ref 0
  in
    while !i < n do
      (let val r = find (!i) in
         if Array.sub (seen, r) then () else (Array.update (seen, r, true); count := !count + 1)
       end;
       i := !i + 1);
    !count
  end
val _ = print (Int.toString (components 10) ^ " components\n")
val groups = List.tabulate (10, fn i => (find i, i))
val _ = print (String.concatWith " " (map (fn (r, i) => Int.toString i ^ ":" ^ Int.toString r) groups) ^ "\n")
val _ = union (3, 10)
