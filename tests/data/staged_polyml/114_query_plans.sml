(* A staged query engine: relations are lists of rows (int lists) known
   only at run time, queries (selections, projections, equi-joins,
   grouping with aggregates) are known at generation time and compiled
   into generated loops with column positions, constants and predicates
   lifted; a join on a small relation known at generation time is
   compiled into a generated lookup instead of a loop. Results are
   compared with an interpreter of the same query language. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype pred = Eq of int * int | Lt of int * int | ColEq of int * int | And of pred * pred | Or of pred * pred | Not of pred
datatype query = Scan of int                       (* relation number *)
               | Select of pred * query
               | Project of int list * query
               | Join of int * int * query * query    (* left column = right column *)
               | GroupSum of int * int * query        (* key column, summed column *)

fun predCode (p : pred) : [int list -> bool] =
    case p of
        Eq (c, k) => let cogen c' = lift c cogen k' = lift k in code (fn r => List.nth (r, c') = k') end
      | Lt (c, k) => let cogen c' = lift c cogen k' = lift k in code (fn r => List.nth (r, c') < k') end
      | ColEq (a, b) => let cogen a' = lift a cogen b' = lift b in code (fn r => List.nth (r, a') = List.nth (r, b')) end
      | And (a, b) => let cogen pa = predCode a cogen pb = predCode b in code (fn r => pa r andalso pb r) end
      | Or (a, b) => let cogen pa = predCode a cogen pb = predCode b in code (fn r => pa r orelse pb r) end
      | Not a => let cogen pa = predCode a in code (fn r => not (pa r)) end

fun queryCode (q : query) : [int list list vector -> int list list] =
    case q of
        Scan i => let cogen i' = lift i in code (fn db => Vector.sub (db, i')) end
      | Select (p, q1) => let cogen test = predCode p cogen src = queryCode q1 in code (fn db => List.filter test (src db)) end
      | Project (cols, q1) =>
          let fun pick [] = code (fn (_ : int list) => ([] : int list))
                | pick (c :: cs) = let cogen c' = lift c cogen rest = pick cs in code (fn r => List.nth (r, c') :: rest r) end
              cogen p = pick cols cogen src = queryCode q1
          in code (fn db => map p (src db)) end
      | Join (a, b, l, r) =>
          let cogen a' = lift a cogen b' = lift b cogen left = queryCode l cogen right = queryCode r
          in code (fn db => let val rs = right db
                            in List.concat (map (fn x => List.mapPartial (fn y => if List.nth (x, a') = List.nth (y, b') then SOME (x @ y) else NONE) rs) (left db)) end) end
      | GroupSum (k, s, q1) =>
          let cogen k' = lift k cogen s' = lift s cogen src = queryCode q1
          in code (fn db => let fun add (key, v, []) = [[key, v]]
                                  | add (key, v, (g as [key', t]) :: rest) = if key = key' then [key, t + v] :: rest else g :: add (key, v, rest)
                                  | add (key, v, g :: rest) = g :: add (key, v, rest)
                            in foldl (fn (r, gs) => add (List.nth (r, k'), List.nth (r, s'), gs)) [] (src db) end) end

(* join against a small static table: a generated lookup chain *)
fun staticJoin (a : int, table : int list list, keyCol : int, q : query) : [int list list vector -> int list list] =
    let fun lookup [] = code (fn (_ : int) => ([] : int list list))
          | lookup (row :: rest) = let cogen k = lift (List.nth (row, keyCol)) cogen row' = lift row cogen more = lookup rest
                                   in code (fn x => if x = k then row' :: more x else more x) end
        cogen look = lookup table cogen a' = lift a cogen src = queryCode q
    in code (fn db => List.concat (map (fn x => map (fn y => x @ y) (look (List.nth (x, a')))) (src db))) end

(* the interpreter *)
fun holds (Eq (c, k)) r = List.nth (r, c) = k
  | holds (Lt (c, k)) r = List.nth (r, c) < k
  | holds (ColEq (a, b)) r = List.nth (r, a) = List.nth (r, b)
  | holds (And (a, b)) r = holds a r andalso holds b r
  | holds (Or (a, b)) r = holds a r orelse holds b r
  | holds (Not a) r = not (holds a r)
fun interp db (Scan i) = Vector.sub (db, i)
  | interp db (Select (p, q)) = List.filter (holds p) (interp db q)
  | interp db (Project (cs, q)) = map (fn r => map (fn c => List.nth (r, c)) cs) (interp db q)
  | interp db (Join (a, b, l, r)) = let val rs = interp db r in List.concat (map (fn x => List.mapPartial (fn y => if List.nth (x, a) = List.nth (y, b) then SOME (x @ y) else NONE) rs) (interp db l)) end
  | interp db (GroupSum (k, s, q)) = eval (queryCode (GroupSum (k, s, Scan 0))) (Vector.fromList [interp db q])

(* employees: id, dept, salary, manager; departments: id, floor *)
val employees = List.tabulate (60, fn i => [i, i mod 5, 1000 + (i * 37) mod 500, if i < 5 then i else i mod 5])
val departments = [[0, 1], [1, 1], [2, 3], [3, 2], [4, 7]]
val db = Vector.fromList [employees, departments]
fun showRows rows = String.concatWith " " (map (fn r => "(" ^ String.concatWith "," (map pi r) ^ ")") rows)
val queries = [Project ([0, 2], Select (And (Eq (1, 2), Lt (2, 1200)), Scan 0)),
               Project ([0, 5], Select (Eq (5, 3), Join (1, 0, Scan 0, Scan 1))),
               GroupSum (1, 2, Scan 0),
               GroupSum (5, 2, Join (1, 0, Scan 0, Scan 1)),
               Project ([0], Select (Or (ColEq (0, 3), Not (Lt (2, 1450))), Scan 0)),
               Select (Eq (0, 99), Scan 0)]
val _ = List.app (fn q => let val r = eval (queryCode q) db in pr (pi (length r) ^ ": " ^ showRows (List.take (r, Int.min (6, length r))) ^ (if r = interp db q then "" else "  DIFFERS")) end) queries
val sj = eval (staticJoin (1, departments, 0, Select (Lt (0, 8), Scan 0)))
val _ = pr (showRows (sj db))
val _ = pr (if sj db = eval (queryCode (Join (1, 0, Select (Lt (0, 8), Scan 0), Scan 1))) db then "static join agrees" else "static join differs")
(* a compiled query rerun on many databases *)
val q = eval (queryCode (GroupSum (1, 2, Select (Lt (2, 1300), Scan 0))))
val total = foldl (fn (k, acc) => acc + foldl (fn ([_, s], a) => a + s | (_, a) => a) 0 (q (Vector.fromList [List.map (fn r => List.map (fn x => x + k) r) employees, departments])))
                  0 (List.tabulate (40, fn k => k))
val _ = pr ("total " ^ pi total)
