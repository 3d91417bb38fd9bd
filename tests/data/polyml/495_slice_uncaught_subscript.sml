(* A slice's index past its end is Subscript even where the base has an
   item there: this program reads a row of a matrix stored in one array
   through slices, walks one item too far, and dies of the uncaught
   Subscript, after printing what it read. *)
val cols = 4
val matrix = Array.tabulate (12, fn i => i * i)
fun row r = ArraySlice.slice (matrix, r * cols, SOME cols)
fun rowSum r = ArraySlice.foldl op + 0 (row r)
val _ = print ("row sums: " ^ String.concatWith " " (List.tabulate (3, Int.toString o rowSum)) ^ "\n")
val _ = print ("the last row's items: " ^ String.concatWith " "
                                      (ArraySlice.foldr (fn (x, acc) => Int.toString x :: acc) [] (row 2)) ^ "\n")
(* the bug: <= instead of < *)
fun walk (sl, k) = if k <= ArraySlice.length sl then (print (Int.toString (ArraySlice.sub (sl, k)) ^ " "); walk (sl, k + 1)) else ()
val _ = walk (row 0, 0)
val _ = print "never printed\n"
