(* A three-stage query compiler in the style of the staged database
   examples of Rompf and Amin, "Functional Pearl: A SQL to C Compiler in
   500 Lines of Code" (ICFP 2015) and the MetaOCaml query papers: the
   schema is known at stage 0, the query at stage 1, the rows at stage 2.
   A log ref is shared by all stages (written while generating and while
   running). A missing column is reported while generating the stage-2
   code and handled at stage 1; a bad row raises from the stage-2 code; the
   last query's error is not handled, so the program dies of it. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val log = ref ([] : string list)
fun note s = log := s :: !log
exception NoColumn of string
exception BadRow of int

datatype pred = Eq of string * int | Lt of string * int | And of pred * pred | Not of pred | DivEq of string * int * int

(* stage 0: the schema; the result compiles queries (stage 1) into filters (stage 2) *)
fun compiler (schema : string list) : [pred -> [int vector -> bool]] =
    let fun indexOf name =
            let fun go (_, []) = raise NoColumn name
                  | go (i, c :: cs) = if c = name then i else go (i + 1, cs)
            in go (0, schema) end
        cogen idx = lift indexOf
        cogen width = lift (length schema)
    in code (fn query =>
         let fun gen (p : pred) : [int vector -> bool] =
                 case p of
                     Eq (c, k) => let cogen i = lift (idx c) cogen k' = lift k in code (fn row => Vector.sub (row, i) = k') end
                   | Lt (c, k) => let cogen i = lift (idx c) cogen k' = lift k in code (fn row => Vector.sub (row, i) < k') end
                   | And (a, b) => let cogen a' = gen a cogen b' = gen b in code (fn row => a' row andalso b' row) end
                   | Not a => let cogen a' = gen a in code (fn row => not (a' row)) end
                   | DivEq (c, d, k) =>
                       let cogen i = lift (idx c) cogen d' = lift d cogen k' = lift k
                       in code (fn row => Vector.sub (row, i) div d' = k') end
             val _ = note "stage 1: generating"
             cogen check = gen query
         in code (fn row => if Vector.length row <> width then raise BadRow (Vector.length row)
                            else (note "stage 2: row"; check row))
         end)
    end

val people = eval (compiler ["age", "height", "zip"])
fun select q rows =
    let val f = eval (people q)
    in pr (pi (length (List.filter f rows)) ^ " rows") end
    handle NoColumn c => pr ("no column " ^ c)
val rows = map Vector.fromList [[30, 180, 1000], [17, 165, 2000], [45, 170, 1000], [30, 190, 3000]]
val _ = select (Eq ("age", 30)) rows
val _ = select (And (Lt ("age", 40), Not (Eq ("zip", 2000)))) rows
val _ = select (DivEq ("height", 10, 17)) rows
val _ = select (Eq ("weight", 70)) rows
val _ = select (DivEq ("zip", 0, 1)) [] 
val _ = pr ("log has " ^ pi (length (!log)) ^ " entries")
val _ = (select (Lt ("age", 100)) (rows @ [Vector.fromList [1, 2]])) handle BadRow n => pr ("bad row of width " ^ pi n)
val _ = pr "dividing by zero in a generated filter:"
val _ = select (DivEq ("zip", 0, 1)) rows
val _ = pr "not reached"
