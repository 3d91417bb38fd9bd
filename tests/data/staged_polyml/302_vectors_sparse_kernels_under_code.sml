(* Vectors at both stages: a sparse matrix known at generation time
   (rows of (column, value) pairs in vectors) becomes a generated
   matrix-vector product that reads the input vector with Vector.sub at
   constant indices and builds its result with Vector.fromList; a lifted
   vector of weights is used whole by generated code (Vector.foldli,
   Vector.mapi, Vector.concat, Vector.findi, Vector.collate); and an
   iterative solver (Jacobi) runs the generated kernel many times. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showV v = "<" ^ String.concatWith " " (Vector.foldr (fn (x, l) => pi x :: l) [] v) ^ ">"

(* a banded matrix: diagonal dominant, with a few far entries *)
val n = 8
val matrix : (int * int) vector vector =
  Vector.tabulate (n, fn i =>
    Vector.fromList (List.filter (fn (_, v) => v <> 0)
      [(i, 10 + i), ((i + 1) mod n, if i mod 2 = 0 then ~2 else 0), ((i + 5) mod n, if i mod 3 = 0 then 1 else 0)]))

fun mulU (m : (int * int) vector vector, x : int vector) : int vector =
  Vector.map (fn row => Vector.foldl (fn ((j, a), s) => s + a * Vector.sub (x, j)) 0 row) m

(* one row: the sum unrolled over the row's non-zeros *)
fun genRow (row : (int * int) vector) : [int vector -> int] =
  Vector.foldr (fn ((j, a), rest) =>
                  let cogen r = rest cogen j' = lift j cogen a' = lift a
                  in code (fn x => a' * Vector.sub (x, j') + r x) end)
               (code (fn x : int vector => 0)) row
fun genMul (m : (int * int) vector vector) : [int vector -> int vector] =
  let fun rows i = if i = Vector.length m then code (fn x : int vector => [])
                   else let cogen r = genRow (Vector.sub (m, i)) cogen rest = rows (i + 1)
                        in code (fn x => r x :: rest x) end
      cogen all = rows 0
  in code (fn x => Vector.fromList (all x)) end

val mul = eval (genMul matrix)
val x0 = Vector.tabulate (n, fn i => i * i - 3)
val _ = pr ("A x  = " ^ showV (mul x0))
val _ = pr ("agree " ^ Bool.toString (mul x0 = mulU (matrix, x0)))

(* a lifted vector used whole by generated code *)
val weights = Vector.fromList [3, 1, 4, 1, 5, 9, 2, 6]
val scoreGen : [int vector -> int * int vector * int option] =
  let cogen w = lift weights
  in code (fn x =>
       let val dot = Vector.foldli (fn (i, a, s) => s + a * Vector.sub (w, i)) 0 x
           val scaled = Vector.mapi (fn (i, a) => a * Vector.sub (w, i) - i) x
           val both = Vector.concat [w, scaled, Vector.fromList [dot]]
           val firstBig = Option.map #1 (Vector.findi (fn (_, v) => v > 20) both)
       in (dot, both, firstBig) end)
  end
val score = eval scoreGen
val (dot, both, big) = score x0
val _ = pr ("dot " ^ pi dot ^ " concat " ^ showV both ^ " first>20 at " ^ (case big of SOME i => pi i | NONE => "none"))
val _ = pr ("compare with weights: " ^ (case Vector.collate Int.compare (weights, mul x0) of LESS => "less" | EQUAL => "equal" | GREATER => "greater"))

(* Jacobi iteration for A x = b, scaled integers: the off-diagonal product is generated once, run 40 times *)
val offDiag = Vector.mapi (fn (i, row) => Vector.fromList (Vector.foldr (fn ((j, a), l) => if i = j then l else (j, a) :: l) [] row)) matrix
val diag = Vector.mapi (fn (i, row) => case Vector.find (fn (j, _) => j = i) row of SOME (_, a) => a | NONE => 1) matrix
val offMul = eval (genMul offDiag)
val b = Vector.tabulate (n, fn i => 1000 * (i + 1))
fun jacobiStep (mulOff, x) =
  let val r = mulOff x in Vector.mapi (fn (i, bi) => (bi - Vector.sub (r, i)) div Vector.sub (diag, i)) b end
fun iterate (f, x, 0) = x
  | iterate (f, x, k) = iterate (f, f x, k - 1)
val xs = iterate (fn x => jacobiStep (offMul, x), Vector.tabulate (n, fn _ => 0), 40)
val xu = iterate (fn x => jacobiStep (fn v => mulU (offDiag, v), x), Vector.tabulate (n, fn _ => 0), 40)
val _ = pr ("jacobi x = " ^ showV xs ^ (if xs = xu then " (agree)" else " DISAGREE"))
val _ = pr ("residual A x - b = " ^ showV (Vector.mapi (fn (i, v) => v - Vector.sub (b, i)) (mul xs)))
(* out of range: an input vector too short makes the generated code raise Subscript *)
val _ = pr (showV (mul (Vector.fromList [1, 2, 3]))) handle Subscript => pr "short vector: Subscript"
