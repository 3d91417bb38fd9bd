(* Non-exhaustive matches compile with a warning (on stderr) and run;
   a value they do not cover raises Match (fn, case, fun, handle has no
   Match: unmatched exceptions propagate) or Bind (val); the program ends
   with an uncaught Match from a case *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
datatype color = Red | Green | Blue
fun name Red = "red" | name Green = "green"
val _ = p (name Red ^ " " ^ name Green)
val _ = p (name Blue handle Match => "Blue: Match")
val first = fn (x :: _) => x
val _ = p (i (first [3, 4]) ^ " " ^ (i (first []) handle Match => "first []: Match"))
fun onlyPos n = case n of 1 => "one" | 2 => "two"
val _ = p (onlyPos 1 ^ " " ^ (onlyPos 3 handle Match => "3: Match"))
val _ = p ((let val SOME x = NONE : int option in i x end) handle Bind => "val SOME: Bind")
val _ = p ((let val (a, 0) = (1, 2) in i a end) handle Bind => "val (a, 0): Bind")
val _ = p ((let val 0 = 1 in "bound" end) handle Bind => "val 0: Bind")
val _ = p ((let val "x" = "y" in "bound" end) handle Bind => "val \"x\": Bind")
val _ = p ((let val [] = [1] in "bound" end) handle Bind => "val []: Bind")
exception Other
val _ = p (((raise Other) handle Div => "div") handle Other => "Other escaped the inner handler")
fun partialArg (SOME n) = n
val _ = p (i (partialArg (SOME 1) + (partialArg NONE handle Match => 100)))
fun nested (SOME (SOME x)) = x
val _ = p (i (nested (SOME (SOME 5))) ^ " " ^ (i (nested (SOME NONE)) handle Match => "SOME NONE: Match"))
fun chars #"a" = 1 | chars #"b" = 2
val _ = p (i (chars #"a" + chars #"b") ^ " " ^ (i (chars #"c") handle Match => "#c: Match"))
fun lists [x] = x | lists [x, y] = x + y
val _ = p (i (lists [1] + lists [2, 3]) ^ " " ^ (i (lists []) handle Match => "[]: Match") ^ " " ^ (i (lists [1, 2, 3]) handle Match => "3 elems: Match"))
val matchInMap = (map (fn 0 => "z") [0, 0, 1]; "mapped") handle Match => "map: Match"
val _ = p matchInMap
val _ = p (case (Red, 1) of (Red, 1) => "red one" | (Green, _) => "green")
fun rec' n = case n of 0 => [] | 1 => [1]
val _ = p (i (length (rec' 1)))
val _ = p (case Blue of Red => "r" | Green => "g")
val _ = p "unreached"
