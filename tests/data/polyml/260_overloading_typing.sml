(* Overloading resolved late inside let, value restriction, polymorphic equality, flexible typing *)
fun say s = print (s ^ "\n")
val w = let fun dbl x = x + x in dbl 0w21 end
val _ = say (Word.toString w)
val s = let fun lt (a, b) = a < b in lt ("abc", "abd") end
val _ = say (Bool.toString s)
val c = let val mx = fn (a, b) => if a > b then a else b in mx (#"x", #"q") end
val _ = say (str c)
fun sq x = x * x
val _ = say (Int.toString (sq 12))
val r = ref []
val _ = r := [1, 2]
val _ = say (Int.toString (length (!r)))
val id = fn x => x
val p = (id 1, id "a", id true)
val (p1, p2, p3) = p
val _ = say (Int.toString p1 ^ p2 ^ Bool.toString p3)
fun pairify x = (x, x)
val pp = pairify (pairify 3)
val (_, (q1, _)) = pp
val _ = say (Int.toString q1)
val nil' = []
val _ = say (Int.toString (length (1 :: nil')) ^ Int.toString (length ("a" :: nil')))
val f = let val cache = ref NONE in fn x => (case !cache of NONE => (cache := SOME x; x) | SOME y => y) end
val _ = say (Int.toString (f 5) ^ " " ^ Int.toString (f 7))
datatype 'a box = Box of 'a
val _ = say (Bool.toString (Box [1, 2] = Box [1, 2]) ^ Bool.toString (Box (SOME "a") <> Box NONE))
val _ = say (Bool.toString ([(1, "a")] = [(1, "a")]) ^ Bool.toString (#"a" = #"a") ^ Bool.toString (0w3 = 0w3))
val rr = ref 1
val _ = say (Bool.toString (rr = rr) ^ Bool.toString (rr = ref 1) ^ Bool.toString (!rr = 1))
val arr = Array.array (1, 0)
val _ = say (Bool.toString (arr = arr) ^ Bool.toString (arr = Array.array (1, 0)))
fun eqp (a, b) = a = b
val _ = say (Bool.toString (eqp ((1, [true]), (1, [true]))) ^ Bool.toString (eqp ("x", "y")))
fun member x [] = false | member x (y :: ys) = x = y orelse member x ys
val _ = say (Bool.toString (member "c" ["a", "b", "c"]) ^ Bool.toString (member [1] [[2], []]))
val g = fn (x : int) => fn y => x + y
val _ = say (Int.toString (g 1 2))
val k = (op +) : int * int -> int
val _ = say (Int.toString (k (40, 2)))
fun tw f x = f (f x)
val _ = say (Int.toString (tw tw (fn x => x * 2) 1) ^ " " ^ tw (fn s => s ^ "!") "hi")
val lens = map length [[1], [], [1, 2, 3]]
val _ = say (String.concatWith "," (map Int.toString lens))
val comp = (fn x => x + 1) o (fn x => x * 2) o (fn x => x - 3)
val _ = say (Int.toString (comp 10))
val mm = let fun m (a, b) = a mod b in m (17, 5) end
val _ = say (Int.toString mm)
val wm = let fun m (a, b) = a mod b in m (0w17, 0w5) end
val _ = say (Word.toString wm)
val ab = let val a = abs in a ~7 end
val _ = say (Int.toString ab)
val neg = ~ (3 + 4)
val _ = say (Int.toString neg)
val t = (fn (a, b) => (b, a)) ("left", 0)
val (t1, t2) = t
val _ = say (Int.toString t1 ^ t2)
val e = (fn SOME x => x | NONE => 0) (SOME 9)
val _ = say (Int.toString e)
local val hidden = 41 in val shown = hidden + 1 end
val _ = say (Int.toString shown)
val (a, b) = (1, 2) and c = 3
val _ = say (Int.toString (a + b + c))
val x = 10
val x = x + 1 and y = x + 100
val _ = say (Int.toString x ^ " " ^ Int.toString y)
