(* Options: SOME/NONE, valOf/isSome, Option, nested options, options in
   lists and equality; ends with an uncaught Option *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun show NONE = "NONE" | show (SOME x) = "SOME " ^ i x
val xs = [SOME 1, NONE, SOME ~3]
val _ = p (String.concat (map (fn x => show x ^ ";") xs))
val _ = p (String.concat (map (fn x => (if isSome x then "y" else "n")) xs))
val _ = p (String.concat (map (fn x => (i (valOf x) handle Option => "Option") ^ ",") xs))
val _ = p (if SOME 3 = SOME 3 andalso SOME 3 <> SOME 4 andalso NONE = (NONE : int option) andalso SOME NONE <> SOME (SOME 1) then "eq ok" else "eq bad")
fun find f [] = NONE | find f (x :: r) = if f x then SOME x else find f r
val _ = p (show (find (fn x => x > 2) [1, 2, 3, 4]) ^ " " ^ show (find (fn x => x > 9) [1]))
fun mapOpt f NONE = NONE | mapOpt f (SOME x) = SOME (f x)
val _ = p (show (mapOpt (fn x => x * 2) (SOME 21)) ^ " " ^ show (mapOpt (fn x => x * 2) NONE))
val nested = SOME (SOME (SOME 5))
val _ = p (i (valOf (valOf (valOf nested))) ^ " " ^ (case nested of SOME (SOME NONE) => "inner none" | SOME (SOME (SOME k)) => "deep " ^ i k | _ => "?"))
fun catOpts [] = [] | catOpts (NONE :: r) = catOpts r | catOpts (SOME x :: r) = x :: catOpts r
val _ = p (String.concat (map i (catOpts [NONE, SOME 1, NONE, SOME 2, SOME 3, NONE])))
val strOpt = SOME "text"
val _ = p (valOf strOpt ^ " " ^ (if isSome (NONE : string option) then "?" else "none is not some"))
val _ = p (i (valOf (Int.fromString "123") + valOf (SOME 1)))
val _ = p (show (SOME (valOf (SOME 9))))
val pairOpt = SOME (1, "a")
val _ = p (case pairOpt of SOME (n, s) => s ^ i n | NONE => "")
fun safeDiv (_, 0) = NONE | safeDiv (a, b) = SOME (a div b)
val _ = p (String.concat (map (fn pr => show (safeDiv pr) ^ " ") [(7, 2), (1, 0), (~7, 2)]))
val opts = map SOME ["x", "y"]
val _ = p (String.concat (map valOf opts))
val getter = valOf
val _ = p (i (getter (SOME 77)))
val _ = p ((valOf NONE; "no") handle Option => "Option caught")
val _ = p (i (valOf (find (fn x => x = 100) [1, 2, 3])))
