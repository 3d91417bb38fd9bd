(* A query over rows of a small table (tuples), compiled to code: the
   predicate, the projection and the ordering are static, so field access
   and comparisons are chosen at generation time; constants are lifted;
   run against the interpreted query *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype value = I of int | S of string
datatype field = Name | Age | City
datatype pred = Cmp of field * order * value | AndP of pred * pred | OrP of pred * pred | NotP of pred | TrueP
exception Type of string
type row = string * int * string
val people : row list = [("ann", 31, "oslo"), ("bob", 25, "rome"), ("cid", 47, "oslo"), ("dee", 25, "lima"), ("eve", 62, "rome"), ("fay", 19, "oslo")]
fun get Name (n, _, _) = S n | get Age (_, a, _) = I a | get City (_, _, c) = S c
fun cmpValue (I a, I b) = Int.compare (a, b)
  | cmpValue (S a, S b) = String.compare (a, b)
  | cmpValue _ = raise Type "mixed comparison"
fun holds TrueP _ = true
  | holds (Cmp (f, ord, v)) r = cmpValue (get f r, v) = ord
  | holds (AndP (p, q)) r = holds p r andalso holds q r
  | holds (OrP (p, q)) r = holds p r orelse holds q r
  | holds (NotP p) r = not (holds p r)
(* the generated access is specialised to the field's type: no value tags at run time *)
fun predGen TrueP = code (fn (_ : row) => true)
  | predGen (Cmp (Age, ord, I k)) = let cogen c = lift k cogen o' = lift ord in code (fn (_, a, _) => Int.compare (a, c) = o') end
  | predGen (Cmp (Name, ord, S k)) = let cogen c = lift k cogen o' = lift ord in code (fn (n, _, _) => String.compare (n, c) = o') end
  | predGen (Cmp (City, EQUAL, S k)) = let cogen c = lift k in code (fn (_, _, ci) => ci = c) end
  | predGen (Cmp (City, ord, S k)) = let cogen c = lift k cogen o' = lift ord in code (fn (_, _, ci) => String.compare (ci, c) = o') end
  | predGen (Cmp _) = raise Type "mixed comparison"
  | predGen (AndP (p, q)) = let cogen a = predGen p cogen b = predGen q in code (fn r => a r andalso b r) end
  | predGen (OrP (p, q)) = let cogen a = predGen p cogen b = predGen q in code (fn r => a r orelse b r) end
  | predGen (NotP p) = let cogen a = predGen p in code (fn r => not (a r)) end
fun projGen [] = code (fn (_ : row) => [] : string list)
  | projGen (Name :: fs) = let cogen rest = projGen fs in code (fn (r as (n, _, _)) => n :: rest r) end
  | projGen (Age :: fs) = let cogen rest = projGen fs in code (fn (r as (_, a, _)) => pi a :: rest r) end
  | projGen (City :: fs) = let cogen rest = projGen fs in code (fn (r as (_, _, c)) => c :: rest r) end
fun sortBy (less : row * row -> bool) rows =
  let fun ins (x, []) = [x] | ins (x, y :: ys) = if less (x, y) then x :: y :: ys else y :: ins (x, ys)
  in foldl ins [] rows end
fun orderGen NONE = code (fn (rows : row list) => rows)
  | orderGen (SOME Age) = code (sortBy (fn ((_, a, _), (_, b, _)) => a < b))
  | orderGen (SOME Name) = code (sortBy (fn ((a, _, _), (b, _, _)) => a < b))
  | orderGen (SOME City) = code (sortBy (fn ((_, _, a), (_, _, b)) => a < b))
fun query (p, fields, ord) =
  let cogen keep = predGen p cogen proj = projGen fields cogen sort = orderGen ord
  in code (fn rows => map (fn r => String.concatWith ":" (proj r)) (sort (List.filter keep rows))) end
fun interp (p, fields, _) rows = map (fn r => String.concatWith ":" (map (fn f => case get f r of I n => pi n | S s => s) fields)) (List.filter (holds p) rows)
val queries =
  [(Cmp (City, EQUAL, S "oslo"), [Name], NONE),
   (AndP (Cmp (Age, GREATER, I 24), NotP (Cmp (City, EQUAL, S "rome"))), [Name, Age], SOME Age),
   (OrP (Cmp (Name, LESS, S "c"), Cmp (Age, EQUAL, I 25)), [City, Name], SOME City),
   (TrueP, [Age, Age], SOME Age),
   (Cmp (City, GREATER, S "m"), [City], SOME Name),
   (Cmp (Age, EQUAL, S "old"), [Name], NONE)]
val _ = app (fn q => pr ((String.concatWith " " (eval (query q) people) ^ "  |  " ^ String.concatWith " " (interp q people))
                         handle Type m => "type error: " ^ m)) queries
(* one compiled query run on many tables *)
val young = eval (query (Cmp (Age, LESS, I 30), [Name], SOME Name))
val tables = [people, [], [("zed", 1, "x"), ("amy", 2, "y")], rev people]
val _ = app (fn t => pr ("[" ^ String.concatWith "," (young t) ^ "]")) tables
