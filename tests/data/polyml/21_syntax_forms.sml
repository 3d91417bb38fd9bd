(* Syntax forms: constructors as functions, op, and-bindings, semicolons, annotations *)
datatype t = A | B of int | C of int * string
val xs = map SOME [1, 2]
val ys = map B [3, 4]
val zs = map C [(5, "five")]
val f = B
val g = op ::
val h = op SOME
val _ = print (Int.toString (length (g (1, [2]))) ^ "\n")
val _ = print (case (f 9, h 3, xs, ys, zs) of (B n, SOME m, [SOME a, _], [B b, _], [C (c, s)]) => Int.toString (n + m + a + b + c) ^ s ^ "\n" | _ => "?\n")
val a = 1 and b = 2
val _ = let val x = 1; val y = 2; in print (Int.toString (x + y + a + b) ^ "\n") end
val _ = let in print "empty let\n" end
fun k (x : int) : int = x * 2
val m = fn x : int => x + 1
val _ = print (Int.toString (k 3 + m 4 : int) ^ "\n")
val q = if true then 1 else 2 handle Div => 3
val _ = print (Int.toString q ^ "\n")
val r = (fn x => case x of 1 => "one" | _ => "other") 1
val _ = print (r ^ "\n")
val s = case 2 of 1 => (case 3 of 3 => "a" | _ => "b") | _ => "c"
val _ = print (s ^ "\n")
val u = map (Int.max) [(1, 2)]
val _ = print (Int.toString (hd u) ^ "\n")
val _ = print (String.concat (map Int.toString (List.map (fn ~1 => 0 | n => n) [~1, 2])) ^ "\n")
val v = 1 :: 2 :: [] @ [3] @ 4 :: nil
val _ = print (Int.toString (length v) ^ "\n")
fun w [] = "" | w (x :: nil) = x | w (x :: rest) = x ^ "," ^ w rest
val _ = print (w ["a", "b", "c"] ^ "\n")
val _ = print ((fn (x, y) => x ^ y) ("p", "q") ^ "\n");
val z = 3;
val _ = print (Int.toString z ^ "\n");
val (SOME n) = SOME 3
val _ = print (Int.toString (n + 0) ^ "\n")
val t1 = (1, (2, 3), [4])
val (_, (_, c3), [d4]) = t1
val _ = print (Int.toString (c3 + d4) ^ "\n")
fun e1 x = x = 3
val _ = print (if e1 3 then "eq fn\n" else "neq\n")
val _ = print (if 1 < 2 = true then "cmp chain\n" else "no\n")
val ne = 3 <> 4 andalso "a" <> "b"
val _ = print (if ne then "ne\n" else "?\n")
