(* Big generated code: a generator applied a few thousand times, unrolled
   straight-line code thousands of steps long, a long chain of cogen in a
   recursive function, and a sorting network for 24 elements; the results
   agree with the unstaged computations *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
(* 3000 unrolled additions of lifted constants *)
fun sumGen 0 = code 0
  | sumGen n = let cogen rest = sumGen (n - 1) cogen k = lift (n * n mod 97) in code (k + rest) end
fun sumDirect 0 = 0 | sumDirect n = n * n mod 97 + sumDirect (n - 1)
val _ = pr (pi (eval (sumGen 3000)) ^ " " ^ pi (sumDirect 3000))
(* a step function composed 2000 times into one straight-line function *)
val step = code (fn x => (x * 31 + 7) mod 1000003)
fun composeN (0, _) = code (fn x => x)
  | composeN (n, g) = let cogen f = g cogen rest = composeN (n - 1, g) in code (fn x => rest (f x)) end
fun iterate (0, x) = x | iterate (n, x) = iterate (n - 1, (x * 31 + 7) mod 1000003)
val c2000 = eval (composeN (2000, step))
val _ = pr (pi (c2000 1) ^ " " ^ pi (iterate (2000, 1)) ^ " " ^ pi (c2000 999))
(* a chain of 1500 string appends, each with its own lifted piece *)
fun strGen 0 = code ""
  | strGen n = let cogen rest = strGen (n - 1) cogen c = lift (str (chr (ord #"a" + n mod 26))) in code (rest ^ c) end
val s = eval (strGen 1500)
val _ = pr (pi (size s) ^ " " ^ String.substring (s, 0, 30) ^ " " ^ String.substring (s, 1470, 30))
(* a sorting network (odd-even transposition) on an array of 24: 24 rounds of compare-exchange *)
val n = 24
fun cex (i, j) = let cogen a = lift i cogen b = lift j
                 in code (fn arr => let val x = Array.sub (arr, a) val y = Array.sub (arr, b)
                                    in if x > y then (Array.update (arr, a, y); Array.update (arr, b, x)) else () end) end
fun round' (r, i) = if i + 1 >= n then code (fn (_ : int array) => ())
                    else let cogen c = cex (i, i + 1) cogen rest = round' (r, i + 2) in code (fn arr => (c arr; rest arr)) end
fun network r = if r >= n then code (fn (_ : int array) => ())
                else let cogen this = round' (r, r mod 2) cogen rest = network (r + 1) in code (fn arr => (this arr; rest arr)) end
val sorter = eval (network 0)
fun pseudo k = (k * 7919 + 13) mod 101 - 50
fun sortedOk arr = let fun go i = i + 1 >= Array.length arr orelse (Array.sub (arr, i) <= Array.sub (arr, i + 1) andalso go (i + 1)) in go 0 end
val trials = List.tabulate (20, fn t => Array.tabulate (n, fn i => pseudo (t * n + i)))
val _ = app sorter trials
val _ = pr (if List.all sortedOk trials then "all sorted" else "NOT SORTED")
val first = hd trials
val _ = pr (String.concat (map (fn i => pi (Array.sub (first, i)) ^ " ") (List.tabulate (n, fn i => i))))
(* a case with 500 arms, generated as a chain of tests *)
fun table 0 = code (fn (_ : int) => "none")
  | table k = let cogen key = lift (k * 3) cogen v = lift ("v" ^ pi k) cogen rest = table (k - 1)
              in code (fn x => if x = key then v else rest x) end
val lookup = eval (table 500)
val _ = pr (String.concatWith " " (map lookup [3, 4, 1500, 1501, 0, 750]))
