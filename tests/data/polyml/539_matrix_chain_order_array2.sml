(* Matrix-chain multiplication order by dynamic programming over Array2,
   printing the optimal parenthesisation; then the same by memoised
   recursion on an option table, and a brute-force check on small chains. *)
fun chainOrder (dims : int vector) =
  let val n = Vector.length dims - 1
      val cost = Array2.array (n, n, 0)
      val split = Array2.array (n, n, ~1)
      fun d i = Vector.sub (dims, i)
      fun fill len =
        if len > n then ()
        else (List.app (fn i =>
                let val j = i + len - 1
                    fun try (k, best) =
                      if k >= j then best
                      else let val c = Array2.sub (cost, i, k) + Array2.sub (cost, k + 1, j) + d i * d (k + 1) * d (j + 1)
                           in try (k + 1, case best of NONE => SOME (c, k)
                                                     | SOME (b, _) => if c < b then SOME (c, k) else best) end
                in case try (i, NONE) of
                     SOME (c, k) => (Array2.update (cost, i, j, c); Array2.update (split, i, j, k))
                   | NONE => ()
                end) (List.tabulate (n - len + 1, fn i => i));
              fill (len + 1))
  in fill 2; (cost, split) end

fun paren (split, i, j) =
  if i = j then "A" ^ Int.toString (i + 1)
  else let val k = Array2.sub (split, i, j)
       in "(" ^ paren (split, i, k) ^ " " ^ paren (split, k + 1, j) ^ ")" end

fun memoCost (dims : int vector) =
  let val n = Vector.length dims - 1
      val memo = Array2.array (n, n, NONE : int option)
      fun c (i, j) =
        if i = j then 0
        else case Array2.sub (memo, i, j) of
               SOME v => v
             | NONE => let val v = foldl Int.min (valOf Int.maxInt)
                                     (List.tabulate (j - i, fn t => let val k = i + t in
                                        c (i, k) + c (k + 1, j) + Vector.sub (dims, i) * Vector.sub (dims, k + 1) * Vector.sub (dims, j + 1) end))
                       in Array2.update (memo, i, j, SOME v); v end
  in c (0, n - 1) end

fun brute dims =
  let fun go (i, j) = if i = j then 0
                      else foldl Int.min (valOf Int.maxInt) (List.tabulate (j - i, fn t => let val k = i + t in
                             go (i, k) + go (k + 1, j) + List.nth (dims, i) * List.nth (dims, k + 1) * List.nth (dims, j + 1) end))
  in go (0, length dims - 2) end

fun solve dimsList =
  let val dims = Vector.fromList dimsList
      val (cost, split) = chainOrder dims
      val n = Vector.length dims - 1
      val best = Array2.sub (cost, 0, n - 1)
      val check = memoCost dims = best andalso (n > 8 orelse brute dimsList = best)
  in print (String.concatWith "x" (map Int.toString dimsList) ^ "\n  cost " ^ Int.toString best
            ^ (if check then "" else " (MISMATCH)") ^ "  " ^ paren (split, 0, n - 1) ^ "\n")
  end

val _ = app solve [[10, 30, 5, 60], [40, 20, 30, 10, 30], [30, 35, 15, 5, 10, 20, 25], [5, 5], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
                   [50, 3, 50, 3, 50, 3, 50, 3, 50, 3, 50, 3, 50]]
val (c, _) = chainOrder (Vector.fromList [2, 3, 4])
val _ = Array2.app Array2.ColMajor (fn x => print (Int.toString x ^ " ")) c
val _ = print "\n"
val _ = Array2.fold Array2.RowMajor (fn (x, acc) => (print (Int.toString (x + acc) ^ ";"); x + acc)) 0 c
val _ = print "\n"
val _ = solve [7]
