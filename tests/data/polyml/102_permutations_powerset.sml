(* permutations, powerset, combinations and cartesian products over lists *)
fun interleave x [] = [[x]]
  | interleave x (l as y :: ys) = (x :: l) :: map (fn r => y :: r) (interleave x ys)
fun perms [] = [[]]
  | perms (x :: xs) = List.concat (map (interleave x) (perms xs))
fun powerset [] = [[]]
  | powerset (x :: xs) = let val p = powerset xs in p @ map (fn s => x :: s) p end
fun choose (_, 0) = [[]]
  | choose ([], _) = []
  | choose (x :: xs, k) = map (fn c => x :: c) (choose (xs, k - 1)) @ choose (xs, k)
fun cartesian (xs, ys) = List.concat (map (fn x => map (fn y => (x, y)) ys) xs)
fun showList f l = "[" ^ String.concatWith "," (map f l) ^ "]"
val showInts = showList Int.toString
val _ = print (showList showInts (perms [1, 2, 3]) ^ "\n")
val _ = print (Int.toString (length (perms [1, 2, 3, 4, 5, 6])) ^ "\n")
val _ = print (showList showInts (powerset [1, 2, 3]) ^ "\n")
val _ = print (showList (showList str) (choose (explode "abcde", 3)) ^ "\n")
val _ = print (showList (fn (a, b) => "(" ^ str a ^ Int.toString b ^ ")") (cartesian (explode "xy", [1, 2, 3])) ^ "\n")
fun sortedPerms l = List.filter (fn p => p = List.foldr (fn (x, acc) => x :: acc) [] p) (perms l)
val _ = print (Int.toString (length (sortedPerms [3, 1, 2])) ^ "\n")
(* the lexicographically next permutation, by the classic algorithm on arrays *)
fun nextPerm a =
  let val n = Array.length a
      fun swap (i, j) = let val t = Array.sub (a, i) in Array.update (a, i, Array.sub (a, j)); Array.update (a, j, t) end
      fun findI i = if i < 0 then ~1 else if Array.sub (a, i) < Array.sub (a, i + 1) then i else findI (i - 1)
      val i = findI (n - 2)
  in if i < 0 then false
     else let fun findJ j = if Array.sub (a, j) > Array.sub (a, i) then j else findJ (j - 1)
              fun reverse (l, r) = if l < r then (swap (l, r); reverse (l + 1, r - 1)) else ()
          in swap (i, findJ (n - 1)); reverse (i + 1, n - 1); true end
  end
val a = Array.fromList [1, 2, 3, 4]
val count = ref 1
val _ = while nextPerm a do count := !count + 1
val _ = print ("next-perm count " ^ Int.toString (!count) ^ "\n")
val _ = print (showInts (Array.foldr (op ::) [] a) ^ "\n")
