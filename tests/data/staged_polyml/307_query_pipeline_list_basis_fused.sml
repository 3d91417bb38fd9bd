(* A query pipeline over a list of employee records, compiled two ways:
   as generated code that calls List and ListPair basis functions
   (List.filter, List.mapPartial, List.partition, List.take, List.drop,
   ListPair.zip, List.find, List.exists, List.all, List.revAppend,
   List.concat, List.last, List.getItem) with the query's constants
   lifted, and fused into a single generated fold where the steps allow.
   Both are compared with the query interpreted step by step. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type emp = string * string * int * int   (* name, department, salary, age *)
datatype step = WhereDept of string | WhereSalaryOver of int | OlderThan of int
              | Raise of int | Limit of int | Skip of int | Rename of string -> string
datatype query = Q of step list

val staff : emp list =
  List.tabulate (60, fn i =>
    ("e" ^ pi i, List.nth (["eng", "ops", "sales", "eng", "hr"], i mod 5), 3000 + (i * 397) mod 4000, 20 + (i * 13) mod 45))

fun runStep (WhereDept d) es = List.filter (fn (_, d', _, _) => d' = d) es
  | runStep (WhereSalaryOver s) es = List.filter (fn (_, _, s', _) => s' > s) es
  | runStep (OlderThan a) es = List.filter (fn (_, _, _, a') => a' > a) es
  | runStep (Raise p) es = map (fn (n, d, s, a) => (n, d, s + s * p div 100, a)) es
  | runStep (Limit k) es = List.take (es, Int.min (k, length es))
  | runStep (Skip k) es = List.drop (es, Int.min (k, length es))
  | runStep (Rename f) es = map (fn (n, d, s, a) => (f n, d, s, a)) es
fun runU (Q steps) es = foldl (fn (st, acc) => runStep st acc) es steps

(* staged, step by step through basis calls *)
fun genStep (WhereDept d) : [emp list -> emp list] = let cogen d' = lift d in code (List.filter (fn (_, x, _, _) => x = d')) end
  | genStep (WhereSalaryOver s) = let cogen s' = lift s in code (List.filter (fn (_, _, x, _) => x > s')) end
  | genStep (OlderThan a) = let cogen a' = lift a in code (List.mapPartial (fn e as (_, _, _, x) => if x > a' then SOME e else NONE)) end
  | genStep (Raise p) = let cogen p' = lift p in code (map (fn (n, d, s, a) => (n, d, s + s * p' div 100, a))) end
  | genStep (Limit k) = let cogen k' = lift k in code (fn es => List.take (es, Int.min (k', length es))) end
  | genStep (Skip k) = let cogen k' = lift k in code (fn es => List.drop (es, Int.min (k', length es))) end
  | genStep (Rename f) = let cogen f' = lift f in code (map (fn (n, d, s, a) => (f' n, d, s, a))) end
fun genQuery (Q steps) : [emp list -> emp list] =
  foldl (fn (st, acc) => let cogen prev = acc cogen s = genStep st in code (fn es => s (prev es)) end) (code (fn es => es)) steps

(* fused: filters and maps become one pass with List.revAppend; Limit/Skip end a segment *)
fun fuse (steps : step list) : [emp -> emp option] * step list =
  case steps of
    [] => (code SOME, [])
  | (Limit _ :: _) => (code SOME, steps)
  | (Skip _ :: _) => (code SOME, steps)
  | (st :: rest) =>
      let val (restG, left) = fuse rest
          cogen r = restG
          val g = case st of
                    WhereDept d => let cogen d' = lift d in code (fn e as (_, x, _, _) => if x = d' then r e else NONE) end
                  | WhereSalaryOver s => let cogen s' = lift s in code (fn e as (_, _, x, _) => if x > s' then r e else NONE) end
                  | OlderThan a => let cogen a' = lift a in code (fn e as (_, _, _, x) => if x > a' then r e else NONE) end
                  | Raise p => let cogen p' = lift p in code (fn (n, d, s, a) => r (n, d, s + s * p' div 100, a)) end
                  | Rename f => let cogen f' = lift f in code (fn (n, d, s, a) => r (f' n, d, s, a)) end
                  | _ => raise Fail "unreachable"
      in (g, left) end
fun genFused (steps : step list) : [emp list -> emp list] =
  case steps of
    [] => code (fn es => es)
  | (Limit k :: rest) => let cogen r = genFused rest cogen k' = lift k in code (fn es => r (List.take (es, Int.min (k', length es)))) end
  | (Skip k :: rest) => let cogen r = genFused rest cogen k' = lift k in code (fn es => r (List.drop (es, Int.min (k', length es)))) end
  | _ => let val (one, left) = fuse steps
             cogen pass = one cogen r = genFused left
         in code (fn es => r (List.revAppend (foldl (fn (e, acc) => case pass e of SOME e' => e' :: acc | NONE => acc) [] es, []))) end

fun showE (n, d, s, a) = n ^ "/" ^ d ^ "/" ^ pi s ^ "/" ^ pi a
val queries = [Q [WhereDept "eng", WhereSalaryOver 4000, Raise 10],
               Q [OlderThan 40, Rename (fn n => String.map Char.toUpper n), Skip 2, Limit 5, Raise 5],
               Q [Raise 50, WhereSalaryOver 9000, Limit 3, WhereDept "sales"],
               Q [Skip 55, Limit 10, Rename (fn n => n ^ "!")],
               Q []]
val _ = List.app (fn q as Q steps =>
          let val u = runU q staff
              val s = eval (genQuery q) staff
              val f = eval (genFused steps) staff
          in pr (pi (length u) ^ " rows" ^ (if u = s andalso s = f then " (three agree)" else " DISAGREE") ^
                 (case List.getItem u of SOME (e, _) => ": first " ^ showE e ^ ", last " ^ showE (List.last u) | NONE => ""))
          end) queries

(* aggregate questions answered by generated code over the result *)
val stats : [emp list -> string] =
  code (fn es =>
    let val (young, old) = List.partition (fn (_, _, _, a) => a < 40) es
        val pairs = ListPair.zip (young, old)
        val rich = List.find (fn (_, _, s, _) => s > 6000) es
    in String.concatWith "; " [Int.toString (length young) ^ " young, " ^ Int.toString (length old) ^ " old",
                               Int.toString (length pairs) ^ " pairs",
                               "anyone in hr: " ^ Bool.toString (List.exists (fn (_, d, _, _) => d = "hr") es),
                               "all over 3000: " ^ Bool.toString (List.all (fn (_, _, s, _) => s > 3000) es),
                               "first rich: " ^ (case rich of SOME (n, _, _, _) => n | NONE => "none"),
                               "names " ^ String.concat (List.concat (map (fn (n, _, _, _) => [n, ","]) (List.take (es, Int.min (3, length es)))))]
    end)
val st = eval stats
val _ = List.app (fn Q steps => pr (st (eval (genFused steps) staff))) queries
