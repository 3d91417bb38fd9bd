(* Tuple selectors on tuples that are also compared with `=`: the tuple's
   width is fixed by a later use in the same declarations, its components
   are then equality types, and the selected component keeps its type. *)
fun sameFirst (p, q) = #1 p = #1 q
fun dedupe eq xs = foldr (fn (x, acc) => if List.exists (fn y => eq (x, y)) acc then acc else x :: acc) [] xs
val pairs = [(1, "a"), (2, "b"), (1, "c"), (3, "a"), (2, "b")]
val _ = print (Int.toString (length (dedupe sameFirst pairs)) ^ " " ^ Int.toString (length (dedupe op = pairs)) ^ "\n")

fun keyed x = (x = x; #2 x)
val k = keyed (true, [1, 2], #"c")
val _ = print (Int.toString (length k) ^ "\n")

fun lookup key table = case List.find (fn entry => #1 entry = key) table of
    SOME entry => SOME (#2 entry) | NONE => NONE
val table = [("one", 1), ("two", 2)]
val _ = print (Int.toString (valOf (lookup "two" table)) ^ " "
               ^ (case lookup "six" table of NONE => "none" | SOME _ => "some") ^ "\n")

fun both (a, b) = (#1 a = #1 b, #3 a, a = b)
val (e, c, s) = both ((1, 2, "x"), (1, 3, "y"))
val _ = print (Bool.toString e ^ " " ^ c ^ " " ^ Bool.toString s ^ "\n")
