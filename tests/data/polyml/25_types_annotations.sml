(* Types: annotations with type variables, abbreviations, polymorphic datatypes, overloads resolved by context *)
val id : 'a -> 'a = fn x => x
fun pairWith (x : 'a) (y : 'b) : 'a * 'b = (x, y)
val _ = print (id "s" ^ Int.toString (id 3) ^ "\n")
val (a, b) = pairWith 1 "b"
type 'a stack = 'a list
fun push (x, s : 'a stack) : 'a stack = x :: s
val st = push (1, push (2, []))
val _ = print (Int.toString (length st) ^ "\n")
datatype 'a t = L | N of 'a t * 'a * 'a t
fun ins (x : int, L) = N (L, x, L)
  | ins (x, t as N (l, y, r)) = if x < y then N (ins (x, l), y, r) else if x > y then N (l, y, ins (x, r)) else t
fun toList L = [] | toList (N (l, x, r)) = toList l @ [x] @ toList r
val _ = print (String.concat (map Int.toString (toList (foldl ins L [5, 3, 8, 1, 4, 5])) ) ^ "\n")
fun eqPair (x, y) = x = y
val _ = print (if eqPair ("a", "a") andalso eqPair ([1], [1]) then "eq\n" else "ne\n")
val compose3 = fn f => fn g => fn h => f o g o h
val _ = print (Int.toString (compose3 (fn x => x + 1) (fn x => x * 2) (fn x => x - 3) 10) ^ "\n")
fun apply (f : int -> int) = f 1
val _ = print (Int.toString (apply (fn x => x + 41)) ^ "\n")
val ws = [0w1, 0w2]
val total = foldl (op +) 0w0 ws
val _ = print (Word.toString total ^ "\n")
val smax = foldl (fn (s, m) => if s > m then s else m) "" ["pear", "apple", "zoo", "kiwi"]
val _ = print (smax ^ "\n")
fun wsum ([], acc) = acc | wsum (w :: rest, acc) = wsum (rest, acc + w : word)
val _ = print (Word.toString (wsum ([0w3, 0w4], 0w0)) ^ "\n")
