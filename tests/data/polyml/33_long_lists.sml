(* Lists of 10^5 and 10^6 elements through every list function: nothing
   here may run out of stack or differ in its result *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun upto (a, b) = if a > b then [] else a :: upto (a + 1, b)
fun uptoTail (a, b) = let fun go (k, acc) = if k < a then acc else go (k - 1, k :: acc) in go (b, []) end
val million = uptoTail (1, 1000000)
val hundredK = upto (1, 100000)
val _ = p (i (length million) ^ " " ^ i (length hundredK) ^ " " ^ i (List.length (rev million)))
val _ = p (i (foldl op + 0 million) ^ " " ^ i (foldr op + 0 million) ^ " " ^ i (List.foldr op + 0 hundredK))
val doubled = map (fn x => x * 2) million
val _ = p (i (hd doubled) ^ " " ^ i (List.nth (doubled, 999999)) ^ " " ^ i (hd (rev doubled)))
val both = million @ hundredK
val _ = p (i (length both) ^ " " ^ i (List.nth (both, 1000000)) ^ " " ^ i (List.nth (both, 1099999)))
val evens = List.filter (fn x => x mod 2 = 0) million
val _ = p (i (length evens) ^ " " ^ i (hd evens))
val _ = p ((if List.exists (fn x => x = 1000000) million then "found" else "missing") ^ " " ^
           (if List.all (fn x => x > 0) million then "all positive" else "not all"))
val count = ref 0
val _ = app (fn x => count := !count + x) million
val _ = p (i (!count))
val _ = p (if upto (1, 100000) = hundredK andalso million <> rev million then "equality ok" else "equality bad")
fun len [] = 0 | len (_ :: r) = 1 + len r
val _ = p (i (len million))
fun sumPairs [] = 0 | sumPairs ((a, b) :: r) = a + b + sumPairs r
val _ = p (i (sumPairs (map (fn x => (x, ~x + 1)) million)))
val chars = map (fn x => chr (x mod 26 + 97)) hundredK
val s = implode chars
val _ = p (i (size s) ^ " " ^ String.substring (s, 0, 30) ^ " " ^ i (length (explode s)))
val joined = String.concat (map (fn x => i (x mod 10)) hundredK)
val _ = p (i (size joined) ^ " " ^ String.substring (joined, 99990, 10))
val arr = Array.fromList million
val _ = p (i (Array.length arr) ^ " " ^ i (Array.sub (arr, 500000)))
val lists = map (fn x => [x]) hundredK
val flat = foldr (op @) [] lists
val _ = p (i (length flat) ^ " " ^ i (List.nth (flat, 54321)))
fun mergeSort [] = [] | mergeSort [x] = [x]
  | mergeSort xs =
      let fun split ([], a, b) = (a, b) | split (x :: r, a, b) = split (r, x :: b, a)
          fun merge ([], ys) = ys | merge (xs, []) = xs
            | merge (x :: xr, y :: yr) = if x <= y then x :: merge (xr, y :: yr) else y :: merge (x :: xr, yr)
          val (a, b) = split (xs, [], [])
      in merge (mergeSort a, mergeSort b) end
val scrambled = map (fn x => (x * 7919) mod 100003) hundredK
val sorted = mergeSort scrambled
val _ = p (i (hd sorted) ^ " " ^ i (List.nth (sorted, 50000)) ^ " " ^ i (hd (rev sorted)))
