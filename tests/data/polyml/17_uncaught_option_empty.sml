(* valOf NONE raises Option; hd [] raises Empty (handled), then Option escapes *)
fun find p [] = NONE | find p (x :: xs) = if p x then SOME x else find p xs
val xs = [3, 8, 11, 20]
val _ = print (Int.toString (valOf (find (fn x => x > 10) xs)) ^ "\n")
val _ = print (if isSome (find (fn x => x > 100) xs) then "found\n" else "not found\n")
val _ = print (Int.toString (valOf (find (fn x => x > 100) xs)) handle Option => "Option handled\n")
val _ = print (Int.toString (hd (List.filter (fn x => x > 100) xs)) handle Empty => "Empty handled\n")
val _ = print (Int.toString (length (tl [1])) ^ "\n")
val opts = [SOME 1, NONE, SOME 3]
val total = foldl (fn (SOME x, a) => a + x | (NONE, a) => a) 0 opts
val _ = print (Int.toString total ^ "\n")
val _ = print (Int.toString (valOf (SOME 42)) ^ "\n")
val _ = print (Int.toString (foldl (fn (o', a) => a + valOf o') 0 opts))
