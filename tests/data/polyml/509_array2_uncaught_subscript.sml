(* A neighbour count on a grid that forgets the bottom edge: the cells
   above it are counted, then the first look below the last row reads
   past the array and the program dies of the uncaught Subscript. *)
val grid = Array2.fromList [[1, 0, 1], [0, 1, 0], [1, 1, 0]]
fun at (i, j) = if j < 0 orelse j >= Array2.nCols grid orelse i < 0 then 0 else Array2.sub (grid, i, j)
fun neighbours (i, j) = at (i - 1, j) + at (i + 1, j) + at (i, j - 1) + at (i, j + 1)
val _ = Array2.app Array2.ColMajor (fn x => print (Int.toString x)) grid
val _ = print "\n"
val _ = List.app (fn i => List.app (fn j => print (Int.toString (neighbours (i, j)) ^ " ")) [0, 1, 2]) [0, 1, 2]
val _ = print "never printed\n"
