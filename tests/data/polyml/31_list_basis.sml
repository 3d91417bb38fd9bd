(* List functions at their edges: nth/hd/tl, Empty and Subscript, rev/@
   with empty lists, length/filter/exists/all, polymorphic lists *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun il xs = "[" ^ String.concat (map (fn x => i x ^ ",") xs) ^ "]"
val xs = [5, 6, 7]
fun nth k = i (List.nth (xs, k)) handle Subscript => "Sub"
val _ = p (String.concat (map (fn k => nth k ^ " ") [~1, 0, 1, 2, 3, 4611686018427387903]))
val _ = p (i (List.nth ([9], 0)) ^ " " ^ (i (List.nth ([], 0)) handle Subscript => "nth [] Sub"))
val _ = p ((i (hd []) handle Empty => "hd Empty") ^ " " ^ (il (tl []) handle Empty => "tl Empty") ^ " " ^ il (tl [1]))
val _ = p (il ([] @ []) ^ il ([] @ [1]) ^ il ([1] @ []) ^ il (rev []) ^ il (rev [1]) ^ il (rev [1, 2]))
val _ = p (i (length []) ^ i (List.length [[], []]) ^ i (length (explode "four")))
val _ = p (il (List.filter (fn x => x > 5) xs) ^ il (List.filter (fn x => x > 99) xs) ^ il (List.filter (fn _ => true) []))
fun b true = "T" | b false = "F"
val _ = p (b (List.exists (fn x => x = 6) xs) ^ b (List.exists (fn _ => true) []) ^ b (List.all (fn _ => false) [])
           ^ b (List.all (fn x => x > 4) xs) ^ b (List.all (fn x => x > 5) xs))
val _ = p (b (null []) ^ b (null [[]]) ^ b (null (tl [1])))
val _ = p (il (List.map (fn x => x * x) xs) ^ il (map (fn x => x) []) ^ il (List.rev (List.map (fn x => ~x) xs)))
val _ = p (i (List.foldl (op +) 0 []) ^ " " ^ i (List.foldr (op -) 100 [1, 2, 3]) ^ " " ^ i (foldl (op -) 100 [1, 2, 3]))
val _ = p (il (foldl (op ::) [] xs) ^ il (foldr (op ::) [] xs) ^ il (foldr (fn (x, a) => a @ [x]) [] xs))
val pairs = [(1, "one"), (2, "two")]
val _ = p (String.concat (map (fn (n, s) => s ^ i n) pairs) ^ " " ^ (case List.nth (pairs, 1) of (_, s) => s))
val nested = [[1, 2], [], [3], []]
val _ = p (i (length nested) ^ " " ^ il (foldr (op @) [] nested) ^ " " ^ il (List.nth (nested, 2)))
val _ = p (i (length (List.filter null nested)))
fun last [x] = x | last (_ :: r) = last r | last [] = raise Empty
val _ = p (i (last xs) ^ " " ^ (i (last []) handle Empty => "last Empty"))
fun take (_, 0) = [] | take (x :: r, n) = x :: take (r, n - 1) | take ([], _) = raise Subscript
val _ = p (il (take (xs, 2)) ^ (il (take (xs, 4)) handle Subscript => " take Sub"))
val _ = p (il (hd [[1], [2]]) ^ il (hd (tl [[1], [2]])))
val strs = ["b", "a", "c"]
val _ = p (String.concat (rev strs) ^ String.concat (List.filter (fn s => s <> "a") strs))
val _ = p (i (hd (tl (tl (tl xs)))))
