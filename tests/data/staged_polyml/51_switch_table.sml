(* Switch on a known list of cases: a case table known at generation time
   becomes a chain of comparisons, a binary decision tree over sorted keys,
   or a lifted array lookup; strings are dispatched on their first
   character then compared. A missing key raises a local exception. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
exception NoCase of int

fun chain [] = code (fn k => raise NoCase k)
  | chain ((key, v) :: rest) =
    let cogen r = chain rest cogen key' = lift key cogen v' = lift v
    in code (fn k => if k = key' then v' else r k) end

fun sortPairs [] = []
  | sortPairs ((k, v) :: r) =
    let val (lo, hi) = List.partition (fn (k', _) => k' < k) r in sortPairs lo @ [(k, v)] @ sortPairs hi end

fun tree ([] : (int * string) list) = code (fn k => raise NoCase k)
  | tree cases =
    let val mid = length cases div 2
        val (k, v) = List.nth (cases, mid)
        cogen lo = tree (List.take (cases, mid))
        cogen hi = tree (List.drop (cases, mid + 1))
        cogen k' = lift k cogen v' = lift v
    in code (fn x => if x = k' then v' else if x < k' then lo x else hi x) end

fun dense (cases : (int * string) list) =
    let val maxKey = foldl (fn ((k, _), m) => Int.max (k, m)) 0 cases
        val arr = Array.array (maxKey + 1, NONE : string option)
        val _ = app (fn (k, v) => Array.update (arr, k, SOME v)) cases
        cogen a = lift arr
    in code (fn k => (case Array.sub (a, k) of SOME v => v | NONE => raise NoCase k) handle Subscript => raise NoCase k) end

fun byFirstChar (words : (string * int) list) =
    let fun group [] = code (fn (w : string) => ~1)
          | group ((w, n) :: rest) =
            let cogen r = group rest cogen w' = lift w cogen n' = lift n cogen c = lift (String.sub (w, 0))
            in code (fn s => if size s > 0 andalso String.sub (s, 0) = c andalso s = w' then n' else r s) end
    in group words end

val cases = [(404, "not found"), (200, "ok"), (500, "server error"), (301, "moved"), (418, "teapot"), (201, "created"), (503, "unavailable")]
val c1 = eval (chain cases)
val c2 = eval (tree (sortPairs cases))
val c3 = eval (dense cases)
fun try f k = f k handle NoCase n => "no case " ^ pi n
val _ = app (fn k => pr (pi k ^ ": " ^ try c1 k ^ " | " ^ try c2 k ^ " | " ^ try c3 k)) [200, 201, 301, 404, 418, 500, 503, 0, 302, 999, ~1]
val kw = eval (byFirstChar [("if", 1), ("in", 2), ("fn", 3), ("fun", 4), ("val", 5), ("", 6)] handle Subscript => code (fn _ => ~2))
val _ = pr "keyword table built"
val kw2 = eval (byFirstChar [("if", 1), ("in", 2), ("fn", 3), ("fun", 4), ("val", 5)])
val _ = pr (String.concatWith " " (map (pi o kw2) ["if", "in", "fn", "fun", "val", "valid", "", "i"]))
(* a 300-case chain and tree agree *)
val many = List.tabulate (300, fn i => (i * 7 mod 300, pi i))
val bigChain = eval (chain many)
val bigTree = eval (tree (sortPairs many))
val _ = pr (if List.all (fn k => bigChain k = bigTree k) [0, 1, 7, 150, 299, 293] then "agree" else "disagree")
val _ = pr (bigTree 7 ^ " " ^ bigChain 293 ^ " " ^ try bigTree 300)
