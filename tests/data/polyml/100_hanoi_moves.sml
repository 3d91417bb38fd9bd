(* Towers of Hanoi: the moves as a list, counted, and printed for small n;
   a checker replays them on three stacks and raises on an illegal move *)
exception IllegalMove of int * int
fun hanoi (0, _, _, _) = []
  | hanoi (n, from, to, via) =
      hanoi (n - 1, from, via, to) @ [(from, to)] @ hanoi (n - 1, via, to, from)
fun showMove (a, b) = Int.toString a ^ "->" ^ Int.toString b
val _ = print (String.concatWith " " (map showMove (hanoi (3, 1, 3, 2))) ^ "\n")
fun count n = length (hanoi (n, 1, 3, 2))
val _ = List.app (fn n => print ("n=" ^ Int.toString n ^ " moves=" ^ Int.toString (count n) ^ "\n")) [0, 1, 2, 5, 10]
fun replay n moves =
  let
    val pegs = Array.array (4, [] : int list)
    val _ = Array.update (pegs, 1, List.tabulate (n, fn i => i + 1))
    fun move (a, b) =
      case (Array.sub (pegs, a), Array.sub (pegs, b)) of
        ([], _) => raise IllegalMove (a, b)
      | (x :: rest, []) => (Array.update (pegs, a, rest); Array.update (pegs, b, [x]))
      | (x :: rest, ys as y :: _) =>
          if x > y then raise IllegalMove (a, b)
          else (Array.update (pegs, a, rest); Array.update (pegs, b, x :: ys))
  in
    List.app move moves;
    Array.sub (pegs, 3)
  end
val final = replay 6 (hanoi (6, 1, 3, 2))
val _ = print ("peg 3: " ^ String.concatWith "," (map Int.toString final) ^ "\n")
val _ = (replay 2 [(1, 2), (1, 2)]; ())
        handle IllegalMove (a, b) => print ("illegal " ^ showMove (a, b) ^ "\n")
val _ = replay 1 [(2, 3)]
