(* Integer matrices as vectors of vectors: products with Vector.tabulate and foldli, the
   fraction-free Bareiss determinant (exact division checked with mod), rank, transposition,
   powers by squaring (Fibonacci until Overflow), structural equality of vectors, and
   Vector.update / Vector.concat / collate on rows *)
type matrix = int vector vector

fun dims (m : matrix) = (Vector.length m, if Vector.length m = 0 then 0 else Vector.length (Vector.sub (m, 0)))
fun entry (m : matrix) (i, j) = Vector.sub (Vector.sub (m, i), j)
fun fromLists (l : int list list) : matrix = Vector.fromList (map Vector.fromList l)
fun identity n = Vector.tabulate (n, fn i => Vector.tabulate (n, fn j => if i = j then 1 else 0))
fun transpose m = let val (r, c) = dims m in Vector.tabulate (c, fn j => Vector.tabulate (r, fn i => entry m (i, j))) end

exception Shape of string

fun mul (a, b) =
    let val (ra, ca) = dims a and (rb, cb) = dims b
    in if ca <> rb then raise Shape ("cannot multiply " ^ Int.toString ra ^ "x" ^ Int.toString ca ^ " by " ^ Int.toString rb ^ "x" ^ Int.toString cb)
       else Vector.tabulate (ra, fn i => Vector.tabulate (cb, fn j =>
                Vector.foldli (fn (k, x, acc) => acc + x * entry b (k, j)) 0 (Vector.sub (a, i))))
    end

fun power (m, 0) = let val (n, _) = dims m in identity n end
  | power (m, k) =
    let val h = power (m, k div 2)
        val h2 = mul (h, h)
    in if k mod 2 = 0 then h2 else mul (h2, m) end

(* Bareiss: every division is exact; the sign flips with each row swap *)
fun determinant (m : matrix) =
    let val (n, c) = dims m
        val _ = if n <> c then raise Shape "not square" else ()
        val a = Array.tabulate (n, fn i => Array.tabulate (n, fn j => entry m (i, j)))
        fun get (i, j) = Array.sub (Array.sub (a, i), j)
        fun set (i, j, v) = Array.update (Array.sub (a, i), j, v)
        fun swap (i, j) = let val t = Array.sub (a, i) in Array.update (a, i, Array.sub (a, j)); Array.update (a, j, t) end
        fun pivotRow (k, i) = if i = n then NONE else if get (i, k) <> 0 then SOME i else pivotRow (k, i + 1)
        fun step (k, prev, sign) =
            if k = n - 1 then sign * get (k, k)
            else case pivotRow (k, k) of
                     NONE => 0
                   | SOME p =>
                     let val sign = if p <> k then (swap (p, k); ~sign) else sign
                         fun elim (i, j) =
                             if i = n then ()
                             else if j = n then elim (i + 1, k + 1)
                             else let val num = get (i, j) * get (k, k) - get (i, k) * get (k, j)
                                  in if num mod prev <> 0 then raise Fail "inexact division" else ();
                                     set (i, j, num div prev); elim (i, j + 1)
                                  end
                     in elim (k + 1, k + 1); step (k + 1, get (k, k), sign) end
    in if n = 0 then 1 else step (0, 1, 1) end

fun rank (m : matrix) =
    let val (r, c) = dims m
        val rows = Array.tabulate (r, fn i => Array.tabulate (c, fn j => entry m (i, j)))
        fun get (i, j) = Array.sub (Array.sub (rows, i), j)
        fun go (row, col, rk) =
            if row = r orelse col = c then rk
            else case List.find (fn i => get (i, col) <> 0) (List.tabulate (r - row, fn i => i + row)) of
                     NONE => go (row, col + 1, rk)
                   | SOME p =>
                     let val t = Array.sub (rows, p)
                         val _ = (Array.update (rows, p, Array.sub (rows, row)); Array.update (rows, row, t))
                         val pv = get (row, col)
                     in List.app (fn i =>
                            let val f = get (i, col)
                            in Array.modifyi (fn (j, x) => x * pv - f * get (row, j)) (Array.sub (rows, i)) end)
                            (List.tabulate (r - row - 1, fn i => i + row + 1));
                        go (row + 1, col + 1, rk + 1)
                     end
    in go (0, 0, 0) end

fun rowStr v = "[" ^ String.concatWith " " (Vector.foldr (fn (x, acc) => Int.toString x :: acc) [] v) ^ "]"
fun show (name, m) = print (name ^ " = " ^ String.concat (Vector.foldr (op ::) [] (Vector.map rowStr m)) ^ "\n")
fun try name f = f () handle Shape s => print (name ^ ": shape error: " ^ s ^ "\n")
                           | Overflow => print (name ^ ": Overflow\n")
                           | Fail s => print (name ^ ": " ^ s ^ "\n")

val a = fromLists [[2, ~1, 0], [~1, 2, ~1], [0, ~1, 2]]
val b = fromLists [[1, 2], [3, 4], [5, 6]]
val h = Vector.tabulate (5, fn i => Vector.tabulate (5, fn j => 1 + i * 5 + j))
val _ = show ("a", a)
val _ = show ("a*b", mul (a, b))
val _ = try "b*a" (fn () => show ("b*a", mul (b, a)))
val _ = show ("b^T", transpose b)
val _ = show ("b^T*b", mul (transpose b, b))
val _ = print ("det a = " ^ Int.toString (determinant a) ^ ", det of a 5x5 ramp = " ^ Int.toString (determinant h) ^ "\n")
val _ = try "det b" (fn () => print (Int.toString (determinant b) ^ "\n"))
val swapped = fromLists [[0, 1, 2], [1, 0, 3], [4, ~3, 8]]
val _ = print ("det with a swap = " ^ Int.toString (determinant swapped) ^ "\n")
val vander = Vector.tabulate (6, fn i => Vector.tabulate (6, fn j => let fun p (x, 0) = 1 | p (x, k) = x * p (x, k - 1) in p (i + 2, j) end))
val _ = print ("det of a 6x6 Vandermonde = " ^ Int.toString (determinant vander) ^ "\n")
val _ = print ("ranks: " ^ String.concatWith " " (map (Int.toString o rank) [a, b, h, transpose h, identity 4, fromLists [[0, 0], [0, 0]]]) ^ "\n")
val fib = fromLists [[1, 1], [1, 0]]
val _ = List.app (fn k => try ("fib " ^ Int.toString k) (fn () => print ("fib " ^ Int.toString k ^ " = " ^ Int.toString (entry (power (fib, k)) (0, 1)) ^ "\n"))) [10, 50, 90, 91, 92, 93]
val _ = print ("a*a^0 = a: " ^ Bool.toString (mul (a, power (a, 0)) = a) ^ ", a^3 = a*a*a: " ^ Bool.toString (power (a, 3) = mul (a, mul (a, a))) ^ "\n")
val a' = Vector.update (a, 1, Vector.fromList [9, 9, 9])
val _ = show ("a with row 1 replaced", a')
val _ = print ("a unchanged: " ^ Bool.toString (entry a (1, 1) = 2) ^ "\n")
val _ = try "update out of range" (fn () => show ("bad", Vector.update (a, 3, Vector.fromList [])))
    handle Subscript => print "update out of range: Subscript\n"
val stacked = Vector.concat [a, b, Vector.fromList []]
val _ = print ("stacked rows: " ^ Int.toString (Vector.length stacked) ^ ", ragged row lengths: " ^ String.concatWith "," (Vector.foldr (fn (r, acc) => Int.toString (Vector.length r) :: acc) [] stacked) ^ "\n")
val order = Vector.collate (Vector.collate Int.compare)
val _ = print (String.concatWith " " (map (fn (x, y) => case order (x, y) of LESS => "<" | EQUAL => "=" | GREATER => ">")
                                         [(a, a'), (a', a), (a, a), (b, a), (Vector.fromList [], a)]) ^ "\n")
