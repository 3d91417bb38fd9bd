(* Explicit type variables, equality type variables, annotations in odd places *)
fun say s = print (s ^ "\n")
fun 'a ident (x : 'a) : 'a = x
val _ = say (ident "explicit")
val 'a pick = fn (x : 'a, _ : 'a) => x
val _ = say (Int.toString (pick (1, 2)))
fun ''a same (x : ''a) (y : ''a) = x = y
val _ = say (Bool.toString (same "a" "a") ^ Bool.toString (same [1] [2]))
fun ('a, 'b) swap (x : 'a, y : 'b) : 'b * 'a = (y, x)
val (s1, s2) = swap (1, "one")
val _ = say (s1 ^ Int.toString s2)
fun f (x : int list as _ :: _) = length x | f _ = 0
val _ = say (Int.toString (f [1, 2, 3]) ^ Int.toString (f []))
val g = fn (n : int) => (Int.toString n : string)
val _ = say (g 5)
val h : int -> int = fn n => n + 1
val _ = say (Int.toString (h 1))
type 'a pair = 'a * 'a
type intpair = int pair
val p : intpair = (3, 4)
val _ = say (Int.toString (let val (a, b) = p in a * b end))
type ('a, 'b) arrow = 'a -> 'b
val ar : (int, string) arrow = Int.toString
val _ = say (ar 99)
datatype ('k, 'v) assoc = A of ('k * 'v) list
fun lookup (A l) k = case List.find (fn (k', _) => k' = k) l of SOME (_, v) => SOME v | NONE => NONE
val _ = say (getOpt (lookup (A [(1, "a"), (2, "b")]) 2, "none") ^ getOpt (lookup (A [("x", "y")]) "z", "none"))
fun len (l : 'a list) : int = case l of [] => 0 | _ :: t => 1 + len t
val _ = say (Int.toString (len [(), ()]))
val e = (fn x => x) : unit -> unit
val _ = e ()
fun k (x : 'b) = let fun inner (y : 'b) = y in inner x end
val _ = say (k "scoped")
val lst = [] : string list
val _ = say (Int.toString (length lst))
val z = (1 : int, "s" : string, [] : int list)
val (z1, z2, z3) = z
val _ = say (Int.toString z1 ^ z2 ^ Int.toString (length z3))
fun cmp (a : ''t, b : ''t) = if a = b then EQUAL else LESS
val _ = say (case cmp (#"x", #"x") of EQUAL => "EQ" | _ => "NE")
fun outer (x : 'a) = let val y : 'a = x in y end
val _ = say (outer "tv")
