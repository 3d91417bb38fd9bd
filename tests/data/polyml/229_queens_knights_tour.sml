(* Two Rosetta Code backtracking tasks: "N-queens problem" (count the
   solutions for n = 1 .. 7 and print the first for 6, as lists of column
   numbers, the way the Standard ML entry does) and "Knight's tour" with
   Warnsdorff's rule on an array of arrays. *)

fun safe (col, placed) =
  let fun ok (_, []) = true
        | ok (d, c :: cs) = c <> col andalso abs (c - col) <> d andalso ok (d + 1, cs)
  in ok (1, placed) end

fun queens n =
  let
    fun place (0, placed) = [placed]
      | place (k, placed) =
          List.concat (List.map (fn col => if safe (col, placed) then place (k - 1, col :: placed) else [])
                                (List.tabulate (n, fn i => i + 1)))
  in place (n, []) end

val _ = List.app (fn n => print (Int.toString n ^ ": " ^ Int.toString (length (queens n)) ^ "\n"))
                 [1, 2, 3, 4, 5, 6, 7]

val first6 = hd (queens 6)
val _ = print (String.concatWith " " (map Int.toString first6) ^ "\n")
val _ = List.app (fn c => print (CharVector.tabulate (6, fn i => if i + 1 = c then #"Q" else #".") ^ "\n"))
                 first6

(* Knight's tour on a 6x6 board from a corner *)
val size = 6
val board = Array.tabulate (size, fn _ => Array.array (size, 0))
fun get (r, c) = Array.sub (Array.sub (board, r), c)
fun set (r, c, v) = Array.update (Array.sub (board, r), c, v)

val jumps = [(2, 1), (1, 2), (~1, 2), (~2, 1), (~2, ~1), (~1, ~2), (1, ~2), (2, ~1)]

fun onBoard (r, c) = r >= 0 andalso r < size andalso c >= 0 andalso c < size
fun free p = onBoard p andalso get p = 0
fun moves (r, c) = List.filter free (map (fn (dr, dc) => (r + dr, c + dc)) jumps)
fun degree p = length (moves p)

(* stable selection of the move with the fewest onward moves *)
fun best [] = NONE
  | best (m :: ms) =
      SOME (foldl (fn (p, q) => if degree p < degree q then p else q) m ms)

fun tour (p as (r, c), step) =
  (set (r, c, step);
   if step = size * size then true
   else case best (moves p) of
            NONE => false
          | SOME q => tour (q, step + 1))

val complete = tour ((0, 0), 1)
val _ = print ((if complete then "tour complete" else "stuck") ^ "\n")
val _ = Array.app (fn row =>
                     (Array.app (fn v => print (StringCvt.padLeft #" " 3 (Int.toString v))) row;
                      print "\n")) board

(* every square visited exactly once *)
val visited = Array.foldl (fn (row, acc) => Array.foldl (fn (v, a) => v :: a) acc row) [] board
fun upto n = List.tabulate (n, fn i => i + 1)
fun sortInts xs = foldl (fn (x, acc) => List.filter (fn y => y < x) acc @ [x] @ List.filter (fn y => y >= x) acc) [] xs
val _ = print (Bool.toString (sortInts visited = upto (size * size)) ^ "\n")
val _ = get (size, 0)
