(* Conway's life on sorted lists of live cells behind an abstype: only
   the abstype's own functions see the representation. Neighbour counts
   come from merging the sorted neighbour lists. *)
fun before' ((a : int, b : int), (c, d)) = a < c orelse (a = c andalso b < d)

fun msort [] = []
  | msort [x] = [x]
  | msort xs =
      let fun split (x :: y :: r) = let val (a, b) = split r in (x :: a, y :: b) end
            | split r = (r, [])
          fun merge ([], ys) = ys
            | merge (xs, []) = xs
            | merge (x :: xs, y :: ys) =
                if before' (y, x) then y :: merge (x :: xs, ys) else x :: merge (xs, y :: ys)
          val (a, b) = split xs
      in merge (msort a, msort b) end

(* runs of equal cells: (cell, how many times) *)
fun runs [] = []
  | runs (c :: cs) =
      let fun go (c, n, []) = [(c, n)]
            | go (c, n, d :: ds) = if c = d then go (c, n + 1, ds) else (c, n) :: go (d, 1, ds)
      in go (c, 1, cs) end

abstype board = B of (int * int) list
with
  fun fromCells cs = B (map #1 (runs (msort cs)))
  fun cells (B cs) = cs
  fun population (B cs) = length cs
  fun alive (B cs) c = List.exists (fn d => d = c) cs
  fun step (b as B cs) =
    let fun around (x, y) =
          [(x-1,y-1),(x-1,y),(x-1,y+1),(x,y-1),(x,y+1),(x+1,y-1),(x+1,y),(x+1,y+1)]
        val counted = runs (msort (List.concat (map around cs)))
        fun keep (c, 3) = true
          | keep (c, 2) = alive b c
          | keep _ = false
    in B (map #1 (List.filter keep counted)) end
  fun picture (B cs) (rows, cols) =
    let fun row r = implode (List.tabulate (cols, fn c =>
                      if List.exists (fn d => d = (r, c)) cs then #"#" else #"."))
    in String.concatWith "\n" (List.tabulate (rows, row)) ^ "\n" end
end

fun shift (dr, dc) = map (fn (r, c) => (r + dr, c + dc))
val glider = [(0,1),(1,2),(2,0),(2,1),(2,2)]
val blinker = [(0,0),(0,1),(0,2)]
val block = [(0,0),(0,1),(1,0),(1,1)]
val start = fromCells (glider @ shift (1, 8) blinker @ shift (6, 7) block @ glider)

fun run (b, 0) = b
  | run (b, n) = run (step b, n - 1)

val _ = print (picture start (9, 12))
val _ = List.app (fn n =>
          let val b = run (start, n)
          in print ("after " ^ Int.toString n ^ ": " ^ Int.toString (population b) ^ " cells\n");
             print (picture b (9, 12))
          end) [1, 4, 8]
(* the glider alone travels: after 4 steps it is itself moved by (1,1) *)
val g = fromCells glider
val moved = cells (run (g, 4)) = cells (fromCells (shift (1, 1) glider))
val _ = print ("glider moved: " ^ Bool.toString moved ^ "\n")
(* an R-pentomino for a longer run *)
val r = fromCells (shift (20, 20) [(0,1),(0,2),(1,0),(1,1),(2,1)])
val _ = print (String.concatWith " " (map (fn n => Int.toString (population (run (r, n)))) [10, 25, 40]) ^ "\n")
