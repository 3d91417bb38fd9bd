(* Mutual recursion, datatype ... and, polymorphism, local declarations *)
fun p s = print (s ^ "\n")
fun even 0 = true | even n = odd (n - 1)
and odd 0 = false | odd n = even (n - 1)
val _ = p (String.concat (map (fn n => if even n then "e" else "o") [0, 1, 2, 7, 10]))
datatype 'a tree = Leaf | Node of 'a forest * 'a
and 'a forest = Nil | Cons of 'a tree * 'a forest
fun sizeT Leaf = 0 | sizeT (Node (f, _)) = 1 + sizeF f
and sizeF Nil = 0 | sizeF (Cons (t, f)) = sizeT t + sizeF f
fun sumT Leaf = 0 | sumT (Node (f, x)) = x + sumF f
and sumF Nil = 0 | sumF (Cons (t, f)) = sumT t + sumF f
val t = Node (Cons (Node (Nil, 2), Cons (Leaf, Cons (Node (Cons (Node (Nil, 5), Nil), 3), Nil))), 1)
val _ = p (Int.toString (sizeT t) ^ " " ^ Int.toString (sumT t))
fun id x = x
val pair = (id 3, id "three", id [true])
val _ = p (case pair of (n, s, [b]) => Int.toString n ^ s ^ (if b then "T" else "F") | _ => "?")
fun twice f x = f (f x)
val _ = p (Int.toString (twice (twice (fn x => x * 2)) 1) ^ twice (fn s => s ^ s) "ab")
fun compose fs = foldr (op o) id fs
val _ = p (Int.toString (compose [fn x => x + 1, fn x => x * 10, fn x => x - 2] 5))
val swap = fn (a, b) => (b, a)
val (s1, s2) = swap ("x", 9)
val _ = p (Int.toString s1 ^ s2)
type 'a pairOf = 'a * 'a
fun mapPair (f, (a, b) : 'a pairOf) : 'b pairOf = (f a, f b)
val (m1, m2) = mapPair (size, ("abc", "de"))
val _ = p (Int.toString (m1 * 10 + m2))
val r = let
          val base = 100
          fun addBase x = x + base
          val base = 1
          val withHidden = let val hidden = 7 in fn x => x * hidden end
        in addBase base + withHidden 2 end
val _ = p (Int.toString r)
val exposed =
  let
    val secret = 42
    fun helper x = x + secret
  in
    fn y => helper (helper y)
  end
val _ = p (Int.toString (exposed 0))
fun len [] = 0 | len (_ :: t) = 1 + len t
val _ = p (Int.toString (len [1, 2] + len ["a"] + len [[], []]))
val rec fact = fn 0 => 1 | n => n * fact (n - 1)
val _ = p (Int.toString (fact 20))
fun curry f a b = f (a, b)
fun uncurry f (a, b) = f a b
val add = curry op +
val _ = p (Int.toString (add 2 3 + uncurry (fn a => fn b => a * b) (4, 5)))
datatype ('a, 'b) either = L of 'a | R of 'b
fun partition [] = ([], []) | partition (L a :: t) = let val (ls, rs) = partition t in (a :: ls, rs) end
  | partition (R b :: t) = let val (ls, rs) = partition t in (ls, b :: rs) end
val (ls, rs) = partition [L 1, R "a", L 2, R "b"]
val _ = p (Int.toString (foldl op + 0 ls) ^ String.concat rs)
