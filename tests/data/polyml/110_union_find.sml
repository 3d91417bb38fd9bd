(* union-find over arrays with path compression and union by rank; used
   for connected components and Kruskal's minimum spanning tree *)
local
  val parent = ref (Array.array (0, 0))
  val rank = ref (Array.array (0, 0))
in
  fun init n = (parent := Array.tabulate (n, fn i => i); rank := Array.array (n, 0))
  fun find i =
    let val p = Array.sub (!parent, i) in
      if p = i then i
      else let val r = find p in Array.update (!parent, i, r); r end
    end
  fun union (a, b) =
    let val ra = find a and rb = find b in
      if ra = rb then false
      else
        let val ka = Array.sub (!rank, ra) and kb = Array.sub (!rank, rb) in
          if ka < kb then Array.update (!parent, ra, rb)
          else if ka > kb then Array.update (!parent, rb, ra)
          else (Array.update (!parent, rb, ra); Array.update (!rank, ra, ka + 1));
          true
        end
    end
end
val _ = init 10
val merged = map union [(0, 1), (2, 3), (1, 3), (4, 5), (0, 2), (7, 8), (8, 9), (9, 7)]
val _ = print (String.concatWith " " (map Bool.toString merged) ^ "\n")
fun components n =
  let val seen = Array.array (n, false)
      fun count (i, c) = if i = n then c
                         else let val r = find i in
                                if Array.sub (seen, r) then count (i + 1, c)
                                else (Array.update (seen, r, true); count (i + 1, c + 1))
                              end
  in count (0, 0) end
val _ = print ("components: " ^ Int.toString (components 10) ^ "\n")
val _ = print ("same 0 3: " ^ Bool.toString (find 0 = find 3) ^ ", same 0 4: " ^ Bool.toString (find 0 = find 4) ^ "\n")
(* Kruskal *)
val edges = [(7, 0, 1), (5, 0, 3), (8, 1, 2), (9, 1, 3), (7, 1, 4), (5, 2, 4),
             (15, 3, 4), (6, 3, 5), (8, 4, 5), (9, 4, 6), (11, 5, 6)]
fun insertSorted (e as (w, _, _), []) = [e]
  | insertSorted (e as (w, _, _), (f as (w', _, _)) :: rest) =
      if w <= w' then e :: f :: rest else f :: insertSorted (e, rest)
val sortedEdges = foldl insertSorted [] edges
val _ = init 7
val tree = List.filter (fn (_, a, b) => union (a, b)) sortedEdges
val _ = app (fn (w, a, b) => print (Int.toString a ^ "-" ^ Int.toString b ^ " (" ^ Int.toString w ^ ")\n")) tree
val _ = print ("total " ^ Int.toString (foldl (fn ((w, _, _), s) => s + w) 0 tree) ^ "\n")
val _ = find 7
