(* Graph algorithms over adjacency lists, after the Rosetta Code task
   "Topological sort" (the VHDL library dependencies of the task, with
   self-dependencies ignored and a cycle detected) and breadth-first
   shortest paths on a small maze given as a list of strings. *)

val deps =
  [("des_system_lib", ["std", "synopsys", "std_cell_lib", "des_system_lib", "dw02", "dw01", "ramlib", "ieee"]),
   ("dw01", ["ieee", "dw01", "dware", "gtech"]),
   ("dw02", ["ieee", "dw02", "dware"]),
   ("dw03", ["std", "synopsys", "dware", "dw03", "dw02", "dw01", "ieee", "gtech"]),
   ("dw04", ["dw04", "ieee", "dw01", "dware", "gtech"]),
   ("dw05", ["dw05", "ieee", "dware"]),
   ("dw06", ["dw06", "ieee", "dware"]),
   ("dw07", ["ieee", "dware"]),
   ("dware", ["ieee", "dware"]),
   ("gtech", ["ieee", "gtech"]),
   ("ramlib", ["std", "ieee"]),
   ("std_cell_lib", ["ieee", "std_cell_lib"]),
   ("synopsys", [])]

exception Cycle of string list

fun member x = List.exists (fn y => y = x)

fun nodes g = foldl (fn ((n, ds), acc) => foldl (fn (d, acc) => if member d acc then acc else acc @ [d])
                                                (if member n acc then acc else acc @ [n]) ds) [] g

fun depsOf g n = case List.find (fn (m, _) => m = n) g of
                     SOME (_, ds) => List.filter (fn d => d <> n) ds
                   | NONE => []

(* depth-first, emitting a node after its dependencies *)
fun toposort g =
  let
    fun visit (path, n, done) =
      if member n done then done
      else if member n path then raise Cycle (rev (n :: path))
      else n :: foldl (fn (d, done) => visit (n :: path, d, done)) done (depsOf g n)
  in rev (foldl (fn (n, done) => visit ([], n, done)) [] (nodes g)) end

val order = toposort deps
val _ = print (String.concatWith " " order ^ "\n")

(* every library comes after its dependencies *)
fun position x l = let fun go (_, []) = ~1 | go (i, y :: ys) = if x = y then i else go (i + 1, ys) in go (0, l) end
val ok = List.all (fn (n, ds) => List.all (fn d => d = n orelse position d order < position n order) ds) deps
val _ = print ("consistent: " ^ Bool.toString ok ^ "\n")

val withCycle = ("dw01", ["dw04"]) :: deps
val _ = (toposort withCycle; ()) handle Cycle c => print ("cycle: " ^ String.concatWith " -> " c ^ "\n")

(* BFS on a grid *)
val maze = ["S.#.......",
            ".##.####.#",
            "....#....#",
            "#.#.#.##..",
            "..#...#..E"]

val rows = length maze
val cols = size (hd maze)
fun at (r, c) = String.sub (List.nth (maze, r), c)
fun find ch =
  let fun go (r, c) = if r = rows then raise Fail "missing"
                      else if c = cols then go (r + 1, 0)
                      else if at (r, c) = ch then (r, c) else go (r, c + 1)
  in go (0, 0) end

fun bfs (start, goal) =
  let
    val dist = Array.array (rows * cols, ~1)
    val prev = Array.array (rows * cols, ~1)
    fun idx (r, c) = r * cols + c
    fun neighbours (r, c) =
      List.filter (fn (r, c) => r >= 0 andalso r < rows andalso c >= 0 andalso c < cols
                                andalso at (r, c) <> #"#" andalso Array.sub (dist, idx (r, c)) < 0)
                  [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    fun loop [] = ()
      | loop (p :: queue) =
          let val ns = neighbours p in
            List.app (fn n => (Array.update (dist, idx n, Array.sub (dist, idx p) + 1);
                               Array.update (prev, idx n, idx p))) ns;
            loop (queue @ ns)
          end
    fun path i acc = if i < 0 then acc else path (Array.sub (prev, i)) ((i div cols, i mod cols) :: acc)
  in
    Array.update (dist, idx start, 0);
    loop [start];
    (Array.sub (dist, idx goal), path (idx goal) [])
  end

val (d, path) = bfs (find #"S", find #"E")
val _ = print ("shortest path: " ^ Int.toString d ^ " steps\n")
val _ = List.app (fn r => print (CharVector.tabulate (cols, fn c =>
                                   if at (r, c) = #"." andalso List.exists (fn p => p = (r, c)) path then #"o"
                                   else at (r, c)) ^ "\n"))
                 (List.tabulate (rows, fn r => r))
val _ = find #"X"
