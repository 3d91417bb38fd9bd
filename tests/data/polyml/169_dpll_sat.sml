(* A DPLL SAT solver: clauses as int lists, unit propagation, pure
   literals, a branching heuristic, and encodings of pigeonhole and
   graph colouring problems; models are verified. *)

type clause = int list
type cnf = clause list

exception Conflict
exception Sat of (int * bool) list

fun lit2str l = if l < 0 then "~x" ^ Int.toString (~l) else "x" ^ Int.toString l

(* Assign literal l true: drop satisfied clauses, shrink the others. *)
fun assign (l, cnf : cnf) : cnf =
  List.foldr (fn (c, acc) =>
                if List.exists (fn x => x = l) c then acc
                else case List.filter (fn x => x <> ~l) c of
                       [] => raise Conflict
                     | c' => c' :: acc) [] cnf

val decisions = ref 0
val propagations = ref 0

fun unitPropagate (cnf, model) =
  case List.find (fn [_] => true | _ => false) cnf of
    SOME [l] => (propagations := !propagations + 1;
                 unitPropagate (assign (l, cnf), (abs l, l > 0) :: model))
  | SOME _ => raise Fail "impossible"
  | NONE => (cnf, model)

fun pureLiterals cnf =
  let val lits = List.concat cnf
  in List.filter (fn l => not (List.exists (fn x => x = ~l) lits)) lits end

(* Choose the literal occurring most often in the shortest clauses. *)
fun chooseLiteral cnf =
  let
    val shortest = foldl (fn (c, m) => Int.min (length c, m)) 1000000 cnf
    val candidates = List.concat (List.filter (fn c => length c = shortest) cnf)
    fun count l = length (List.filter (fn x => x = l) candidates)
  in
    foldl (fn (l, best) => if count l > count best then l else best) (hd candidates) candidates
  end

fun dpll (cnf, model) =
  let
    val (cnf, model) = unitPropagate (cnf, model)
    val (cnf, model) = foldl (fn (l, (c, m)) =>
                                if List.exists (fn (v, _) => v = abs l) m then (c, m)
                                else (assign (l, c), (abs l, l > 0) :: m)) (cnf, model) (pureLiterals cnf)
  in
    case cnf of
      [] => raise Sat model
    | _ =>
        let val l = chooseLiteral cnf
        in
          decisions := !decisions + 1;
          (dpll (assign (l, cnf), (abs l, l > 0) :: model) handle Conflict => ());
          dpll (assign (~l, cnf), (abs l, l <= 0) :: model)
        end
  end

fun solve cnf =
  (decisions := 0; propagations := 0;
   (dpll (cnf, []); NONE) handle Sat m => SOME m | Conflict => NONE)

fun satisfies model cnf =
  let fun value l = case List.find (fn (v, _) => v = abs l) model of
                      SOME (_, b) => if l > 0 then b else not b
                    | NONE => false
  in List.all (List.exists value) cnf end

fun sortModel m =
  let fun ins (x, []) = [x]
        | ins (x as (v, _), (y as (w, _)) :: ys) = if v <= w then x :: y :: ys else y :: ins (x, ys)
  in foldl ins [] m end

fun report (name, cnf) =
  case solve cnf of
    SOME m =>
      let val m = sortModel m
      in print (name ^ ": SAT " ^ String.concatWith " " (map (fn (v, b) => lit2str (if b then v else ~v)) m) ^
                " (checked " ^ Bool.toString (satisfies m cnf) ^ ", " ^ Int.toString (!decisions) ^ " decisions)\n")
      end
  | NONE => print (name ^ ": UNSAT (" ^ Int.toString (!decisions) ^ " decisions, " ^
                   Int.toString (!propagations) ^ " propagations)\n")

(* Pigeonhole: p pigeons in h holes; variable (i, j) = pigeon i in hole j. *)
fun pigeon (p, h) =
  let
    fun var (i, j) = i * h + j + 1
    val everyPigeon = List.tabulate (p, fn i => List.tabulate (h, fn j => var (i, j)))
    val pairs = List.concat (List.tabulate (p, fn i => List.tabulate (p, fn k => (i, k))))
    val noShare = List.concat (List.tabulate (h, fn j =>
                    List.mapPartial (fn (i, k) => if i < k then SOME [~ (var (i, j)), ~ (var (k, j))] else NONE) pairs))
  in everyPigeon @ noShare end

(* Graph colouring with k colours; vertex v colour c = v * k + c + 1. *)
fun colouring (n, edges, k) =
  let
    fun var (v, c) = v * k + c + 1
    val some = List.tabulate (n, fn v => List.tabulate (k, fn c => var (v, c)))
    val atMostOne = List.concat (List.tabulate (n, fn v =>
                      List.concat (List.tabulate (k, fn c =>
                        List.tabulate (k - c - 1, fn d => [~ (var (v, c)), ~ (var (v, c + d + 1))])))))
    val differ = List.concat (map (fn (u, v) => List.tabulate (k, fn c => [~ (var (u, c)), ~ (var (v, c))])) edges)
  in some @ atMostOne @ differ end

val petersen = [(0,1),(1,2),(2,3),(3,4),(4,0),(0,5),(1,6),(2,7),(3,8),(4,9),(5,7),(7,9),(9,6),(6,8),(8,5)]

val () = List.app report [
  ("trivial", [[1]]),
  ("empty clause", [[1, 2], []]),
  ("contradiction", [[1], [~1]]),
  ("small", [[1, 2, ~3], [~1, 3], [~2, 3], [~3, 4], [~4, ~1]]),
  ("xor chain", [[1, 2], [~1, ~2], [2, 3], [~2, ~3], [3, 4], [~3, ~4], [1, 4]]),
  ("odd xor cycle", [[1, 2], [~1, ~2], [2, 3], [~2, ~3], [3, 1], [~3, ~1]]),
  ("pigeon 3 in 3", pigeon (3, 3)),
  ("pigeon 4 in 3", pigeon (4, 3))
]

fun colours (n, edges, k) =
  case solve (colouring (n, edges, k)) of
    NONE => print (Int.toString k ^ " colours: impossible\n")
  | SOME m =>
      let val cs = List.tabulate (n, fn v =>
                     case List.find (fn c => List.exists (fn (x, b) => b andalso x = v * k + c + 1) m)
                                    (List.tabulate (k, fn c => c)) of
                       SOME c => c
                     | NONE => ~1)
          val proper = List.all (fn (u, v) => List.nth (cs, u) <> List.nth (cs, v)) edges
      in print (Int.toString k ^ " colours: " ^ String.concat (map Int.toString cs) ^
                (if proper then " proper" else " WRONG") ^ "\n")
      end

val pentagon = [(0,1),(1,2),(2,3),(3,4),(4,0)]
val () = List.app (fn k => colours (5, pentagon, k)) [2, 3]
val () = colours (4, [(0,1),(0,2),(0,3),(1,2),(1,3),(2,3)], 4)

(* A random 3-SAT instance from a fixed generator. *)
val seed = ref 42
fun next k = (seed := (!seed * 69069 + 1) mod 4294967296; !seed div 256 mod k)
fun randomClause vars = List.tabulate (3, fn _ => let val v = 1 + next vars in if next 2 = 0 then v else ~v end)
val () = report ("random 10/30", List.tabulate (30, fn _ => randomClause 10))
(* chooseLiteral on an empty formula has no candidates. *)
val _ = chooseLiteral [[]]
