(* Conway's game of life on sorted coordinate lists, after the MLKit's life
   benchmark: a generation is an abstype over a sorted, duplicate-free list
   of live cells; births are found by counting how often each dead
   neighbour occurs; each generation is plotted as text. *)
fun before' ((a, b), (c, d)) = a < c orelse (a = c andalso b < d : bool)

fun merge ([], ys) = ys
  | merge (xs, []) = xs
  | merge (xs as x :: xs', ys as y :: ys') =
      if before' (x, y) then x :: merge (xs', ys)
      else if before' (y, x) then y :: merge (xs, ys')
      else merge (xs', ys)
fun sort [] = []
  | sort [x] = [x]
  | sort xs =
      let val k = length xs div 2
      in merge (sort (List.take (xs, k)), sort (List.drop (xs, k))) end

fun around (i, j) = [(i - 1, j - 1), (i - 1, j), (i - 1, j + 1), (i, j - 1),
                     (i, j + 1), (i + 1, j - 1), (i + 1, j), (i + 1, j + 1)]

infix 6 shiftedBy
fun cells shiftedBy (dx, dy) = map (fn (x, y) => (x + dx, y + dy)) cells
fun turned cells = map (fn (x, y) => (y, ~x)) cells

abstype gen = G of (int * int) list
with
  fun make cells = G (sort cells)
  fun living (G cells) = cells
  fun population (G cells) = length cells
  fun step (G cells) =
    let fun alive c = List.exists (fn d => d = c) cells
        val keep = List.filter (fn c => let val n = length (List.filter alive (around c)) in n = 2 orelse n = 3 end) cells
        (* every dead neighbour, once per live cell next to it *)
        val candidates = List.concat (map (fn c => List.filter (not o alive) (around c)) cells)
        fun count (c, []) = [(c, 1)]
          | count (c, (d, n) :: rest) = if c = d then (d, n + 1) :: rest else (d, n) :: count (c, rest)
        val tally = foldl count [] candidates
        val born = map #1 (List.filter (fn (_, n) => n = 3) tally)
    in G (sort (keep @ born)) end
end

fun plot g =
  let val cells = List.filter (fn (x, y) => x >= 0 andalso y >= 0) (living g)
      fun row (x, y, line, []) = [line]
        | row (x, y, line, (cells as (x1, y1) :: rest)) =
            if x = x1 then row (x, y1 + 1, line ^ CharVector.tabulate (y1 - y, fn _ => #" ") ^ "O", rest)
            else line :: row (x + 1, 0, "", cells)
  in app (fn l => print (l ^ "\n")) (row (0, 0, "", cells)) end

val glider = [(0, 0), (0, 2), (1, 1), (1, 2), (2, 1)]
val block = [(0, 0), (0, 1), (1, 0), (1, 1)]
fun pole n =
  let fun f i = if i = n then [(n + n - 1, n + n), (n + n, n + n)]
                else (i + i, i + i + 1) :: (i + i + 2, i + i + 1) :: f (i + 1)
  in (0, 0) :: (1, 0) :: f 0 end
val gun = make
  [(2,20),(3,19),(3,21),(4,18),(4,22),(4,23),(4,32),(5,7),(5,8),(5,18),
   (5,22),(5,23),(5,29),(5,30),(5,31),(5,32),(5,36),(6,7),(6,8),(6,18),
   (6,22),(6,23),(6,28),(6,29),(6,30),(6,31),(6,36),(7,19),(7,21),(7,28),
   (7,31),(7,40),(7,41),(8,20),(8,28),(8,29),(8,30),(8,31),(8,40),(8,41),
   (9,29),(9,30),(9,31),(9,32)]

fun run 0 g = g
  | run n g = (print (Int.toString (population g) ^ " "); run (n - 1) (step g))

val mixed = make (glider shiftedBy (2, 2) @ block shiftedBy (2, 12) @ turned (pole 4) shiftedBy (5, 20))
val _ = plot mixed
val m = run 12 mixed
val _ = print "\n"
val _ = plot m
val g = run 6 gun
val _ = print "\n"
val _ = plot g
