(* A matrix-vector product specialised to its matrix.

   A matrix known only at run time (read from a file, built from a model's
   parameters) is often multiplied by many vectors: an iteration, a filter
   applied to a signal, a linear map applied to every point. `mulMatVec`
   does it the general way, multiplying and adding every entry, zeros
   included. `compMatVec` looks at the matrix once, while generating code:
   a zero entry generates no code at all, an entry 1 or ~1 an addition or a
   subtraction without a multiplication, and only the other entries a
   multiplication, by a constant in the code. The generated function has
   no loop and no matrix left in it: the matrix has become code.

   A matrix is a list of rows, a row a list of ints; a vector is an
   int vector. *)
fun pr s = print (s ^ "\n")

fun showInts xs = String.concatWith " " (map Int.toString xs)
fun showVector v = showInts (Vector.foldr (op ::) [] v)

(* ------------------------------------------------------------ the general way *)

(* row . v, entry by entry: the entry of column j multiplies v[j] *)
fun dot (row, v) =
    let fun go ([], _, sum) = sum
          | go (a :: rest, j, sum) = go (rest, j + 1, sum + a * Vector.sub (v, j))
    in go (row, 0, 0) end

fun mulMatVec m v = Vector.fromList (map (fn row => dot (row, v)) m)

(* ----------------------------------------------------------------- staged *)

(* The entries of a row that generate code: (column, entry) for each
   non-zero entry. A zero entry generates nothing at all. *)
fun nonZeros row =
    let fun go ([], _) = []
          | go (0 :: rest, j) = go (rest, j + 1)
          | go (a :: rest, j) = (j, a) :: go (rest, j + 1)
    in go (row, 0) end

(* The code of a row's first term, a * v[j]: an entry 1 or ~1 needs no
   multiplication. What code an entry gets is decided here, once. *)
fun compTerm (j, a) =
    let cogen j' = lift j
    in case a of
         1 => code (fn v => Vector.sub (v, j'))
       | ~1 => code (fn v => ~ (Vector.sub (v, j')))
       | _ => let cogen a' = lift a in code (fn v => a' * Vector.sub (v, j')) end
    end

(* compSum entries : a generator of fn (v, sum) => sum + the entries' terms,
   a chain of additions (a subtraction for ~1) with the sum so far carried
   along, so that no `0 +` starts it. *)
fun compSum [] = code (fn (v, sum) => sum)
  | compSum ((j, a) :: entries) =
      let cogen rest = compSum entries
          cogen j' = lift j
      in case a of
           1 => code (fn (v, sum) => rest (v, sum + Vector.sub (v, j')))
         | ~1 => code (fn (v, sum) => rest (v, sum - Vector.sub (v, j')))
         | _ => let cogen a' = lift a
                in code (fn (v, sum) => rest (v, sum + a' * Vector.sub (v, j'))) end
      end

(* A row's code: its first term starts the sum. `rest (v, first v)` splices
   the code of both in place: a code variable applied to an argument (here
   a pair) has its generator's `fn` beta-reduced while generating, so the
   generated row is one expression, with no call in it. *)
fun compRow row =
    case nonZeros row of
      [] => code (fn v => 0)
    | entry :: entries =>
        let cogen first = compTerm entry
            cogen rest = compSum entries
        in code (fn v => rest (v, first v)) end

(* The rows' results, as a list. *)
fun compRows [] = code (fn v => [])
  | compRows (row :: rows) =
      let cogen dotRow = compRow row
          cogen others = compRows rows
      in code (fn v => dotRow v :: others v) end

fun compMatVec m =
    let cogen rows = compRows m
    in code (fn v => Vector.fromList (rows v)) end

(* The product by m, as a function generated once: int vector -> int vector. *)
fun specialise m = eval (compMatVec m)

(* ---------------------------------------------------------------- matrices *)

(* The n x n matrix of second differences: 2 on the diagonal, ~1 beside it,
   zeros elsewhere. (D v)[i] = 2 v[i] - v[i-1] - v[i+1]; on the squares
   v[i] = i*i it is ~2 at every inner row. *)
fun secondDifference n =
    List.tabulate (n, fn i => List.tabulate (n, fn j =>
        if i = j then 2 else if i = j + 1 orelse j = i + 1 then ~1 else 0))

(* The n x n matrix I + S, S the shift down: (P v)[i] = v[i] + v[i-1].
   Applied k times to (1, 0, 0, ...) it gives row k of Pascal's triangle. *)
fun pascalStep n =
    List.tabulate (n, fn i => List.tabulate (n, fn j => if i = j orelse i = j + 1 then 1 else 0))

(* f applied k times to x *)
fun iterate (f, 0, x) = x
  | iterate (f, k, x) = iterate (f, k - 1, f x)

(* -------------------------------------------------------------------- demo *)

(* Each product computed the general way, then by the generated code. *)
fun show (label, v) = pr (StringCvt.padRight #" " 24 (label ^ ":") ^ showVector v)

val n = 8
val squares = Vector.tabulate (n, fn i => i * i)
val d = secondDifference n
val _ = show ("squares", squares)
val _ = show ("D squares", mulMatVec d squares)
val _ = show ("D squares, staged", specialise d squares)

(* One generated function, applied ten times. *)
val p = pascalStep 11
val pCode = specialise p
val e0 = Vector.tabulate (11, fn i => if i = 0 then 1 else 0)
val _ = show ("Pascal row 10", iterate (mulMatVec p, 10, e0))
val _ = show ("Pascal row 10, staged", iterate (pCode, 10, e0))

(* Any entries: zeros, ones, minus ones and the rest, in one matrix. *)
val m = [[3, 0, ~1, 0], [0, 0, 0, 0], [1, 1, 1, 1], [0, ~7, 0, 2]]
val v = Vector.fromList [1, 10, 100, 1000]
val _ = show ("M v", mulMatVec m v)
val _ = show ("M v, staged", specialise m v)
