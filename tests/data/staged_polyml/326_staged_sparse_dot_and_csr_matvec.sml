(* Dot product and matrix-vector product with a known sparse operand, as a
   MetaOCaml user writes them first: recurse over the static vector,
   emitting a sum of products for the non-zero entries only.  The matrix
   is given in compressed-row form (values, column indices, row starts);
   the generated product reads only the dynamic vector. *)

(* unstaged reference versions *)
fun dot (xs : int list) (v : int vector) =
  let fun go (_, [], acc) = acc
        | go (i, x :: rest, acc) = go (i + 1, rest, acc + x * Vector.sub (v, i))
  in go (0, xs, 0) end

(* the staged dot product: the static vector is walked at generation time *)
fun sdot (xs : int list) : [int vector -> int] =
  let fun go (_, []) = code (fn _ => 0)
        | go (i, 0 :: rest) = go (i + 1, rest)
        | go (i, x :: rest) =
            let cogen r = go (i + 1, rest)
                cogen i' = lift i
            in if x = 1 then code (fn v => Vector.sub (v, i') + r v)
               else let cogen x' = lift x in code (fn v => x' * Vector.sub (v, i') + r v) end
            end
  in go (0, xs) end

(* compressed sparse rows: (values, column indices, row starts) *)
type csr = int vector * int vector * int vector

fun csrOfDense (rows : int list list) : csr =
  let val entries = map (fn row => List.filter (fn (x, _) => x <> 0)
                                     (ListPair.zip (row, List.tabulate (length row, fn j => j)))) rows
      val starts = rev (#2 (foldl (fn (r, (n, acc)) => (n + length r, (n + length r) :: acc)) (0, [0]) entries))
  in (Vector.fromList (map #1 (List.concat entries)),
      Vector.fromList (map #2 (List.concat entries)),
      Vector.fromList starts)
  end

(* the generic CSR product: loops over the structure at run time *)
fun matvec ((vals, cols, rowStart) : csr) (v : int vector) : int vector =
  Vector.tabulate (Vector.length rowStart - 1, fn r =>
    let fun go (k, acc) = if k = Vector.sub (rowStart, r + 1) then acc
                          else go (k + 1, acc + Vector.sub (vals, k) * Vector.sub (v, Vector.sub (cols, k)))
    in go (Vector.sub (rowStart, r), 0) end)

(* one row: the loop over k runs at generation time *)
fun srow ((vals, cols, rowStart) : csr) (r : int) : [int vector -> int] =
  let fun go k =
        if k = Vector.sub (rowStart, r + 1) then code (fn _ => 0)
        else let cogen rest = go (k + 1)
                 cogen a = lift (Vector.sub (vals, k))
                 cogen c = lift (Vector.sub (cols, k))
             in code (fn v => a * Vector.sub (v, c) + rest v) end
  in go (Vector.sub (rowStart, r)) end

(* the whole product: one generated function per row, gathered in a list *)
fun smatvec (m as (_, _, rowStart) : csr) : [int vector -> int vector] =
  let fun rows r =
        if r = Vector.length rowStart - 1 then code (fn _ => [])
        else let cogen f = srow m r
                 cogen fs = rows (r + 1)
             in code (fn v => f v :: fs v) end
      cogen all = rows 0
  in code (fn v => Vector.fromList (all v)) end

fun showv v = "[" ^ String.concatWith " " (map Int.toString (Vector.foldr op:: [] v)) ^ "]"

val u = [0, 3, 0, 0, 1, 0, ~2, 0]
val dotU = eval (sdot u)
val tests = [Vector.fromList [1, 2, 3, 4, 5, 6, 7, 8], Vector.tabulate (8, fn i => i * i - 3),
             Vector.tabulate (8, fn _ => 0)]
val _ = app (fn v => print ("dot u " ^ showv v ^ " = " ^ Int.toString (dotU v) ^ " (unstaged "
                            ^ Int.toString (dot u v) ^ ")\n")) tests

val dense = [[4, 0, 0, 0, 0, 1],
             [0, 0, 0, 0, 0, 0],
             [0, 7, 0, ~1, 0, 0],
             [1, 1, 1, 1, 1, 1],
             [0, 0, 0, 0, 9, 0]]
val m = csrOfDense dense
val mv = eval (smatvec m)
val _ = print ("nonzeros: " ^ Int.toString (Vector.length (#1 m)) ^ ", row starts " ^ showv (#3 m) ^ "\n")
val _ = app (fn v => print (showv v ^ " -> " ^ showv (mv v) ^ " / " ^ showv (matvec m v) ^ "\n"))
          (List.tabulate (4, fn k => Vector.tabulate (6, fn j => k * j - j + 2)))

(* iterate the product: the generated code runs many times *)
val square = csrOfDense [[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 0, 0]]
val shift = eval (smatvec square)
fun iter (0, v) = v
  | iter (n, v) = iter (n - 1, shift v)
val _ = print ("shift^1001 [1 2 3 4] = " ^ showv (iter (1001, Vector.fromList [1, 2, 3, 4])) ^ "\n")
val total = List.foldl (fn (k, acc) => acc + dotU (Vector.tabulate (8, fn i => k + i))) 0 (List.tabulate (500, fn k => k))
val _ = print ("sum over 500 vectors: " ^ Int.toString total ^ "\n")
(* a vector that is too short: Subscript from the generated code, caught *)
val _ = print ((Int.toString (dotU (Vector.fromList [1, 2, 3])) handle Subscript => "Subscript") ^ "\n")
