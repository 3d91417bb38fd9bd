(* Backtracking searches that stop early by raising an exception: a
   knight's tour (Warnsdorff order), n-queens, sudoku, subset sum. *)

exception Found of int list
exception Solved
exception NoSolution of string

(* --- Knight's tour on an n x n board in an array --- *)
val moves = [(2, 1), (1, 2), (~1, 2), (~2, 1), (~2, ~1), (~1, ~2), (1, ~2), (2, ~1)]

fun knightsTour n (r0, c0) =
  let
    val board = Array.array (n * n, 0)
    fun ok (r, c) = r >= 0 andalso r < n andalso c >= 0 andalso c < n
                    andalso Array.sub (board, r * n + c) = 0
    fun degree (r, c) = length (List.filter (fn (dr, dc) => ok (r + dr, c + dc)) moves)
    val tries = ref 0
    fun visit (r, c, k) =
      (Array.update (board, r * n + c, k);
       tries := !tries + 1;
       if k = n * n then raise Solved else ();
       let
         val next = List.filter ok (map (fn (dr, dc) => (r + dr, c + dc)) moves)
         (* insertion sort by onward degree: Warnsdorff's rule *)
         fun ins (x, []) = [x]
           | ins (x, y :: ys) = if degree x < degree y then x :: y :: ys else y :: ins (x, ys)
       in
         List.app (fn (r', c') => visit (r', c', k + 1)) (foldl ins [] next);
         Array.update (board, r * n + c, 0)
       end)
  in
    (visit (r0, c0, 1); raise NoSolution ("knight " ^ Int.toString n))
    handle Solved => (board, !tries)
  end

fun showBoard n board =
  let fun row r = String.concatWith " " (List.tabulate (n, fn c =>
                    StringCvt.padLeft #" " 2 (Int.toString (Array.sub (board, r * n + c)))))
  in List.app (fn r => print (row r ^ "\n")) (List.tabulate (n, fn r => r)) end

val (b5, t5) = knightsTour 5 (0, 0)
val () = (showBoard 5 b5; print ("tries " ^ Int.toString t5 ^ "\n"))
val (b8, t8) = knightsTour 8 (0, 0)
val () = print ("8x8 tour: last square " ^ Int.toString (Array.sub (b8, 63)) ^ ", tries " ^ Int.toString t8 ^ "\n")
val () = (ignore (knightsTour 3 (0, 0)); print "3x3?\n") handle NoSolution w => print ("no tour: " ^ w ^ "\n")

(* --- n-queens: first solution by exception, count by accumulation --- *)
fun safe (col, placed) =
  let fun ok (_, []) = true
        | ok (d, q :: qs) = q <> col andalso abs (q - col) <> d andalso ok (d + 1, qs)
  in ok (1, placed) end

fun firstQueens n =
  let fun place (placed, row) =
        if row = n then raise Found (rev placed)
        else List.app (fn c => if safe (c, placed) then place (c :: placed, row + 1) else ())
                      (List.tabulate (n, fn c => c))
  in (place ([], 0); NONE) handle Found qs => SOME qs end

fun countQueens n =
  let fun place (placed, row) =
        if row = n then 1
        else foldl (fn (c, acc) => if safe (c, placed) then acc + place (c :: placed, row + 1) else acc)
                   0 (List.tabulate (n, fn c => c))
  in place ([], 0) end

val () = List.app (fn n =>
  print (Int.toString n ^ " queens: " ^
         (case firstQueens n of
            SOME qs => String.concatWith "," (map Int.toString qs)
          | NONE => "none") ^ "; " ^ Int.toString (countQueens n) ^ " solutions\n")) [1, 2, 3, 4, 6, 8]

(* --- Sudoku on an int array, 0 for blank --- *)
val puzzle =
  "534678912672195348198342567800060003400803001700020006060000280000419005000080079"

fun solveSudoku s =
  let
    val g = Array.tabulate (81, fn i => ord (String.sub (s, i)) - ord #"0")
    fun can (i, d) =
      let val r = i div 9 and c = i mod 9
          val br = r div 3 * 3 and bc = c div 3 * 3
          fun check k =
            k = 9 orelse
            (Array.sub (g, r * 9 + k) <> d andalso Array.sub (g, k * 9 + c) <> d
             andalso Array.sub (g, (br + k div 3) * 9 + bc + k mod 3) <> d andalso check (k + 1))
      in check 0 end
    val nodes = ref 0
    fun fill i =
      if i = 81 then raise Solved
      else if Array.sub (g, i) <> 0 then fill (i + 1)
      else (List.app (fn d => if can (i, d)
                              then (nodes := !nodes + 1; Array.update (g, i, d); fill (i + 1); Array.update (g, i, 0))
                              else ()) [1, 2, 3, 4, 5, 6, 7, 8, 9])
  in
    (fill 0; NONE) handle Solved => SOME (g, !nodes)
  end

val () =
  case solveSudoku puzzle of
    SOME (g, nodes) =>
      (List.app (fn r => print (String.concat (List.tabulate (9, fn c => Int.toString (Array.sub (g, r * 9 + c)))) ^ "\n"))
                (List.tabulate (9, fn r => r));
       print ("nodes " ^ Int.toString nodes ^ "\n"))
  | NONE => print "unsolvable\n"

(* The first blank (row 0, column 2) sees every digit: 1-4, 6, 8, 9 in its
   row and 5, 7 elsewhere in it or its column and box; the search fails at once. *)
val () = case solveSudoku ("531874906" ^ String.extract (puzzle, 9, NONE)) of
           SOME _ => print "solved a broken puzzle?\n"
         | NONE => print "broken puzzle: unsolvable\n"

(* --- Subset sum: the first subset found, in order --- *)
fun subsetSum (xs, target) =
  let fun go (_, 0, chosen) = raise Found (rev chosen)
        | go ([], _, _) = ()
        | go (x :: rest, t, chosen) =
            (if x <= t then go (rest, t - x, x :: chosen) else ();
             go (rest, t, chosen))
  in go (xs, target, []); raise NoSolution ("sum " ^ Int.toString target) end

val () = List.app (fn t =>
  (subsetSum ([34, 4, 12, 5, 2, 17, 9], t); ())
  handle Found s => print (Int.toString t ^ " = " ^ String.concatWith "+" (map Int.toString s) ^ "\n")
       | NoSolution w => print ("no subset for " ^ w ^ "\n")) [9, 30, 1, 83, 100]
val _ = subsetSum ([3, 5, 7], 1)
