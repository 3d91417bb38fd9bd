(* Array2 under code: a 3 x 3 stencil known at generation time is unrolled
   into code that reads the nine neighbours of a cell of a grid given at
   run time, its zero weights left out, and a generated smoothing pass
   fills a new grid by Array2.tabulate; a matrix known when generating is
   unrolled into its product with a vector, a row at a time; a lifted,
   shared Array2 is updated by the generated code (Array2.modify in both
   traversals) and the first stage sees the updates; bounds fail with
   Subscript both when generating and in the generated code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showL l = "[" ^ String.concatWith "," (map pi l) ^ "]"
fun showV v = showL (Vector.foldr op :: [] v)
fun showG g = String.concatWith "/" (List.tabulate (Array2.nRows g, fn i => showV (Array2.row (g, i))))

(* the weighted sum around (i, j), cells outside the grid read as 0 *)
fun stencil (weights : int Array2.array) : [int Array2.array * int * int -> int] =
  let fun term (di, dj) : [int Array2.array * int * int -> int] =
        let val w = Array2.sub (weights, di + 1, dj + 1)
        in if w = 0 then code (fn _ => 0)
           else let cogen w' = lift w cogen di' = lift di cogen dj' = lift dj
                in code (fn (g, i, j) =>
                     let val (r, c) = Array2.dimensions g
                         val (y, x) = (i + di', j + dj')
                     in if y < 0 orelse y >= r orelse x < 0 orelse x >= c then 0 else w' * Array2.sub (g, y, x) end)
                end
        end
      fun sum [] : [int Array2.array * int * int -> int] = code (fn _ => 0)
        | sum (p :: ps) = let cogen t = term p cogen rest = sum ps in code (fn cell => t cell + rest cell) end
  in sum [(~1, ~1), (~1, 0), (~1, 1), (0, ~1), (0, 0), (0, 1), (1, ~1), (1, 0), (1, 1)] end

fun pass (weights : int Array2.array) (order : Array2.traversal) : [int Array2.array -> int Array2.array] =
  let cogen f = stencil weights
      cogen ord = lift order
  in code (fn g => Array2.tabulate ord (Array2.nRows g, Array2.nCols g, fn (i, j) => f (g, i, j))) end

val grid = Array2.fromList [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
val box = eval (pass (Array2.array (3, 3, 1)) Array2.RowMajor)
val cross = eval (pass (Array2.fromList [[0, 1, 0], [1, ~4, 1], [0, 1, 0]]) Array2.ColMajor)
val shift = eval (pass (Array2.fromList [[0, 0, 0], [0, 0, 1], [0, 0, 0]]) Array2.RowMajor)
val _ = pr ("box: " ^ showG (box grid))
val _ = pr ("laplacian: " ^ showG (cross grid))
val _ = pr ("shift left: " ^ showG (shift grid))
val _ = pr ("box of a 1 x 1: " ^ showG (box (Array2.array (1, 1, 7))) ^ ", of a 2 x 0: " ^ pi (Array2.nRows (box (Array2.array (2, 0, 7)))))
val _ = pr ("a 2 x 2 stencil: " ^ ((ignore (pass (Array2.array (2, 2, 1)) Array2.RowMajor); "made") handle Subscript => "Subscript"))

(* a known matrix times a vector given at run time, unrolled by rows;
   zero entries left out *)
fun product (m : int Array2.array) : [int vector -> int vector] =
  let fun rowCode i : [int vector -> int] =
        Array2.fold Array2.RowMajor (fn ((j, a), acc : [int vector -> int]) =>
                                        if a = 0 then acc
                                        else let cogen rest = acc cogen a' = lift a cogen j' = lift j
                                             in code (fn v => a' * Vector.sub (v, j') + rest v) end)
                    (code (fn _ => 0))
                    (Array2.tabulate Array2.RowMajor (1, Array2.nCols m, fn (_, j) => (j, Array2.sub (m, i, j))))
      fun rows i : [int vector -> int list] =
        if i = Array2.nRows m then code (fn _ => [])
        else let cogen r = rowCode i cogen rest = rows (i + 1) in code (fn v => r v :: rest v) end
      cogen all = rows 0
  in code (fn v => Vector.fromList (all v)) end

val rot = eval (product (Array2.fromList [[0, ~1], [1, 0]]))
val mix = eval (product (Array2.fromList [[1, 2, 3], [0, 0, 0], [4, 0, 5], [0, 6, 0]]))
val _ = pr ("rot (3, 4): " ^ showV (rot (Vector.fromList [3, 4])))
val _ = pr ("mix (1, 10, 100): " ^ showV (mix (Vector.fromList [1, 10, 100])))
val _ = pr ("mix of a short vector: " ^ ((showV (mix (Vector.fromList [1, 2]))) handle Subscript => "Subscript"))

(* a lifted, shared Array2, updated by generated code *)
val counts = Array2.array (2, 3, 0)
fun bump (order : Array2.traversal) : [unit -> int list] =
  let cogen a = lift counts cogen ord = lift order
  in code (fn () =>
       let val k = ref 0
       in Array2.modify ord (fn x => (k := !k + 1; x * 10 + !k)) a;
          Array2.fold ord (fn (x, acc) => x :: acc) [] a
       end)
  end
val rowBump = eval (bump Array2.RowMajor)
val colBump = eval (bump Array2.ColMajor)
val _ = pr ("row bump: " ^ showL (rowBump ()) ^ ", seen: " ^ showG counts)
val _ = pr ("column bump: " ^ showL (colBump ()) ^ ", seen: " ^ showG counts)
val _ = pr ("same array: " ^ (if eval (let cogen a = lift counts in code (a = counts) end) then "yes" else "no"))
