(* Tarjan's strongly connected components with arrays and refs (components come out in
   reverse topological order), the condensation DAG, and 2-SAT decided from the components of
   the implication graph, with a satisfying assignment read off the component order *)
fun tarjan (n, adj : int list array) =
    let val index = Array.array (n, ~1)
        val low = Array.array (n, 0)
        val onStack = Array.array (n, false)
        val stack = ref [] : int list ref
        val counter = ref 0
        val comps = ref [] : int list list ref
        fun visit v =
            (Array.update (index, v, !counter); Array.update (low, v, !counter); counter := !counter + 1;
             stack := v :: !stack; Array.update (onStack, v, true);
             List.app (fn w =>
                 if Array.sub (index, w) < 0 then (visit w; Array.update (low, v, Int.min (Array.sub (low, v), Array.sub (low, w))))
                 else if Array.sub (onStack, w) then Array.update (low, v, Int.min (Array.sub (low, v), Array.sub (index, w)))
                 else ()) (Array.sub (adj, v));
             if Array.sub (low, v) = Array.sub (index, v) then
               let fun pop acc =
                       case !stack of
                           w :: rest => (stack := rest; Array.update (onStack, w, false);
                                         if w = v then w :: acc else pop (w :: acc))
                         | [] => raise Fail "empty stack"
               in comps := pop [] :: !comps end
             else ())
        val _ = List.app (fn v => if Array.sub (index, v) < 0 then visit v else ()) (List.tabulate (n, fn i => i))
    in rev (!comps) end

fun graph (n, edges) =
    let val adj = Array.array (n, [])
    in List.app (fn (a, b) => Array.update (adj, a, Array.sub (adj, a) @ [b])) edges; adj end

fun showComps cs = String.concatWith " " (map (fn c => "{" ^ String.concatWith "," (map Int.toString c) ^ "}") cs)

val g1 = graph (8, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3), (6, 5), (6, 7), (7, 6)])
val c1 = tarjan (8, g1)
val _ = print ("components: " ^ showComps c1 ^ "\n")

(* the condensation: an edge between components, each listed once *)
fun condensation (n, adj, comps) =
    let val compOf = Array.array (n, 0)
        val _ = ListPair.app (fn (c, i) => List.app (fn v => Array.update (compOf, v, i)) c)
                             (comps, List.tabulate (length comps, fn i => i))
        val edges = Array.foldli (fn (v, ws, acc) =>
                        foldl (fn (w, acc) =>
                                  let val (a, b) = (Array.sub (compOf, v), Array.sub (compOf, w))
                                      val e = (a, b)
                                  in if a = b orelse List.exists (fn x => x = e) acc then acc else e :: acc end) acc ws) [] adj
    in rev edges end
val _ = print ("condensation: " ^ String.concatWith " " (map (fn (a, b) => Int.toString a ^ "->" ^ Int.toString b) (condensation (8, g1, c1))) ^ "\n")
val _ = print ("a DAG: " ^ showComps (tarjan (5, graph (5, [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4)]))) ^ "\n")
val _ = print ("self loops and isolated: " ^ showComps (tarjan (4, graph (4, [(1, 1), (2, 3), (3, 2)]))) ^ "\n")

(* 2-SAT: variable x is node 2x, its negation 2x+1; a clause (a or b) gives not a -> b, not b -> a *)
datatype lit = Pos of int | Neg of int
fun node (Pos x) = 2 * x
  | node (Neg x) = 2 * x + 1
fun negate (Pos x) = Neg x
  | negate (Neg x) = Pos x
fun litStr (Pos x) = "x" ^ Int.toString x
  | litStr (Neg x) = "~x" ^ Int.toString x

fun twoSat (vars, clauses) =
    let val n = 2 * vars
        val adj = graph (n, List.concat (map (fn (a, b) => [(node (negate a), node b), (node (negate b), node a)]) clauses))
        val comps = tarjan (n, adj)
        val compOf = Array.array (n, 0)
        val _ = ListPair.app (fn (c, i) => List.app (fn v => Array.update (compOf, v, i)) c)
                             (comps, List.tabulate (length comps, fn i => i))
        val vs = List.tabulate (vars, fn x => x)
    in if List.exists (fn x => Array.sub (compOf, 2 * x) = Array.sub (compOf, 2 * x + 1)) vs then NONE
       (* components are numbered in reverse topological order: x is true if its node comes first *)
       else SOME (map (fn x => Array.sub (compOf, 2 * x) < Array.sub (compOf, 2 * x + 1)) vs)
    end

fun check (clauses, assignment) =
    let fun value (Pos x) = List.nth (assignment, x)
          | value (Neg x) = not (List.nth (assignment, x))
    in List.all (fn (a, b) => value a orelse value b) clauses end

fun solve (name, vars, clauses) =
    print (name ^ " [" ^ String.concatWith " & " (map (fn (a, b) => "(" ^ litStr a ^ " | " ^ litStr b ^ ")") clauses) ^ "]: " ^
           (case twoSat (vars, clauses) of
                NONE => "unsatisfiable"
              | SOME a => String.concatWith "" (map (fn true => "T" | false => "F") a) ^
                          (if check (clauses, a) then " (checked)" else " (WRONG)")) ^ "\n")

val _ = solve ("simple", 3, [(Pos 0, Pos 1), (Neg 0, Pos 2), (Neg 1, Neg 2)])
val _ = solve ("forced", 2, [(Pos 0, Pos 0), (Neg 0, Pos 1)])
val _ = solve ("contradiction", 1, [(Pos 0, Pos 0), (Neg 0, Neg 0)])
val _ = solve ("cycle", 4, [(Neg 0, Pos 1), (Neg 1, Pos 2), (Neg 2, Pos 3), (Neg 3, Pos 0), (Pos 0, Pos 2)])
val _ = solve ("xor chain", 3, [(Pos 0, Pos 1), (Neg 0, Neg 1), (Pos 1, Pos 2), (Neg 1, Neg 2), (Pos 0, Pos 2)])
val _ = solve ("xor triangle", 3, [(Pos 0, Pos 1), (Neg 0, Neg 1), (Pos 1, Pos 2), (Neg 1, Neg 2), (Pos 0, Pos 2), (Neg 0, Neg 2)])
