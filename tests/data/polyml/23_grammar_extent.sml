(* Grammar: how far fn, case, raise and handle extend; infix precedence *)
exception E of int
fun p s = print (s ^ "\n")
val f = fn x => (if x = 0 then raise E 7 else x) handle E n => n + 100
val _ = p (Int.toString (f 0) ^ " " ^ Int.toString (f 3))
val g = fn x => case x of 0 => raise E 1 | n => n handle E k => k * 10
val _ = p ((Int.toString (g 0) handle E k => "escaped " ^ Int.toString k) ^ " " ^ Int.toString (g 5))
val h = fn x => (case x of 0 => raise E 1 | n => n) handle E k => k * 10
val _ = p (Int.toString (h 0))
val i = 1 + (if true then 2 else 3) * 4
val _ = p (Int.toString i)
val j = let val a = 1 in a end + 1
val _ = p (Int.toString j)
val k = (fn x => x) 3 + (fn x => x * 2) 4
val _ = p (Int.toString k)
val l = ~ (2 * 3) - ~1
val _ = p (Int.toString l)
val m = "a" ^ "b" ^ "c" = "abc" andalso 1 :: [2] = [1, 2] orelse false
val _ = p (if m then "m" else "not m")
val n = 10 - 3 - 2 * 2 div 3 mod 5
val _ = p (Int.toString n)
val o' = 2 :: 3 :: [] @ [4, 5] @ []
val _ = p (Int.toString (length o'))
val q = (1; 2; 3)
val _ = p (Int.toString q)
val r = SOME 1 :: NONE :: []
val _ = p (Int.toString (length r))
val s = while false do () before ()
val t = (print "x"; print "y"; "z")
val _ = p t
val u = valOf (SOME 3) + valOf (Int.fromString "4")
val _ = p (Int.toString u)
val v = fn (x, y) => fn z => x * y + z
val _ = p (Int.toString (v (2, 3) 4))
val w = map (fn (a, b) => a + b) (map (fn x => (x, x)) [1, 2, 3])
val _ = p (String.concat (map Int.toString w))
val x = case [1, 2, 3] of _ :: y :: _ => y | _ => 0
val _ = p (Int.toString x)
val y = if 1 > 2 then "a" else if 2 > 1 then "b" else "c"
val _ = p y
