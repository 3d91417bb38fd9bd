(* Sets of naturals as a tree of 31-bit words: bit i of the root holds
   element i; larger elements go to the odd or even subtree, halved.
   Exercises word shifts, masks, comparisons and constant word patterns. *)
val width = 0w31
fun bitOf n = Word.<< (0w1, n)
fun has (w, n) = Word.andb (Word.>> (w, n), 0w1) <> 0w0
fun with_ (w, n) = Word.orb (w, bitOf n)
fun without (w, n) = Word.andb (w, Word.notb (bitOf n))

datatype bits = Nil | Node of word * bits * bits

fun node (0w0, Nil, Nil) = Nil
  | node t = Node t

fun odd n = Word.andb (n, 0w1) <> 0w0
fun down n = if odd n then Word.>> (n - width, 0w1) else Word.>> (n - width - 0w1, 0w1)

fun mem (_, Nil) = false
  | mem (n, Node (w, l, r)) =
      if n < width then has (w, n)
      else if odd n then mem (down n, l) else mem (down n, r)

fun ins (Nil, n) = ins (Node (0w0, Nil, Nil), n)
  | ins (Node (w, l, r), n) =
      if n < width then Node (with_ (w, n), l, r)
      else if odd n then Node (w, ins (l, down n), r)
      else Node (w, l, ins (r, down n))

fun del (Nil, _) = Nil
  | del (Node (w, l, r), n) =
      if n < width then node (without (w, n), l, r)
      else if odd n then node (w, del (l, down n), r)
      else node (w, l, del (r, down n))

fun combine f (Nil, Nil) = Nil
  | combine f (Nil, t) = combine f (Node (0w0, Nil, Nil), t)
  | combine f (t, Nil) = combine f (t, Node (0w0, Nil, Nil))
  | combine f (Node (a, l1, r1), Node (b, l2, r2)) =
      node (f (a, b), combine f (l1, l2), combine f (r1, r2))

val union = combine Word.orb
val inter = combine Word.andb
val minus = combine (fn (a, b) => Word.andb (a, Word.notb b))

fun popcount 0w0 = 0
  | popcount w = Word.toInt (Word.andb (w, 0w1)) + popcount (Word.>> (w, 0w1))
fun size Nil = 0
  | size (Node (w, l, r)) = popcount w + size l + size r

(* elements in increasing order of their place in the tree walk *)
fun elems t =
  let fun go (_, _, Nil, acc) = acc
        | go (base, step, Node (w, l, r), acc) =
            let fun bitsOf (i, acc) =
                  if i >= width then acc
                  else bitsOf (i + 0w1, if has (w, i) then (base + step * i) :: acc else acc)
                val next = base + step * width
            in go (next + step, step * 0w2, r, go (next, step * 0w2, l, bitsOf (0w0, acc)))
            end
  in go (0w0, 0w1, t, []) end

fun fromList ws = foldl (fn (w, s) => ins (s, w)) Nil ws
fun show t = String.concatWith "," (map Word.toString (ListMergeSortLike t))
and ListMergeSortLike t =
  let fun insert (x, []) = [x]
        | insert (x, y :: ys) = if x <= y then x :: y :: ys else y :: insert (x, ys)
  in foldl insert [] (elems t) end

val a = fromList [0w3, 0w30, 0w31, 0w32, 0w100, 0w1000, 0w65535]
val b = fromList [0w30, 0w32, 0w33, 0w1000, 0w99999]
val _ = print (show a ^ "\n" ^ show b ^ "\n")
val _ = print (show (union (a, b)) ^ "\n" ^ show (inter (a, b)) ^ "\n" ^ show (minus (a, b)) ^ "\n")
val _ = print (Int.toString (size (union (a, b))) ^ " " ^ Int.toString (size (inter (a, b))) ^ "\n")
val c = del (del (a, 0w1000), 0w3)
val _ = print (show c ^ " " ^ Bool.toString (mem (0w1000, c)) ^ " " ^ Bool.toString (mem (0w65535, c)) ^ "\n")
val _ = print (Bool.toString (del (fromList [0w500], 0w500) = Nil) ^ "\n")

(* a pseudo-random stress: insert, test, delete half *)
fun lcg x = (x * 1103515245 + 12345) mod 2147483648
fun randoms (0, _, acc) = acc
  | randoms (k, s, acc) = randoms (k - 1, lcg s, Word.fromInt (s mod 50000) :: acc)
val rs = randoms (2000, 42, [])
val big = fromList rs
val allIn = List.all (fn w => mem (w, big)) rs
val halved = foldl (fn (w, s) => if odd w then del (s, w) else s) big rs
val _ = print (Bool.toString allIn ^ " " ^ Int.toString (size big) ^ " "
               ^ Int.toString (size halved) ^ " "
               ^ Bool.toString (List.all (fn w => mem (w, halved) = not (odd w)) rs) ^ "\n")
