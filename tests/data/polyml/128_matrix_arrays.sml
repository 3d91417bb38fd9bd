(* matrices as arrays of arrays: multiply, transpose, identity, power by
   squaring (fibonacci), determinant by cofactors on lists, and a bad shape *)
type matrix = int array array
exception Shape of int * int
fun make (r, c, f) : matrix = Array.tabulate (r, fn i => Array.tabulate (c, fn j => f (i, j)))
fun rows (m : matrix) = Array.length m
fun cols (m : matrix) = if rows m = 0 then 0 else Array.length (Array.sub (m, 0))
fun get (m : matrix) (i, j) = Array.sub (Array.sub (m, i), j)
fun mul (a : matrix, b : matrix) : matrix =
  if cols a <> rows b then raise Shape (cols a, rows b)
  else make (rows a, cols b, fn (i, j) =>
         let fun sum (k, acc) = if k = cols a then acc else sum (k + 1, acc + get a (i, k) * get b (k, j))
         in sum (0, 0) end)
fun transpose m = make (cols m, rows m, fn (i, j) => get m (j, i))
fun identity n = make (n, n, fn (i, j) => if i = j then 1 else 0)
fun power (m, 0) = identity (rows m)
  | power (m, n) =
      let val h = power (m, n div 2) val h2 = mul (h, h)
      in if n mod 2 = 0 then h2 else mul (h2, m) end
fun show (m : matrix) =
  Array.app (fn row => print (String.concatWith " " (Array.foldr (fn (x, acc) => StringCvt.padLeft #" " 4 (Int.toString x) :: acc) [] row) ^ "\n")) m
val a = make (2, 3, fn (i, j) => i + j + 1)
val b = make (3, 2, fn (i, j) => i * 2 - j)
val _ = show a
val _ = print "--\n"
val _ = show b
val _ = print "--\n"
val _ = show (mul (a, b))
val _ = print "--\n"
val _ = show (transpose a)
val fibm = make (2, 2, fn (i, j) => if i = 1 andalso j = 1 then 0 else 1)
val _ = print ("fib 50 = " ^ Int.toString (get (power (fibm, 50)) (0, 1)) ^ "\n")
fun minor (m, col) = map (fn row => List.take (row, col) @ List.drop (row, col + 1)) (tl m)
fun det [] = 1
  | det [[x]] = x
  | det (m as first :: _) =
      let fun go (_, [], _) = 0
            | go (j, x :: xs, sign) = sign * x * det (minor (m, j)) + go (j + 1, xs, ~sign)
      in go (0, first, 1) end
val _ = print (Int.toString (det [[2, 0, 1], [1, 3, 2], [1, 1, 1]]) ^ " " ^ Int.toString (det [[1, 2], [3, 4]]) ^ " "
               ^ Int.toString (det [[6, 1, 1, 3], [4, ~2, 5, 1], [2, 8, 7, 6], [3, 1, 9, 7]]) ^ "\n")
val m = make (3, 3, fn (i, j) => 3 * i + j)
val _ = Array.update (Array.sub (m, 1), 1, 100)
val _ = show m
val shared = Array.array (2, Array.array (2, 0))
val _ = Array.update (Array.sub (shared, 0), 0, 7)
val _ = print (Int.toString (get shared (1, 0)) ^ " (rows share one array)\n")
val _ = mul (a, a) handle Shape (x, y) => (print ("shape " ^ Int.toString x ^ "x" ^ Int.toString y ^ "\n"); a)
val _ = get a (2, 0)
