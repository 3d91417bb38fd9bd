(* higher-order list functions defined by hand and from the basis: folds in
   both directions with effects, zips, grouping, scanning, flattening,
   currying and composition *)
fun scanl f z [] = [z]
  | scanl f z (x :: xs) = z :: scanl f (f (x, z)) xs
fun takeWhile p [] = []
  | takeWhile p (x :: xs) = if p x then x :: takeWhile p xs else []
fun dropWhile p [] = []
  | dropWhile p (l as x :: xs) = if p x then dropWhile p xs else l
fun span p l = (takeWhile p l, dropWhile p l)
fun groupBy eq [] = []
  | groupBy eq (x :: xs) = let val (same, rest) = span (fn y => eq (x, y)) xs in (x :: same) :: groupBy eq rest end
fun iterateN f x 0 = []
  | iterateN f x n = x :: iterateN f (f x) (n - 1)
fun unfold f seed = case f seed of NONE => [] | SOME (x, seed') => x :: unfold f seed'
fun curry f x y = f (x, y)
fun uncurry f (x, y) = f x y
fun flip f (x, y) = f (y, x)
val show = fn l => "[" ^ String.concatWith "," (map Int.toString l) ^ "]"
val _ = print (show (scanl op+ 0 [1, 2, 3, 4, 5]) ^ "\n")
val _ = print (show (takeWhile (fn x => x < 4) [1, 2, 3, 4, 1]) ^ show (dropWhile (fn x => x < 4) [1, 2, 3, 4, 1]) ^ "\n")
val _ = print (String.concatWith " " (map show (groupBy op= [1, 1, 2, 3, 3, 3, 1])) ^ "\n")
val _ = print (String.concatWith " " (map implode (groupBy (fn (a, b) => Char.isDigit a = Char.isDigit b) (explode "ab12c345de"))) ^ "\n")
val _ = print (show (iterateN (fn x => x * 3) 1 8) ^ "\n")
val _ = print (show (unfold (fn n => if n = 0 then NONE else SOME (n mod 10, n div 10)) 9876543) ^ "\n")
val add = curry op+
val _ = print (Int.toString (add 3 4) ^ " " ^ Int.toString (uncurry (fn a => fn b => a * b) (6, 7)) ^ " " ^ Int.toString (flip op- (1, 10)) ^ "\n")
val _ = print (show (map (add 10) [1, 2, 3]) ^ "\n")
val _ = foldl (fn (x, ()) => print (Int.toString x)) () [1, 2, 3]
val _ = foldr (fn (x, ()) => print (Int.toString x)) () [1, 2, 3]
val _ = print "\n"
val _ = print (foldr (fn (x, acc) => "(" ^ x ^ acc ^ ")") "" ["a", "b", "c"] ^ " " ^ foldl (fn (x, acc) => "(" ^ acc ^ x ^ ")") "" ["a", "b", "c"] ^ "\n")
val pipeline = List.filter (fn x => x mod 3 <> 0) o map (fn x => x * x) o List.tabulate
val _ = print (show (pipeline (10, fn i => i)) ^ "\n")
val _ = print (show (List.concat [[1], [], [2, 3], [4]]) ^ " " ^ show (List.revAppend ([3, 2, 1], [4, 5])) ^ "\n")
val _ = print (show (ListPair.map op* ([1, 2, 3], [4, 5, 6, 7])) ^ " " ^ Int.toString (ListPair.foldl (fn (a, b, s) => s + a * b) 0 ([1, 2, 3], [4, 5, 6])) ^ "\n")
val (evens, odds) = List.partition (fn x => x mod 2 = 0) (List.tabulate (10, fn i => i))
val _ = print (show evens ^ show odds ^ "\n")
val _ = print (Bool.toString (List.exists (fn x => x > 8) odds) ^ " " ^ Bool.toString (List.all (fn x => x < 9) evens) ^ "\n")
val _ = print (case List.collate Int.compare ([1, 2, 3], [1, 2]) of GREATER => "longer is greater\n" | _ => "?\n")
val _ = print (Int.toString (List.last [1, 2, 3]) ^ " " ^ Int.toString (List.nth ([5, 6, 7], 2)) ^ "\n")
val _ = print (case List.getItem [9, 8] of SOME (h, t) => Int.toString h ^ show t ^ "\n" | NONE => "empty\n")
fun compose [] = (fn x => x)
  | compose (f :: fs) = f o compose fs
val _ = print (Int.toString (compose [fn x => x + 1, fn x => x * 2, fn x => x - 3] 10) ^ "\n")
val _ = print (show (List.take ([1, 2, 3], 4)) ^ "\n")
