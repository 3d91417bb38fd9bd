(* Vectors in ordinary programs: binary search in a sorted vector, a
   longest-common-subsequence table built row by row from immutable rows,
   Pascal's triangle by Vector.mapi over the previous row, a permutation
   applied and inverted, equality as a set-membership test on vectors, and
   a program that dies of an uncaught Subscript out of Vector.update. *)

fun line parts = print (String.concatWith " " parts ^ "\n")
fun ints v = "[" ^ String.concatWith "," (Vector.foldr (fn (x, acc) => Int.toString x :: acc) [] v) ^ "]"

fun search (v, key) =
    let fun go (lo, hi) =
            if lo >= hi then NONE
            else let val mid = (lo + hi) div 2
                     val x = Vector.sub (v, mid)
                 in if x = key then SOME mid else if x < key then go (mid + 1, hi) else go (lo, mid) end
    in go (0, Vector.length v) end

val primes = Vector.fromList [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
val _ = line (map (fn k => case search (primes, k) of SOME i => Int.toString i | NONE => "-") [2, 4, 23, 47, 48, 1])

fun lcs (a, b) =
    let val x = Vector.fromList (explode a)
        val y = Vector.fromList (explode b)
        val n = Vector.length y
        fun row (i, prev) =
            if i = Vector.length x then prev
            else
              let fun cell (j, left, acc) =
                      if j > n then Vector.fromList (rev acc)
                      else let val c = if Vector.sub (x, i) = Vector.sub (y, j - 1)
                                       then Vector.sub (prev, j - 1) + 1
                                       else Int.max (Vector.sub (prev, j), left)
                           in cell (j + 1, c, c :: acc) end
              in row (i + 1, cell (1, 0, [0])) end
    in Vector.sub (row (0, Vector.tabulate (n + 1, fn _ => 0)), n) end
val _ = line (map (Int.toString o lcs) [("ABCBDAB", "BDCABA"), ("", "abc"), ("staged", "stage"), ("xyz", "abc")])

fun pascal 0 = Vector.fromList [1]
  | pascal n =
    let val prev = pascal (n - 1)
        val m = Vector.length prev
    in Vector.tabulate (m + 1, fn i => (if i > 0 then Vector.sub (prev, i - 1) else 0)
                                       + (if i < m then Vector.sub (prev, i) else 0)) end
val _ = List.app (fn n => line [ints (pascal n)]) [0, 1, 4, 10]
val _ = line [ints (Vector.mapi (fn (i, x) => x * (i + 1)) (pascal 5))]

val perm = Vector.fromList [3, 0, 4, 1, 2]
fun apply (p, v) = Vector.map (fn i => Vector.sub (v, i)) p
fun inverse p =
    let val a = Array.array (Vector.length p, 0)
    in Vector.appi (fn (i, x) => Array.update (a, x, i)) p; Array.vector a end
val word = Vector.fromList (explode "vwxyz")
val shuffled = apply (perm, word)
val _ = line [implode (Vector.foldr op:: [] shuffled), ints (inverse perm),
              implode (Vector.foldr op:: [] (apply (inverse perm, shuffled))),
              if apply (inverse perm, shuffled) = word then "round-trip" else "broken"]

fun member (x, xs) = List.exists (fn y => y = x) xs
val seen = [Vector.fromList [1, 2], Vector.fromList [], Vector.fromList [2, 1]]
val _ = line (map (fn v => if member (v, seen) then "in" else "out")
                  [Vector.fromList [2, 1], Vector.fromList [1], Vector.tabulate (0, fn i => i),
                   Vector.concat [Vector.fromList [1], Vector.fromList [2]]])

(* fill a vector of 20 000 squares, then sum it in both directions *)
val big = Vector.tabulate (20000, fn i => i * i)
val _ = line [Int.toString (Vector.foldl op+ 0 big), Int.toString (Vector.foldr op+ 0 big),
              Int.toString (Vector.length (Vector.concat [big, big, big]))]

val _ = line ["about to update past the end"]
val _ = Vector.update (primes, Vector.length primes, 0)
val _ = line ["not reached"]
