(* NFA with epsilon moves to DFA by subset construction; state sets are
   sorted int lists; the DFA is then run on words. *)
datatype label = Eps | Sym of char
type nfa = int * (int * label * int) list * int list   (* start, moves, finals *)

fun insert (x, []) = [x]
  | insert (x, l as y :: ys) = if x < y then x :: l else if x = y then l else y :: insert (x, ys)
fun union (xs, ys) = foldl insert ys xs

fun closure (moves, set) =
  let fun step s = foldl (fn ((a, Eps, b), acc) => if a = s then insert (b, acc) else acc
                           | (_, acc) => acc) [] moves
      fun grow (set) = let val next = foldl (fn (s, acc) => union (step s, acc)) set set
                       in if next = set then set else grow next end
  in grow set end

fun move (moves, set, c) =
  foldl (fn ((a, Sym d, b), acc) => if d = c andalso List.exists (fn s => s = a) set then insert (b, acc) else acc
          | (_, acc) => acc) [] moves

fun alphabet moves = foldl (fn ((_, Sym c, _), acc) => if List.exists (fn d => d = c) acc then acc else c :: acc
                             | (_, acc) => acc) [] moves

fun index (x, xs) =
  let fun go (_, []) = NONE | go (i, y :: ys) = if x = y then SOME i else go (i + 1, ys) in go (0, xs) end

fun determinise ((start, moves, finals) : nfa) =
  let val sigma = rev (alphabet moves)
      fun explore ([], states, trans) = (states, trans)
        | explore (set :: work, states, trans) =
            let fun each (c, (work, states, trans)) =
                  let val target = closure (moves, move (moves, set, c))
                  in if null target then (work, states, trans)
                     else case index (target, states) of
                            SOME _ => (work, states, (set, c, target) :: trans)
                          | NONE => (work @ [target], states @ [target], (set, c, target) :: trans)
                  end
                val (work, states, trans) = foldl each (work, states, trans) sigma
            in explore (work, states, trans) end
      val s0 = closure (moves, [start])
      val (states, trans) = explore ([s0], [s0], [])
      val num = fn s => valOf (index (s, states))
      val dtrans = map (fn (a, c, b) => (num a, c, num b)) (rev trans)
      val dfinals = List.filter (fn i => List.exists (fn f => List.exists (fn s => s = f) (List.nth (states, i))) finals)
                                (List.tabulate (length states, fn i => i))
  in (states, dtrans, dfinals) end

fun showSet s = "{" ^ String.concatWith "," (map Int.toString s) ^ "}"

fun accepts ((_, trans, finals), w) =
  let fun run (q, []) = List.exists (fn f => f = q) finals
        | run (q, c :: cs) = case List.find (fn (a, d, _) => a = q andalso d = c) trans of
                               SOME (_, _, b) => run (b, cs)
                             | NONE => false
  in run (0, explode w) end

(* (a|b)*abb, Thompson style *)
val nfa1 : nfa = (0, [(0, Eps, 1), (0, Eps, 7), (1, Eps, 2), (1, Eps, 4), (2, Sym #"a", 3), (4, Sym #"b", 5),
                      (3, Eps, 6), (5, Eps, 6), (6, Eps, 1), (6, Eps, 7), (7, Sym #"a", 8), (8, Sym #"b", 9),
                      (9, Sym #"b", 10)], [10])
val d1 as (states, trans, finals) = determinise nfa1
val _ = List.app (fn (i, s) => print ("D" ^ Int.toString i ^ " = " ^ showSet s ^ "\n"))
                 (ListPair.zip (List.tabulate (length states, fn i => i), states))
val _ = List.app (fn (a, c, b) => print ("  D" ^ Int.toString a ^ " -" ^ str c ^ "-> D" ^ Int.toString b ^ "\n")) trans
val _ = print ("finals: " ^ showSet finals ^ "\n")
val _ = List.app (fn w => print (StringCvt.padRight #"." 12 w ^ Bool.toString (accepts (d1, w)) ^ "\n"))
                 ["abb", "aabb", "babb", "ab", "", "abba", "bbbbabb", "abc"]
(* a*b? with a dead start for c *)
val d2 = determinise (0, [(0, Sym #"a", 0), (0, Eps, 1), (1, Sym #"b", 2), (1, Eps, 2)], [2])
val _ = print (Int.toString (length (#1 d2)) ^ " states; " ^
               String.concatWith " " (map (fn w => Bool.toString (accepts (d2, w))) ["", "aaab", "ba", "c"]) ^ "\n")
