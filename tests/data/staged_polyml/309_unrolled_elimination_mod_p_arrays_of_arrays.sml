(* Gaussian elimination modulo a prime, specialised to the matrix size:
   the generated code works in place on an array of row arrays with the
   loops over rows and columns unrolled at generation time (every index a
   constant), and the modular inverse table is an array computed at
   generation time and lifted (shared).  A singular matrix makes the
   generated code raise Singular with the failing column, handled by the
   caller.  The unstaged solver runs the same loops. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val p = 101
exception Singular of int
val inverses = Array.tabulate (p, fn a => if a = 0 then 0 else
                 let fun find k = if a * k mod p = 1 then k else find (k + 1) in find 1 end)

(* unstaged: solve A x = b in place on an augmented n x (n+1) matrix *)
fun solveU (n : int) (m : int array array) : int array =
  let fun row i = Array.sub (m, i)
      fun get (i, j) = Array.sub (row i, j)
      fun set (i, j, v) = Array.update (row i, j, v)
      fun swapRows (i, k) = let val t = row i in Array.update (m, i, row k); Array.update (m, k, t) end
      fun pivot c = let fun look i = if i = n then raise Singular c else if get (i, c) <> 0 then i else look (i + 1)
                    in swapRows (c, look c) end
      fun eliminate c =
        (pivot c;
         let val inv = Array.sub (inverses, get (c, c))
         in Array.modify (fn v => v * inv mod p) (row c);
            List.app (fn i => if i = c then () else
                        let val f = get (i, c)
                        in List.app (fn j => set (i, j, ((get (i, j) - f * get (c, j)) mod p + p) mod p)) (List.tabulate (n + 1, fn j => j)) end)
                     (List.tabulate (n, fn i => i))
         end)
  in List.app eliminate (List.tabulate (n, fn c => c)); Array.tabulate (n, fn i => get (i, n)) end

(* staged: the same steps with the loops unrolled *)
fun solveS (n : int) : [int array array -> int array] =
  let cogen inv = lift inverses cogen n' = lift n
      fun forL (lo, hi, body : int -> [int array array -> unit]) : [int array array -> unit] =
        if lo >= hi then code (fn m => ())
        else let cogen b = body lo cogen rest = forL (lo + 1, hi, body) in code (fn m => (b m; rest m)) end
      (* row i -= f * row c over all columns, f read once before the row changes *)
      fun axpy (c, i, j) : [int array * int array * int -> unit] =
        if j > n then code (fn (ri, rc, f) => ())
        else let cogen j' = lift j cogen rest = axpy (c, i, j + 1)
             in code (fn (ri, rc, f) => (Array.update (ri, j', ((Array.sub (ri, j') - f * Array.sub (rc, j')) mod 101 + 101) mod 101); rest (ri, rc, f))) end
      fun update (c, i) : [int array array -> unit] =
        if c = i then code (fn m => ())
        else let cogen c' = lift c cogen i' = lift i cogen cols = axpy (c, i, 0)
             in code (fn m => let val ri = Array.sub (m, i') val f = Array.sub (ri, c') in if f = 0 then () else cols (ri, Array.sub (m, c'), f) end) end
      fun column c : [int array array -> unit] =
        let cogen c' = lift c
            cogen rows = forL (0, n, fn i => update (c, i))
        in code (fn m =>
             let fun look i = if i = n' then raise Singular c' else if Array.sub (Array.sub (m, i), c') <> 0 then i else look (i + 1)
                 val k = look c'
                 val t = Array.sub (m, c')
                 val _ = (Array.update (m, c', Array.sub (m, k)); Array.update (m, k, t))
                 val r = Array.sub (m, c')
                 val iv = Array.sub (inv, Array.sub (r, c'))
             in Array.modify (fn v => v * iv mod 101) r; rows m end)
        end
      cogen all = forL (0, n, column)
  in code (fn m => (all m; Array.tabulate (n', fn i => Array.sub (Array.sub (m, i), n')))) end

(* a fixed pseudo-random entry for each seed *)
fun rnd seed = let val x = (seed * 7919 + 104729) mod 1000003 in x * x mod 1000003 * x mod 1000003 mod 101 end
fun matrix rows = Array.fromList (map Array.fromList rows)
fun copy m = Array.tabulate (Array.length m, fn i => Array.tabulate (Array.length (Array.sub (m, i)), fn j => Array.sub (Array.sub (m, i), j)))
fun showA a = "[" ^ String.concatWith " " (Array.foldr (fn (x, l) => pi x :: l) [] a) ^ "]"

val solve3 = eval (solveS 3)
val solve5 = eval (solveS 5)
fun attempt (n, solver, rows) =
  let val m = matrix rows
      val u = (showA (solveU n (copy m)) handle Singular c => "singular at column " ^ pi c)
      val s = (showA (solver m) handle Singular c => "singular at column " ^ pi c)
  in pr (s ^ (if s = u then "" else " DISAGREE with " ^ u)) end
val _ = attempt (3, solve3, [[2, 1, 1, 5], [1, 3, 2, 6], [1, 0, 0, 1]])
val _ = attempt (3, solve3, [[0, 1, 1, 2], [1, 0, 1, 2], [1, 1, 0, 2]])
val _ = attempt (3, solve3, [[1, 2, 3, 1], [2, 4, 6, 2], [0, 1, 1, 1]])
val _ = attempt (3, solve3, [[0, 0, 1, 7], [0, 0, 2, 3], [5, 1, 1, 0]])
val _ = attempt (5, solve5, List.tabulate (5, fn i => List.tabulate (6, fn j => rnd (i * 6 + j + 1000))))
(* many random systems: the solution checked by multiplying back *)
fun check (rows, x) = List.all (fn r => let val coeffs = List.take (r, 5)
                                            val rhs = List.nth (r, 5)
                                        in (foldl op+ 0 (ListPair.map (fn (a, b) => a * b) (coeffs, x))) mod 101 = rhs end) rows
val results = List.tabulate (40, fn k =>
  let val rows = List.tabulate (5, fn i => List.tabulate (6, fn j => rnd (k * 97 + i * 6 + j)))
  in (SOME (check (rows, Array.foldr op:: [] (solve5 (matrix rows)))) handle Singular _ => NONE) end)
val _ = pr ("40 systems: " ^ pi (length (List.filter (fn r => r = SOME true) results)) ^ " solved and checked, " ^
            pi (length (List.filter (fn r => r = NONE) results)) ^ " singular, " ^ pi (length (List.filter (fn r => r = SOME false) results)) ^ " wrong")
(* the generated solver mutates the matrix it is given (rows swapped and reduced) *)
val m = matrix [[0, 1, 1, 2], [1, 0, 1, 2], [1, 1, 0, 2]]
val first = Array.sub (m, 0)
val _ = solve3 m
val _ = pr ("row 0 moved: " ^ Bool.toString (Array.sub (m, 0) <> first) ^ ", now " ^ showA (Array.sub (m, 0)))
