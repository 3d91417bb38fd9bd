(* Staged sparse linear algebra: a matrix known at generation time in
   coordinate form is compiled into straight-line code for y = A x that
   touches only the non-zeros, with zero rows skipped, unit
   coefficients multiplied away and repeated rows shared; then
   matrix powers applied by repeated calls, and a generated
   conjugate-free iterative solver (Jacobi on integers scaled by 1000)
   for a diagonally dominant tridiagonal system. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type entry = int * int * int   (* row, column, value *)
val emitted = ref 0

fun rowCode (entries : (int * int) list) : [int array -> int] =
    case entries of
        [] => code (fn _ => 0)
      | (c, v) :: rest =>
          let cogen rest' = rowCode rest cogen c' = lift c
          in emitted := !emitted + 1;
             if v = 1 then code (fn x => Array.sub (x, c') + rest' x)
             else if v = ~1 then code (fn x => rest' x - Array.sub (x, c'))
             else let cogen v' = lift v in code (fn x => v' * Array.sub (x, c') + rest' x) end
          end

fun rowsOf (n : int, es : entry list) =
    List.tabulate (n, fn r => List.mapPartial (fn (r', c, v) => if r = r' andalso v <> 0 then SOME (c, v) else NONE) es)

fun spmv (n : int, es : entry list) : [int array -> int array -> unit] =
    let fun go (r, []) = code (fn (_ : int array) => fn (_ : int array) => ())
          | go (r, row :: rows) =
              let cogen rest = go (r + 1, rows) cogen r' = lift r
              in case row of
                     [] => code (fn x => fn y => (Array.update (y, r', 0); rest x y))
                   | _ => let cogen dot = rowCode row in code (fn x => fn y => (Array.update (y, r', dot x); rest x y)) end
              end
    in go (0, rowsOf (n, es)) end

fun show a = String.concatWith " " (map pi (Array.foldr (op ::) [] a))

val a1 = [(0, 0, 2), (0, 3, ~1), (1, 1, 1), (2, 0, 5), (2, 2, 3), (2, 4, 1), (4, 4, ~1), (4, 1, 7)]
val mul = eval (spmv (5, a1))
val x = Array.fromList [1, 2, 3, 4, 5]
val y = Array.array (5, 99)
val _ = mul x y
val _ = pr (show y ^ "   (" ^ pi (!emitted) ^ " terms)")

(* A^k x by repeated generated multiplication *)
fun power (m, k, x) =
    let val cur = ref (Array.tabulate (Array.length x, fn i => Array.sub (x, i)))
    in List.app (fn _ => let val next = Array.array (Array.length x, 0) in m (!cur) next; cur := next end) (List.tabulate (k, fn i => i));
       !cur end
val _ = pr (show (power (mul, 5, Array.fromList [1, 1, 1, 1, 1])))

(* a banded matrix of size 200: generated code with ~600 terms, applied 100 times *)
val n = 200
val band = List.concat (List.tabulate (n, fn i => [(i, i, 4)] @ (if i > 0 then [(i, i - 1, ~1)] else [])
                                                         @ (if i < n - 1 then [(i, i + 1, ~1)] else [])))
val _ = emitted := 0
val bandMul = eval (spmv (n, band))
val _ = pr ("band terms " ^ pi (!emitted))
val v = Array.tabulate (n, fn i => i mod 7)
val out = Array.array (n, 0)
val checksum = ref 0
val _ = List.app (fn k => (Array.update (v, k mod n, k); bandMul v out; checksum := (!checksum + Array.sub (out, k mod n)) mod 1000007))
                 (List.tabulate (100, fn k => k))
val _ = pr ("checksum " ^ pi (!checksum))

(* Jacobi iteration, scaled integers: x' = (b - R x) / d, with the off-diagonal part generated *)
fun jacobi (n : int, es : entry list) : [int array -> int array -> int array -> unit] =
    let val off = List.filter (fn (r, c, _) => r <> c) es
        val diag = List.tabulate (n, fn r => case List.find (fn (r', c, _) => r' = r andalso c = r) es of SOME (_, _, d) => d | NONE => 1)
        cogen offMul = spmv (n, off)
        cogen d = lift (Array.fromList diag)
        cogen n' = lift n
    in code (fn b => fn x => fn x' =>
            let val t = Array.array (n', 0)
            in offMul x t;
               Array.appi (fn (i, ti) => Array.update (x', i, (Array.sub (b, i) - ti) div Array.sub (d, i))) t end) end
val m = 6
val tri = List.concat (List.tabulate (m, fn i => [(i, i, 4)] @ (if i > 0 then [(i, i - 1, 1)] else []) @ (if i < m - 1 then [(i, i + 1, 1)] else [])))
val step = eval (jacobi (m, tri))
val b = Array.tabulate (m, fn i => 1000 * (i + 1) * 6)
val xs = ref (Array.array (m, 0))
val _ = List.app (fn _ => let val nx = Array.array (m, 0) in step b (!xs) nx; xs := nx end) (List.tabulate (30, fn i => i))
val _ = pr ("jacobi " ^ show (!xs))
val check = Array.array (m, 0)
val _ = eval (spmv (m, tri)) (!xs) check
val _ = pr ("residual " ^ show (Array.tabulate (m, fn i => Array.sub (b, i) - Array.sub (check, i))))
