(* Matrix-vector and matrix-matrix products specialised to a known matrix:
   zero entries vanish, ones become plain reads, minus ones negations, and
   the rest multiplications by lifted constants. The generated functions
   read arrays, run many times, and agree with the generic product. *)
fun mv (m : int list list) (v : int array) = map (fn row => #1 (foldl (fn (a, (s, j)) => (s + a * Array.sub (v, j), j + 1)) (0, 0) row)) m

fun term (a, j) : [int array -> int] option =
  if a = 0 then NONE
  else let cogen j' = lift j
       in SOME (if a = 1 then code (fn v => Array.sub (v, j'))
                else if a = ~1 then code (fn v => ~ (Array.sub (v, j')))
                else let cogen a' = lift a in code (fn v => a' * Array.sub (v, j')) end)
       end

fun sumTerms [] : [int array -> int] = code (fn v => 0)
  | sumTerms [t] = t
  | sumTerms (t :: ts) = let cogen x = t cogen rest = sumTerms ts in code (fn v => x v + rest v) end

fun genRow row =
  sumTerms (List.mapPartial term (ListPair.zip (row, List.tabulate (length row, fn j => j))))

fun genMv m : [int array -> int list] =
  let fun rows [] = code (fn v => [])
        | rows (r :: rs) = let cogen f = genRow r cogen g = rows rs in code (fn v => f v :: g v) end
  in rows m end

(* matrix times matrix: B given as columns; the product's column j is m * (column j) *)
fun genMm m : [int array list -> int list list] =
  let cogen f = genMv m in code (fn cols => map f cols) end

fun countTerms row = length (List.filter (fn a => a <> 0) row)

val rot = [[0, ~1, 0], [1, 0, 0], [0, 0, 1]]
val sparse = [[2, 0, 0, 0, 1], [0, 0, 3, 0, 0], [0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [0, ~1, 0, 7, 0]]
val hilbertish = List.tabulate (4, fn i => List.tabulate (4, fn j => (i + 1) * (j + 2) - 5))

fun showList xs = "[" ^ String.concatWith "," (map Int.toString xs) ^ "]"

val _ = app (fn (name, m) =>
  let val f = eval (genMv m)
      val n = length (hd m)
      val vs = List.tabulate (6, fn k => Array.tabulate (n, fn j => (k + 1) * (j - 2) + k * k))
      val ok = List.all (fn v => f v = mv m v) vs
  in print (name ^ ": " ^ Int.toString (foldl op+ 0 (map countTerms m)) ^ " terms, "
            ^ (if ok then "agrees" else "DISAGREES") ^ ", " ^ showList (f (List.last vs)) ^ "\n") end)
  [("rotation", rot), ("sparse", sparse), ("dense", hilbertish)]

(* the rotation applied four times is the identity *)
val r = eval (genMv rot)
fun apply4 v = let fun go (0, v) = v | go (k, v) = go (k - 1, Array.fromList (r v)) in go (4, v) end
val _ = print ("rot^4 [3,4,5] = " ^ showList (Array.foldr op:: [] (apply4 (Array.fromList [3, 4, 5]))) ^ "\n")

(* repeated application: a linear recurrence (Fibonacci via its matrix) *)
val fibStep = eval (genMv [[1, 1], [1, 0]])
fun fibs n = let fun go (0, v, acc) = rev acc
                   | go (k, v, acc) = let val w = fibStep v in go (k - 1, Array.fromList w, hd w :: acc) end
             in go (n, Array.fromList [1, 0], []) end
val _ = print ("fib: " ^ showList (fibs 20) ^ "\n")

val mm = eval (genMm sparse)
val cols = List.tabulate (5, fn j => Array.tabulate (5, fn i => if i = j then 1 else 0))
val _ = print ("sparse * I (columns): " ^ String.concatWith " " (map showList (mm cols)) ^ "\n")

(* many runs of the generated code *)
val f = eval (genMv sparse)
val total = List.foldl (fn (k, acc) => acc + foldl op+ 0 (f (Array.tabulate (5, fn j => k * j - 7)))) 0 (List.tabulate (2000, fn k => k))
val _ = print ("2000 runs: " ^ Int.toString total ^ "\n")
val _ = f (Array.fromList [1, 2, 3])
