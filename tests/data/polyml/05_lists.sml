(* List basis: nth/hd/tl exceptions, fold order, filter/exists/all, @ *)
fun p s = print (s ^ "\n")
fun il xs = "[" ^ String.concat (map (fn x => Int.toString x ^ ";") xs) ^ "]"
val xs = [10, 20, 30, 40]
fun nth i = Int.toString (List.nth (xs, i)) handle Subscript => "Subscript"
val _ = p (String.concat (map (fn i => nth i ^ " ") [0, 3, 4, ~1, 2]))
val _ = p (Int.toString (hd xs) ^ " " ^ il (tl xs))
val _ = p (Int.toString (hd []) handle Empty => "hd Empty")
val _ = p (il (tl []) handle Empty => "tl Empty")
val _ = p (il (tl [1]))
val _ = p (foldl (fn (x, acc) => acc ^ Int.toString x) "l:" xs)
val _ = p (foldr (fn (x, acc) => acc ^ Int.toString x) "r:" xs)
val _ = p (List.foldl (fn (x, acc) => "(" ^ x ^ acc ^ ")") "" ["a", "b", "c"])
val _ = p (List.foldr (fn (x, acc) => "(" ^ x ^ acc ^ ")") "" ["a", "b", "c"])
val _ = p (Int.toString (foldl op - 0 [1, 2, 3]) ^ " " ^ Int.toString (foldr op - 0 [1, 2, 3]))
val _ = p (il (List.filter (fn x => x mod 20 = 0) xs) ^ il (List.filter (fn _ => false) xs))
val _ = p (if List.exists (fn x => x > 35) xs then "exists" else "none")
val _ = p (if List.exists (fn x => x > 99) [] then "exists" else "none")
val _ = p (if List.all (fn x => x > 5) xs andalso List.all (fn _ => false) [] then "all" else "not all")
val _ = p (il ([1, 2] @ [3] @ [] @ [4, 5]) ^ il (rev xs) ^ il (List.rev []))
val _ = p (Int.toString (length xs + List.length [[], [1]]))
val _ = p (if null [] andalso not (null xs) then "null ok" else "null bad")
(* side effects happen in list order for map and app *)
val counter = ref 0
val ys = map (fn x => (counter := !counter + 1; x * !counter)) xs
val _ = p (il ys)
val _ = app (fn x => print (Int.toString x ^ ",")) (List.map (fn x => x + 1) [1, 2, 3])
val _ = p ""
val order = ref []
val _ = foldr (fn (x, ()) => order := x :: !order) () [1, 2, 3]
val _ = p (il (!order))
val _ = p (il (List.nth ([[1], [2, 3], []], 1)))
val nested = [[1, 2], [], [3]]
val _ = p (il (foldr op @ [] nested))
val _ = p (if [1, 2] = [1, 2] andalso [1] <> [1, 2] andalso [] = ([] : int list) then "eq ok" else "eq bad")
fun isSorted (a :: (rest as b :: _)) = a <= b andalso isSorted rest
  | isSorted _ = true
val _ = p (if isSorted [1, 2, 2, 5] andalso not (isSorted [3, 1]) then "sorted ok" else "sorted bad")
val _ = p (il (List.nth ([[1]], 1)))
