(* Arrays: tabulate order, sub/update Subscript, Size, identity equality *)
fun p s = print (s ^ "\n")
fun show a = let fun go i = if i >= Array.length a then "" else Int.toString (Array.sub (a, i)) ^ " " ^ go (i + 1)
             in "[" ^ go 0 ^ "]" end
val a = Array.array (4, 0)
val _ = Array.update (a, 0, 5)
val _ = Array.update (a, 3, 7)
val _ = p (show a)
val _ = p (Int.toString (Array.sub (a, 4)) handle Subscript => "sub 4 Subscript")
(* Poly/ML 5.7's optimiser fails on a constant negative index, so it comes from a ref *)
val minusOne = ref ~1
val _ = p (Int.toString (Array.sub (a, !minusOne)) handle Subscript => "sub ~1 Subscript")
val _ = p ((Array.update (a, 4, 1); "updated") handle Subscript => "update 4 Subscript")
val _ = p ((Array.update (a, !minusOne, 1); "updated") handle Subscript => "update ~1 Subscript")
val _ = p ((ignore (Array.array (~1, 0)); "made") handle Size => "array ~1 Size")
val _ = p (show (Array.array (0, 1)) ^ Int.toString (Array.length (Array.array (0, 1))))
val trace = ref []
val t = Array.tabulate (5, fn i => (trace := i :: !trace; i * i))
val _ = p (show t ^ " order " ^ String.concat (map Int.toString (rev (!trace))))
val _ = p ((ignore (Array.tabulate (~2, fn i => i)); "made") handle Size => "tabulate ~2 Size")
val _ = p (show (Array.tabulate (0, fn i => raise Fail "never")))
val f = Array.fromList [3, 1, 4, 1, 5, 9, 2, 6]
fun sort arr =
  let val n = Array.length arr
      fun swap (i, j) = let val t = Array.sub (arr, i) in Array.update (arr, i, Array.sub (arr, j)); Array.update (arr, j, t) end
      fun outer i = if i >= n then () else (inner (i, i + 1); outer (i + 1))
      and inner (i, j) = if j >= n then () else ((if Array.sub (arr, j) < Array.sub (arr, i) then swap (i, j) else ()); inner (i, j + 1))
  in outer 0 end
val _ = sort f
val _ = p (show f)
val b1 = Array.fromList [1, 2] val b2 = Array.fromList [1, 2]
val _ = p ((if b1 = b2 then "equal" else "distinct") ^ " " ^ (if b1 = b1 then "self" else "?"))
val grid = Array.tabulate (3, fn i => Array.array (3, i))
val _ = Array.update (Array.sub (grid, 1), 2, 42)
val _ = p (String.concat (map (fn i => show (Array.sub (grid, i))) [0, 1, 2]))
val shared = Array.array (2, ref 0)
val _ = Array.sub (shared, 0) := 8
val _ = p (Int.toString (! (Array.sub (shared, 1))))
val strs = Array.fromList ["a", "b"]
val _ = Array.update (strs, 1, Array.sub (strs, 0) ^ "z")
val _ = p (Array.sub (strs, 0) ^ Array.sub (strs, 1) ^ Int.toString (Array.length (Array.fromList [])))
val _ = p (Int.toString (Array.sub (Array.fromList [1], 1)))
