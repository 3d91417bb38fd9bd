(* Array.array/tabulate/fromList/update/sub/length at their edges, arrays of
   arrays and refs, aliasing; ends with an uncaught Subscript from update *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun show a = let fun go k = if k = Array.length a then "" else i (Array.sub (a, k)) ^ (if k + 1 = Array.length a then "" else ",") ^ go (k + 1)
             in "{" ^ go 0 ^ "}" end
val bad = ref 0
fun at k = ref k
val a = Array.array (3, 7)
val _ = p (show a ^ " " ^ i (Array.length a))
val _ = p (String.concat (map (fn k => (i (Array.sub (a, !(at k))) handle Subscript => "S") ^ " ") [0, 2, 3, ~1, 4611686018427387903, ~4611686018427387904]))
val _ = p (String.concat (map (fn k => ((Array.update (a, !(at k), k); "u") handle Subscript => "S") ^ " ") [0, 2, 3, ~1]))
val _ = p (show a)
fun size' n = (i (Array.length (Array.array (!(at n), ()))) handle Size => "Size")
val _ = p (String.concat (map (fn n => size' n ^ " ") [0, 1, 10, ~1, ~4611686018427387904]))
fun tab n = (show (Array.tabulate (!(at n), fn k => k * 2)) handle Size => "Size")
val _ = p (String.concat (map (fn n => tab n ^ " ") [0, 1, 5, ~1]))
val e = Array.fromList ([] : int list)
val _ = p (show e ^ i (Array.length e) ^ ((i (Array.sub (e, 0))) handle Subscript => " empty sub S"))
val f = Array.fromList [10, 20, 30]
val g = f
val _ = Array.update (g, 1, 99)
val _ = p (show f ^ " " ^ (if f = g then "aliased" else "copied"))
val copy = Array.tabulate (Array.length f, fn k => Array.sub (f, k))
val _ = Array.update (copy, 0, ~1)
val _ = p (show f ^ " " ^ show copy ^ " " ^ (if f = copy then "same" else "distinct"))
val matrix = Array.tabulate (3, fn r => Array.tabulate (4, fn c => r * 10 + c))
val _ = Array.update (Array.sub (matrix, 2), 3, 0)
val _ = p (String.concat (map (fn r => show (Array.sub (matrix, r))) [0, 1, 2]))
val sharedRow = Array.array (2, Array.array (2, 0))
val _ = Array.update (Array.sub (sharedRow, 0), 1, 5)
val _ = p (show (Array.sub (sharedRow, 1)))
val refs = Array.tabulate (3, fn k => ref k)
val _ = Array.sub (refs, 1) := 42
val _ = p (String.concat (map (fn k => i (!(Array.sub (refs, k))) ^ " ") [0, 1, 2]))
val strs = Array.array (2, "")
val _ = Array.update (strs, 0, "x" ^ Array.sub (strs, 1) ^ "y")
val _ = p (Array.sub (strs, 0) ^ "|" ^ Array.sub (strs, 1) ^ "|")
val bools = Array.fromList [true, false]
val _ = p (if Array.sub (bools, 0) andalso not (Array.sub (bools, 1)) then "bools" else "?")
fun swap (arr, x, y) = let val t = Array.sub (arr, x) in Array.update (arr, x, Array.sub (arr, y)); Array.update (arr, y, t) end
val h = Array.fromList [1, 2, 3, 4, 5]
val _ = (swap (h, 0, 4); swap (h, 1, 3); swap (h, 2, 2))
val _ = p (show h)
val _ = p ((swap (h, 0, 5); "swapped") handle Subscript => "swap Subscript " ^ show h)
val big = Array.array (100000, 1)
val total = let fun go (k, acc) = if k = Array.length big then acc else go (k + 1, acc + Array.sub (big, k)) in go (0, 0) end
val _ = p (i total)
val u = Array.update (a, 1, 3)
val _ = p (if u = () then "update returns unit" else "?")
val _ = Array.update (a, Array.length a, 0)
val _ = p "unreached"
