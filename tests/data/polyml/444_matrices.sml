(* Integer matrices as arrays of arrays: construction with tabulate,
   identity, transpose, multiplication, powers by squaring (Fibonacci
   via [[1,1],[1,0]]), the determinant by cofactor expansion, trace,
   row operations in place, and printing. Multiplying mismatched shapes
   reads past a row and the Subscript escapes uncaught. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type matrix = int array array
fun rows (m : matrix) = Array.length m
fun cols (m : matrix) = if rows m = 0 then 0 else Array.length (Array.sub (m, 0))
fun mk (r, c, f) : matrix = Array.tabulate (r, fn i => Array.tabulate (c, fn j => f (i, j)))
fun at (m : matrix) (i, j) = Array.sub (Array.sub (m, i), j)
fun fromLists (ls : int list list) : matrix = Array.fromList (map Array.fromList ls)
fun identity n = mk (n, n, fn (i, j) => if i = j then 1 else 0)
fun transpose m = mk (cols m, rows m, fn (i, j) => at m (j, i))
fun mul (a, b) =
    mk (rows a, cols b, fn (i, j) =>
        let fun go (k, acc) = if k = cols a then acc else go (k + 1, acc + at a (i, k) * at b (k, j))
        in go (0, 0) end)
fun add (a, b) = mk (rows a, cols a, fn (i, j) => at a (i, j) + at b (i, j))
fun power (m, 0) = identity (rows m)
  | power (m, n) = let val h = power (m, n div 2) val h2 = mul (h, h) in if n mod 2 = 0 then h2 else mul (h2, m) end
fun trace m = let fun go (i, acc) = if i = rows m then acc else go (i + 1, acc + at m (i, i)) in go (0, 0) end
fun show name m =
    (pr (name ^ " (" ^ pi (rows m) ^ "x" ^ pi (cols m) ^ "):");
     Array.app (fn row => pr ("  " ^ String.concatWith " " (map (StringCvt.padLeft #" " 5 o pi) (Array.foldr op :: [] row)))) m)

fun minor (m, col) = mk (rows m - 1, cols m - 1, fn (i, j) => at m (i + 1, if j < col then j else j + 1))
fun det m =
    if rows m = 1 then at m (0, 0)
    else let fun go (j, sign, acc) = if j = cols m then acc
                                     else go (j + 1, ~sign, acc + sign * at m (0, j) * det (minor (m, j)))
         in go (0, 1, 0) end

val a = fromLists [[1, 2, 3], [4, 5, 6]]
val b = fromLists [[7, 8], [9, 10], [11, 12]]
val _ = show "a" a
val _ = show "transpose a" (transpose a)
val _ = show "a * b" (mul (a, b))
val _ = show "b * a" (mul (b, a))
val _ = show "a + a" (add (a, a))
val fibm = fromLists [[1, 1], [1, 0]]
val _ = pr ("fib via matrix: " ^ String.concatWith " " (map (fn n => pi (at (power (fibm, n)) (0, 1))) [1, 2, 10, 50, 88]))
val c = fromLists [[2, ~3, 1], [2, 0, ~1], [1, 4, 5]]
val _ = pr ("det c = " ^ pi (det c) ^ ", trace c = " ^ pi (trace c))
val _ = pr ("det identity 5 = " ^ pi (det (identity 5)) ^ ", det of c^3 = " ^ pi (det (power (c, 3))))
val d = mk (4, 4, fn (i, j) => (i + 1) * (j + 2) mod 7)
val _ = show "d" d
val _ = pr ("det d = " ^ pi (det d))

(* row operation in place: row 1 -= 2 * row 0 *)
val e = fromLists [[1, 2, 3], [2, 5, 7], [0, 1, 1]]
fun rowOp (m : matrix, target, src, k) =
    let val t = Array.sub (m, target) val s = Array.sub (m, src)
    in Array.modify (fn x => x) t; Array.appi (fn (j, v) => Array.update (t, j, Array.sub (t, j) - k * v)) s end
val _ = rowOp (e, 1, 0, 2)
val _ = show "after row op" e
val _ = pr ("det unchanged: " ^ pi (det e))
val shared = Array.array (2, Array.fromList [0, 0])
val _ = Array.update (Array.sub (shared, 0), 1, 9)
val _ = show "rows share one array" shared
val _ = show "a * a (mismatched)" (mul (a, a))
val _ = pr "not reached"
