(* n-queens: count all solutions for n = 1..8 by backtracking over a list of
   placed columns, print the first solution of 8 as a board *)
fun safe (col, placed) =
  let fun ok (_, []) = true
        | ok (d, c :: cs) = c <> col andalso abs (c - col) <> d andalso ok (d + 1, cs)
  in ok (1, placed) end
fun solutions n =
  let
    fun place (row, placed) =
      if row = n then [rev placed]
      else List.concat (List.tabulate (n, fn col =>
             if safe (col, placed) then place (row + 1, col :: placed) else []))
  in place (0, []) end
val _ = List.app (fn n => print (Int.toString n ^ ": " ^ Int.toString (length (solutions n)) ^ "\n"))
                 [1, 2, 3, 4, 5, 6, 7, 8]
fun board cols =
  let val n = length cols
      fun row c = implode (List.tabulate (n, fn i => if i = c then #"Q" else #"."))
  in app (fn c => print (row c ^ "\n")) cols end
val _ = board (hd (solutions 8))
exception Found of int list
fun first n =
  let fun go (row, placed) =
        if row = n then raise Found (rev placed)
        else let fun try col = if col = n then ()
                               else (if safe (col, placed) then go (row + 1, col :: placed) else ();
                                     try (col + 1))
             in try 0 end
  in (go (0, []); NONE) handle Found s => SOME s end
val _ = List.app (fn n => print (case first n of
                                   NONE => "none\n"
                                 | SOME s => String.concatWith " " (map Int.toString s) ^ "\n"))
                 [3, 4, 6, 10]
