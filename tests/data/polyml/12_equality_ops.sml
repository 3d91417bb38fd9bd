(* Polymorphic equality on datatypes/lists/tuples/options; op sections *)
fun p s = print (s ^ "\n")
fun b true = "T" | b false = "F"
datatype color = Red | Green | Blue of int | Mix of color * color
val _ = p (b (Red = Red) ^ b (Red = Green) ^ b (Blue 1 = Blue 1) ^ b (Blue 1 = Blue 2)
           ^ b (Mix (Red, Blue 3) = Mix (Red, Blue 3)) ^ b (Mix (Red, Blue 3) = Mix (Blue 3, Red)))
val _ = p (b ((1, "a", #"c") = (1, "a", #"c")) ^ b ((1, "a") = (1, "b")) ^ b (() = ()))
val _ = p (b ([SOME 1, NONE] = [SOME 1, NONE]) ^ b ([[1], []] = [[1]]) ^ b (SOME [1] <> SOME [1]))
fun member x [] = false | member x (y :: ys) = x = y orelse member x ys
val _ = p (b (member "b" ["a", "b"]) ^ b (member (2, 3) [(3, 2)]) ^ b (member [Red] [[Green], [Red]]))
val _ = p (b (op = (3, 3)) ^ b (op <> ("x", "x")) ^ b (op < (#"a", #"b")) ^ b (op >= ("abc", "abd")))
val _ = p (Int.toString (op + (1, 2)) ^ Int.toString (op * (3, 4)) ^ Int.toString (op - (1, 10))
           ^ Int.toString (op div (7, 2)) ^ Int.toString (op mod (~7, 2)))
val _ = p (op ^ ("con", "cat") ^ String.concat (op :: ("x", ["y"])) ^ String.concat (op @ (["1"], ["2"])))
val sumAll = foldl op + 0
val catAll = foldr op ^ ""
val _ = p (Int.toString (sumAll [1, 2, 3]) ^ catAll ["a", "b", "c"])
val r = ref 1
val _ = op := (r, 5)
val _ = p (Int.toString (op ! r))
val inc = fn x => x + 1
val dbl = fn x => x * 2
val _ = p (Int.toString ((inc o dbl) 5) ^ " " ^ Int.toString (op o (dbl, inc) 5))
val _ = p (String.concat (map (fn (a, b) => Int.toString (Int.max (a, b)) ^ Int.toString (Int.min (a, b)) ^ " ")
                                [(1, 2), (~3, ~4), (5, 5)]))
datatype 'a box = Box of 'a
val _ = p (b (Box (Box 3) = Box (Box 3)) ^ b (Box "x" = Box "y"))
val _ = p (b (Int.fromString "5" = SOME 5) ^ b (Int.fromString "z" = NONE))
val e1 = ref 0
val _ = p (b ([e1] = [e1]) ^ b ((e1, 1) = (ref 0, 1)))
val _ = p (b (0w5 = 0w5) ^ b (explode "ab" = [#"a", #"b"]) ^ b (Word.fromInt ~1 = 0wx7FFFFFFFFFFFFFFF))
val plus = op +
val _ = p (Int.toString (plus (40, 2)) ^ " " ^ Int.toString (foldl (op * ) 1 [1, 2, 3, 4]))
