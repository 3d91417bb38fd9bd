(* Matrices as lists of rows, in the manner of Hansen & Rischel,
   "Introduction to Programming using SML", and of Paulson's chapter 3
   ("Matrix transpose", "Matrix multiplication"): transpose by map hd/tl,
   product via ListPair, determinant by Laplace expansion along the first
   row, identity and power by squaring, and a Gaussian elimination over
   exact fractions (pairs of ints normalised with gcd). *)

type matrix = int list list

fun transpose ([] :: _) = []
  | transpose [] = []
  | transpose rows = map hd rows :: transpose (map tl rows)

fun dot (xs, ys) = ListPair.foldl (fn (x, y, s) => s + x * y) 0 (xs, ys)

fun mmul (a : matrix, b : matrix) : matrix =
  let val bt = transpose b in map (fn row => map (fn col => dot (row, col)) bt) a end

fun identity n = List.tabulate (n, fn i => List.tabulate (n, fn j => if i = j then 1 else 0))

fun mpow (m, 0) = identity (length m)
  | mpow (m, k) =
      let val h = mpow (m, k div 2)
          val h2 = mmul (h, h)
      in if k mod 2 = 0 then h2 else mmul (h2, m) end

fun removeAt (i, xs) = List.take (xs, i) @ List.drop (xs, i + 1)

fun det [] = 1
  | det [[x]] = x
  | det (row :: rows) =
      let
        fun term (j, a) = (if j mod 2 = 0 then 1 else ~1) * a * det (map (fn r => removeAt (j, r)) rows)
      in foldl op+ 0 (ListPair.map term (List.tabulate (length row, fn j => j), row)) end

fun showRow r = String.concatWith " " (map (fn x => StringCvt.padLeft #" " 5 (Int.toString x)) r)
fun showM m = app (fn r => print (showRow r ^ "\n")) m

val a = [[1, 2, 3], [4, 5, 6]]
val b = [[7, 8], [9, 10], [11, 12]]
val _ = (print "A * B =\n"; showM (mmul (a, b)))
val _ = (print "B * A =\n"; showM (mmul (b, a)))
val _ = (print "transpose A =\n"; showM (transpose a))
val fibm = mpow ([[1, 1], [1, 0]], 30)
val _ = print ("fib 30 via matrix power: " ^ Int.toString (List.nth (hd fibm, 1)) ^ "\n")
val m4 = [[2, ~1, 0, 3], [1, 4, ~2, 0], [0, 5, 1, ~1], [3, 0, 2, 2]]
val _ = print ("det m4 = " ^ Int.toString (det m4) ^ "\n")
val _ = print ("det (m4 * m4) = " ^ Int.toString (det (mmul (m4, m4))) ^ "\n")
val _ = print ("det identity 5 = " ^ Int.toString (det (identity 5)) ^ "\n")

(* exact fractions *)
fun gcd (a, 0) = abs a
  | gcd (a, b) = gcd (b, a mod b)
fun frac (n, d) =
  if d = 0 then raise Div
  else let val g = gcd (n, d) val s = if d < 0 then ~1 else 1 in (s * n div g, s * d div g) end
fun fsub ((a, b), (c, d)) = frac (a * d - c * b, b * d)
fun fmul ((a, b), (c, d)) = frac (a * c, b * d)
fun fdiv ((a, b), (c, d)) = frac (a * d, b * c)
fun fshow (n, 1) = Int.toString n
  | fshow (n, d) = Int.toString n ^ "/" ^ Int.toString d

(* solve A x = b by Gaussian elimination; rows are coefficient lists with b appended *)
exception Singular
fun solve rows =
  let
    fun elim [] = []
      | elim rows =
          let
            val (pivotRow, others) =
              case List.partition (fn r => hd r <> (0, 1)) rows of
                  (p :: ps, zs) => (p, ps @ zs)
                | ([], _) => raise Singular
            val p = hd pivotRow
            val reduced = map (fn r => let val f = fdiv (hd r, p)
                                       in tl (ListPair.map (fn (x, y) => fsub (x, fmul (f, y))) (r, pivotRow)) end)
                              others
          in pivotRow :: elim reduced end
    fun back [] = []
      | back (r :: rs) =
          let val xs = back rs
              val coeffs = tl r
              val rhs = List.last coeffs
              val known = ListPair.foldl (fn (c, x, s) => fsub (s, fmul (c, x))) rhs (coeffs, xs)
          in fdiv (known, hd r) :: xs end
  in back (elim (map (map (fn x => (x, 1))) rows)) end

val sol = solve [[2, 1, ~1, 8], [~3, ~1, 2, ~11], [~2, 1, 2, ~3]]
val _ = print ("x = " ^ String.concatWith ", " (map fshow sol) ^ "\n")
val sol2 = solve [[1, 2, 3], [4, 5, 6]]
val _ = print ("x = " ^ String.concatWith ", " (map fshow sol2) ^ "\n")
val sol3 = solve [[3, 2, 1], [1, 1, 1]]
val _ = print ("x = " ^ String.concatWith ", " (map fshow sol3) ^ "\n")
val _ = solve [[1, 2, 3], [2, 4, 6]]
