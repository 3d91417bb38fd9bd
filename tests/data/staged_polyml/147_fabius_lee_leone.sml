(* Examples of Lee and Leone, "Optimizing ML with Run-Time Code Generation"
   (PLDI 1996) and Leone and Lee's Fabius papers, where a curried function
   whose early arguments are known generates code for the rest: the dot
   product of a fixed vector with many others, matrix multiplication with
   one matrix fixed (a row of it per generated function), the sparse case
   where zero entries vanish from the generated code, and a member test of
   a fixed set compiled to a balanced comparison tree. Fabius stages
   implicitly by the currying; ML□ writes the same staging with `cogen`
   and `lift`. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* fun dotprod v1 v2 = ..., staged on v1 (a list) *)
fun dotprod (v1 : int list) : [int list -> int] =
    case v1 of
        [] => code (fn _ => 0)
      | x :: xs =>
          let cogen rest = dotprod xs cogen x' = lift x
          in if x = 0 then code (fn (_ :: ys) => rest ys | [] => 0)
             else code (fn (y :: ys) => x' * y + rest ys | [] => 0) end

(* matrix multiply: a fixed (sparse) matrix a times many matrices b,
   row i of the result from a generated row function *)
fun column (b : int list list, j) = map (fn row => List.nth (row, j)) b
fun rowTimes (row : int list) : [int list list -> int list] =
    let cogen d = dotprod row
    in code (fn b => List.tabulate (length (hd b), fn j => d (map (fn r => List.nth (r, j)) b))) end
fun matmul (a : int list list) : [int list list -> int list list] =
    case a of
        [] => code (fn _ => [])
      | r :: rs => let cogen f = rowTimes r cogen rest = matmul rs in code (fn b => f b :: rest b) end
fun showm m = String.concatWith "; " (map (fn r => String.concatWith " " (map pi r)) m)

val a = [[1, 0, 2], [0, 0, 0], [~1, 3, 0]]
val mulA = eval (matmul a)
val b1 = [[1, 2], [3, 4], [5, 6]]
val b2 = [[0, 1], [1, 0], [2, 2]]
val _ = pr ("A*B1 = " ^ showm (mulA b1))
val _ = pr ("A*B2 = " ^ showm (mulA b2))
val _ = pr ("A*(A*I) = " ^ showm (mulA (mulA [[1, 0, 0], [0, 1, 0], [0, 0, 1]])))
val _ = pr ("B with too few rows (the missing entries count as 0): " ^ showm (mulA [[1], [2]]))
val dotA = eval (dotprod [3, 0, 0, 0, ~1, 0, 2])
val _ = pr ("sparse dot: " ^ String.concatWith " " (map (pi o dotA) [[1, 1, 1, 1, 1, 1, 1], [9, 9, 9, 9, 9, 9, 9], [1, 2, 3], []]))

(* member of a fixed sorted set: a comparison tree *)
fun memberGen (set : int list) : [int -> bool] =
    let val v = Vector.fromList set
        fun tree (lo, hi) : [int -> bool] =
            if lo > hi then code (fn _ => false)
            else let val mid = (lo + hi) div 2
                     cogen k = lift (Vector.sub (v, mid))
                     cogen left = tree (lo, mid - 1)
                     cogen right = tree (mid + 1, hi)
                 in code (fn x => if x = k then true else if x < k then left x else right x) end
    in tree (0, Vector.length v - 1) end
val primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
val isSmallPrime = eval (memberGen primes)
val _ = pr ("primes below 50: " ^ String.concatWith " " (map pi (List.filter isSmallPrime (List.tabulate (50, fn i => i)))))
val empty = eval (memberGen [])
val _ = pr ("empty set: " ^ Bool.toString (empty 0))
(* a big set: 300 multiples of 7, 1000 queries *)
val sevens = eval (memberGen (List.tabulate (300, fn i => 7 * i)))
val hits = List.foldl (fn (q, n) => if sevens q then n + 1 else n) 0 (List.tabulate (1000, fn i => i - 100))
val _ = pr ("multiples of 7 found: " ^ pi hits)
