(* Match raised at run time by non-exhaustive functions and fn
   expressions (compilers warn about them): caught several times, from a
   fn passed to map, from a case inside a fold, and from a function
   applied deep in a recursion, where a handler records the depth and
   re-raises. The last one is not handled: the program ends with an
   uncaught Match. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype light = Red | Amber | Green | Flashing of int

fun next Red = Green
  | next Green = Amber
  | next Amber = Red

fun name Red = "red" | name Amber = "amber" | name Green = "green" | name (Flashing n) = "flashing " ^ pi n

val _ = pr ("cycle: " ^ String.concatWith " -> " (map name [Red, next Red, next (next Red), next (next (next Red))]))
val _ = pr ("next flashing: " ^ (name (next (Flashing 2)) handle Match => "Match"))

(* a fn with a partial match handed to map *)
val halve = fn n => if n mod 2 = 0 then n div 2 else raise Domain
val digitValue = fn #"0" => 0 | #"1" => 1 | #"2" => 2 | #"3" => 3
fun digits s = map digitValue (explode s)
val _ = pr ("digits 3210: " ^ String.concatWith "," (map pi (digits "3210")))
val _ = pr ("digits 1234: " ^ ((String.concatWith "," (map pi (digits "1234"))) handle Match => "Match at the 4"))
val _ = pr ("halve: " ^ (pi (halve 10) handle Domain => "Domain") ^ " " ^ (pi (halve 3) handle Domain => "Domain"))

(* a case inside a fold, partial on purpose *)
fun score xs = foldl (fn (x, acc) => acc + (case x of 1 => 10 | 2 => 20 | 3 => 30)) 0 xs
val _ = pr ("score [1,2,3,3]: " ^ pi (score [1, 2, 3, 3]))
val _ = pr ("score [1,5]: " ^ (pi (score [1, 5]) handle Match => "Match"))

(* Match is an ordinary exception value *)
val m = Match
val _ = pr ("exnName: " ^ exnName m ^ ", caught as value: " ^ ((raise m) handle Match => "yes"))
val _ = pr ("Match vs Bind: " ^ ((raise Match) handle Bind => "Bind" | Match => "Match"))

(* pairs of lists: zip that only handles equal lengths *)
fun zipExact ([], []) = []
  | zipExact (x :: xs, y :: ys) = (x, y) :: zipExact (xs, ys)
fun showPairs ps = String.concatWith " " (map (fn (a, b) => pi a ^ b) ps)
val _ = pr ("zipExact: " ^ showPairs (zipExact ([1, 2, 3], ["a", "b", "c"])))
val _ = pr ("zipExact uneven: " ^ (showPairs (zipExact ([1, 2, 3], ["a"])) handle Match => "Match"))

(* deep recursion: a handler at each level notes the depth and re-raises *)
val deepest = ref 0
fun walk (n, lights) =
    (case lights of
         [] => n
       | l :: rest => (ignore (next l); walk (n + 1, rest)))
    handle Match => (if n > !deepest then deepest := n else (); raise Match)
fun cycleLights k = List.tabulate (k, fn i => case i mod 3 of 0 => Red | 1 => Amber | _ => Green)
val _ = pr ("walked " ^ pi (walk (0, cycleLights 500)))
val _ = pr ("walk with flashing: " ^ ((pi (walk (0, cycleLights 50 @ [Flashing 1] @ cycleLights 5))) handle Match => "Match") ^
            ", deepest handler at " ^ pi (!deepest))
val _ = deepest := 0
val final = walk (0, cycleLights 30 @ [Flashing 9])
val _ = pr ("not reached " ^ pi final)
