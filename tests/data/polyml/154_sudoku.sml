(* a 9x9 sudoku solver: the grid in an array, candidates checked by row,
   column and box, depth-first search choosing the emptiest cell, the
   solution verified; an inconsistent puzzle raises *)
val puzzle = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
val grid = Array.tabulate (81, fn i => ord (String.sub (puzzle, i)) - ord #"0")
fun allowed (g, i, v) =
  let val r = i div 9 and c = i mod 9
      val br = r div 3 * 3 and bc = c div 3 * 3
      fun check k =
        k = 9 orelse
        (Array.sub (g, r * 9 + k) <> v andalso Array.sub (g, k * 9 + c) <> v
         andalso Array.sub (g, (br + k div 3) * 9 + bc + k mod 3) <> v andalso check (k + 1))
  in check 0 end
fun candidates (g, i) = List.filter (fn v => allowed (g, i, v)) [1, 2, 3, 4, 5, 6, 7, 8, 9]
exception Solved
exception Unsolvable
val steps = ref 0
fun solve g =
  let
    (* the empty cell with the fewest candidates *)
    fun best (i, choice) =
      if i = 81 then choice
      else if Array.sub (g, i) <> 0 then best (i + 1, choice)
      else let val cs = candidates (g, i) in
             case choice of
               NONE => best (i + 1, SOME (i, cs))
             | SOME (_, cs') => if length cs < length cs' then best (i + 1, SOME (i, cs)) else best (i + 1, choice)
           end
  in
    case best (0, NONE) of
      NONE => raise Solved
    | SOME (i, cs) =>
        app (fn v => (steps := !steps + 1; Array.update (g, i, v); solve g; Array.update (g, i, 0))) cs
  end
fun show g =
  Array.appi (fn (i, v) =>
    (print (Int.toString v);
     if i mod 9 = 8 then print (if i mod 27 = 26 andalso i < 80 then "\n------+-------+------\n" else "\n")
     else if i mod 3 = 2 then print " | " else print " ")) g
fun valid g =
  let fun unitOk cells = let val vs = map (fn i => Array.sub (g, i)) cells
                         in List.all (fn v => List.exists (fn w => w = v) vs) [1, 2, 3, 4, 5, 6, 7, 8, 9] end
      val units = List.tabulate (9, fn r => List.tabulate (9, fn c => r * 9 + c))
                  @ List.tabulate (9, fn c => List.tabulate (9, fn r => r * 9 + c))
                  @ List.tabulate (9, fn b => List.tabulate (9, fn k => (b div 3 * 3 + k div 3) * 9 + b mod 3 * 3 + k mod 3))
  in List.all unitOk units end
val _ = (solve grid; raise Unsolvable) handle Solved => (show grid; print ("valid: " ^ Bool.toString (valid grid) ^ "\n"))
val _ = print ("search steps: " ^ Int.toString (!steps) ^ "\n")
val bad = Array.tabulate (81, fn i => if i = 0 then 5 else if i = 1 then 5 else 0)
val _ = print ("bad puzzle valid: " ^ Bool.toString (valid bad) ^ "\n")
val impossible = Array.tabulate (81, fn i => case i of 0 => 1 | 1 => 2 | 2 => 3 | 3 => 4 | 4 => 5 | 5 => 6 | 6 => 7 | 7 => 8 | 44 => 9 | _ => 0)
val _ = (solve impossible; print "no solution: search exhausted\n") handle Solved => print "solved\n"
val _ = raise Unsolvable
