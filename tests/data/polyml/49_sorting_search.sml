(* Sorting and searching over pseudo-random data: insertion sort,
   quicksort, merge sort on lists, heap sort on an array, binary search;
   all must agree *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val seed = ref 12345
fun rand () = (seed := (!seed * 1103515245 + 12345) mod 2147483648; !seed mod 1000)
fun randList n = if n = 0 then [] else rand () :: randList (n - 1)
val data = randList 2000
fun insert (x, []) = [x] | insert (x, y :: r) = if x <= y then x :: y :: r else y :: insert (x, r)
fun isort l = foldl insert [] l
fun qsort [] = [] | qsort (pv :: r) = qsort (List.filter (fn x => x < pv) r) @ [pv] @ qsort (List.filter (fn x => x >= pv) r)
fun msort [] = [] | msort [x] = [x]
  | msort l = let fun split (a, b, []) = (a, b) | split (a, b, x :: r) = split (x :: b, a, r)
                  val (a, b) = split ([], [], l)
                  fun merge ([], ys) = ys | merge (xs, []) = xs
                    | merge (x :: xr, y :: yr) = if x <= y then x :: merge (xr, y :: yr) else y :: merge (x :: xr, yr)
              in merge (msort a, msort b) end
fun heapSort l =
  let val a = Array.fromList l
      val n = Array.length a
      fun swap (x, y) = let val t = Array.sub (a, x) in Array.update (a, x, Array.sub (a, y)); Array.update (a, y, t) end
      fun sift (k, size) =
        let val l = 2 * k + 1 val r = 2 * k + 2
            val m = if l < size andalso Array.sub (a, l) > Array.sub (a, k) then l else k
            val m = if r < size andalso Array.sub (a, r) > Array.sub (a, m) then r else m
        in if m <> k then (swap (k, m); sift (m, size)) else () end
      fun build k = if k < 0 then () else (sift (k, n); build (k - 1))
      fun extract size = if size <= 1 then () else (swap (0, size - 1); sift (0, size - 1); extract (size - 1))
      fun toList (k, acc) = if k < 0 then acc else toList (k - 1, Array.sub (a, k) :: acc)
  in build (n div 2 - 1); extract n; toList (n - 1, []) end
val s1 = isort data val s2 = qsort data val s3 = msort data val s4 = heapSort data
val _ = p (if s1 = s2 andalso s2 = s3 andalso s3 = s4 then "all sorts agree" else "sorts differ")
fun sorted (a :: (r as b :: _)) = a <= b andalso sorted r | sorted _ = true
val _ = p ((if sorted s1 then "sorted " else "unsorted ") ^ i (length s1) ^ " " ^ i (hd s1) ^ " " ^ i (List.nth (s1, 1999)))
val _ = p (String.concat (map (fn k => i (List.nth (s1, k)) ^ " ") [0, 1, 2, 500, 1000, 1500, 1997, 1998, 1999]))
val arr = Array.fromList s1
fun bsearch x = let fun go (lo, hi) = if lo >= hi then NONE
                                       else let val mid = (lo + hi) div 2 val v = Array.sub (arr, mid)
                                            in if v = x then SOME mid else if v < x then go (mid + 1, hi) else go (lo, mid) end
                in go (0, Array.length arr) end
val _ = p (String.concat (map (fn x => (case bsearch x of SOME k => if Array.sub (arr, k) = x then "found " else "wrong " | NONE => "absent ")) [0, 1, 500, 999, 1000, ~1]))
fun count x = length (List.filter (fn y => y = x) data)
val _ = p (String.concat (map (fn x => i (count x) ^ " ") [0, 1, 2, 3, 500]))
val strs = ["pear", "apple", "fig", "banana", "", "apple", "Apple", "cherry"]
fun sortStr [] = [] | sortStr (pv :: r) = sortStr (List.filter (fn x => x < pv) r) @ [pv] @ sortStr (List.filter (fn x => x >= pv) r)
val _ = p (String.concat (map (fn s => "[" ^ s ^ "]") (sortStr strs)))
val chars = explode "the quick brown fox"
fun sortChars l = msortC l
and msortC [] = [] | msortC (x :: r) = insertC (x, msortC r)
and insertC (x, []) = [x] | insertC (x, y :: r) = if x <= y then x :: y :: r else y :: insertC (x, r)
val _ = p (implode (sortChars chars))
