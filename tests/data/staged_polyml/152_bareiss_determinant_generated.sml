(* Carette and Kiselyov, "Multi-stage programming with functors and
   monads: eliminating abstraction overhead from generic code" (SCP 2011):
   Gaussian elimination generated for a chosen domain and size. Over the
   integers the fraction-free variant (Bareiss) keeps every division exact.
   The matrix size is static: the generated code is straight-line over
   the entries (no loops, no index arithmetic), pivoting is a run-time
   test in that code, and a singular matrix makes the generated code raise
   an exception that the caller handles. Then the same generator gives the
   rank-revealing variant that returns the determinant with its sign. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Singular
(* swap rows r and s of a square matrix stored row-major in an array *)
fun swapRows (m, n, r, s) =
    let fun go j = if j = n then () else
                   let val a = Array.sub (m, r * n + j) in
                     Array.update (m, r * n + j, Array.sub (m, s * n + j)); Array.update (m, s * n + j, a); go (j + 1) end
    in go 0 end
(* find a row at or below k with a non-zero entry in column k *)
fun pivotRow (m, n, k) =
    let fun go r = if r = n then raise Singular else if Array.sub (m, r * n + k) <> 0 then r else go (r + 1) in go k end

(* elimination step k: for i, j > k, m[i][j] := (m[k][k] m[i][j] - m[i][k] m[k][j]) / prev *)
fun stepGen (n, k) : [int array * int -> int] =       (* takes prev pivot, returns sign change *)
    let fun cells (i, j) : [int array * int -> unit] =
            if i = n then code (fn _ => ())
            else if j = n then cells (i + 1, k + 1)
            else let cogen ij = lift (i * n + j) cogen kk = lift (k * n + k) cogen ik = lift (i * n + k) cogen kj = lift (k * n + j)
                     cogen rest = cells (i, j + 1)
                 in code (fn (m, prev) =>
                      (Array.update (m, ij, (Array.sub (m, kk) * Array.sub (m, ij) - Array.sub (m, ik) * Array.sub (m, kj)) div prev);
                       rest (m, prev))) end
        cogen body = cells (k + 1, k + 1)
        cogen n' = lift n cogen k' = lift k
    in code (fn (m, prev) =>
         let val p = pivotRow (m, n', k')
             val sign = if p = k' then 1 else (swapRows (m, n', p, k'); ~1)
         in body (m, prev); sign end)
    end
fun detGen (n : int) : [int list -> int] =
    let fun steps k : [int array * int -> int] =
            if k >= n - 1 then let cogen last = lift ((n - 1) * n + (n - 1)) in code (fn (m, _) => Array.sub (m, last)) end
            else let cogen s = stepGen (n, k) cogen rest = steps (k + 1) cogen kk = lift (k * n + k)
                 in code (fn (m, prev) => let val sign = s (m, prev) in sign * rest (m, Array.sub (m, kk)) end) end
        cogen all = steps 0
        cogen size = lift (n * n)
    in if n = 0 then code (fn _ => 1)
       else code (fn entries => let val m = Array.fromList entries
                                in if Array.length m <> size then raise Size else all (m, 1) end)
    end

(* a reference by cofactor expansion *)
fun minor (rows, j) = map (fn r => List.take (r, j) @ List.drop (r, j + 1)) rows
fun cofactor [] = 1
  | cofactor (first :: rest) =
      let val (_, total) = foldl (fn (x, (j, acc)) => (j + 1, acc + (if j mod 2 = 0 then 1 else ~1) * x * cofactor (minor (rest, j)))) (0, 0) first
      in total end

fun try rows =
    let val n = length rows
        val d = eval (detGen n) (List.concat rows)
    in pr (pi n ^ "x" ^ pi n ^ ": " ^ pi d ^ (if d = cofactor rows then "" else " MISMATCH " ^ pi (cofactor rows))) end
    handle Singular => pr "singular (raised by generated code)"
val _ = List.app try
  [[[7]], [[1, 2], [3, 4]], [[2, 0, 1], [1, 3, 2], [1, 1, 1]], [[0, 1, 2], [1, 0, 3], [4, ~3, 8]],
   [[1, 2, 3], [2, 4, 6], [1, 1, 1]], [[0, 1], [0, 2]], [[1, 2, 3], [2, 4, 6], [3, 6, 9]],
   [[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8], [9, 7, 9, 3]],
   [[0, 0, 0, 1], [0, 0, 1, 0], [0, 1, 0, 0], [1, 0, 0, 0]],
   [[2, ~1, 0, 0, 0], [~1, 2, ~1, 0, 0], [0, ~1, 2, ~1, 0], [0, 0, ~1, 2, ~1], [0, 0, 0, ~1, 2]]]
val det3 = eval (detGen 3)
val _ = pr ("det3 reused: " ^ String.concatWith " " (map (fn k => pi (det3 [k, 1, 0, 1, k, 1, 0, 1, k])) [0, 1, 2, 3, 10]))
val _ = pr (pi (det3 [1, 2, 3]) handle Size => "Size: wrong number of entries")
val _ = pr ("0x0: " ^ pi (eval (detGen 0) []))
