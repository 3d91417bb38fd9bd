(* A formula in conjunctive normal form, known at generation time, is
   compiled into a generated evaluator over a bit vector (one generated
   test per literal, clauses unrolled), and into a generated
   backtracking solver whose variable order and clause checks are
   specialised: after each assignment only the clauses whose variables
   are all assigned are checked, the lists of such clauses computed at
   generation time. Both are checked by brute force over all
   assignments; the solver also counts models. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type clause = int list     (* literals: v or ~v, variables numbered from 1 *)

fun clauseCode (c : clause) : [bool array -> bool] =
    case c of
        [] => code (fn _ => false)
      | l :: rest => let cogen v = lift (abs l - 1) cogen positive = lift (l > 0) cogen more = clauseCode rest
                     in code (fn a => Array.sub (a, v) = positive orelse more a) end
fun cnfCode (cs : clause list) : [bool array -> bool] =
    case cs of
        [] => code (fn _ => true)
      | c :: rest => let cogen here = clauseCode c cogen more = cnfCode rest in code (fn a => here a andalso more a) end

(* the solver: at depth d (variable d+1 just assigned) check the clauses whose largest variable is d+1 *)
fun solverCode (n : int, cs : clause list) : [bool array -> int] =
    let fun maxVar c = foldl Int.max 0 (map abs c)
        fun level d = if d = n then code (fn (_ : bool array) => 1)
                      else let cogen check = cnfCode (List.filter (fn c => maxVar c = d + 1) cs)
                               cogen next = level (d + 1) cogen d' = lift d
                           (* check and next are each used twice: bound once, so their code is not copied
                              at every level (which would make the code exponential in n) *)
                           in code (let val chk = check val nxt = next
                                    in fn a => (Array.update (a, d', false); (if chk a then nxt a else 0))
                                               + (Array.update (a, d', true); (if chk a then nxt a else 0)) end) end
        cogen root = level 0
        cogen emptyOk = cnfCode (List.filter (fn c => maxVar c = 0) cs)
    in code (fn a => if emptyOk a then root a else 0) end

fun bits (n, k) = Array.tabulate (n, fn i => (k div (Word.toInt (Word.<< (0w1, Word.fromInt i)))) mod 2 = 1)
fun brute (n, f) = length (List.filter (fn k => f (bits (n, k))) (List.tabulate (Word.toInt (Word.<< (0w1, Word.fromInt n)), fn k => k)))

fun test (name, n, cs) =
    let val f = eval (cnfCode cs)
        val solve = eval (solverCode (n, cs))
        val models = solve (Array.array (n, false))
    in pr (name ^ ": " ^ pi n ^ " variables, " ^ pi (length cs) ^ " clauses, " ^ pi models ^ " models" ^
           (if models = brute (n, f) then " (brute force agrees)" else " (BRUTE FORCE DIFFERS)")) end

val _ = test ("tiny", 2, [[1, 2], [~1, ~2]])
val _ = test ("unsat", 2, [[1], [~1, 2], [~2]])
val _ = test ("empty clause", 3, [[1, 2], []])
val _ = test ("no clauses", 4, [])
(* pigeonhole: 3 pigeons in 2 holes is unsatisfiable; variable p*2+h+1 *)
fun ph (pigeons, holes) =
    let fun var (p, h) = p * holes + h + 1
        val each = List.tabulate (pigeons, fn p => List.tabulate (holes, fn h => var (p, h)))
        val pairs = List.concat (List.tabulate (holes, fn h => List.concat (List.tabulate (pigeons, fn p => List.mapPartial (fn q => if q > p then SOME [~ (var (p, h)), ~ (var (q, h))] else NONE) (List.tabulate (pigeons, fn q => q))))))
    in (pigeons * holes, each @ pairs) end
val _ = let val (n, cs) = ph (3, 2) in test ("pigeons 3 in 2", n, cs) end
val _ = let val (n, cs) = ph (3, 3) in test ("pigeons 3 in 3", n, cs) end
(* a chain of implications x1 -> x2 -> ... -> x10 *)
val _ = test ("implication chain", 10, List.tabulate (9, fn i => [~ (i + 1), i + 2]))
(* exactly one of 10 *)
val one = List.tabulate (10, fn i => i + 1) :: List.concat (List.tabulate (10, fn i => List.mapPartial (fn j => if j > i then SOME [~ (i + 1), ~ (j + 1)] else NONE) (List.tabulate (10, fn j => j))))
val _ = test ("exactly one of 10", 10, one)
(* random clauses over 10 variables: the evaluator called on all 1024 assignments *)
val seed = ref 5
fun rand m = (seed := (!seed * 1103515245 + 12345) mod 2147483648; (!seed div 65536) mod m)
val random3 = List.tabulate (30, fn _ => List.tabulate (3, fn _ => let val v = rand 10 + 1 in if rand 2 = 0 then v else ~v end))
val _ = test ("random 3-sat", 10, random3)
