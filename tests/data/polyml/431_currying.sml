(* Curried functions: partial application, curry/uncurry conversions,
   flip, function composition chains, sections of operators with op,
   curried clausal definitions with pattern matching on several
   arguments, and functions returning curried functions. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun ints xs = String.concatWith " " (map pi xs)

fun add a b = a + b
fun mul a b = a * b
val inc = add 1
val triple = mul 3
val _ = pr ("inc 41 = " ^ pi (inc 41) ^ ", triple 14 = " ^ pi (triple 14))

fun curry f a b = f (a, b)
fun uncurry f (a, b) = f a b
fun flip f a b = f b a
val sub = curry op -
val _ = pr ("sub 10 3 = " ^ pi (sub 10 3) ^ ", flip sub 10 3 = " ^ pi (flip sub 10 3))
val _ = pr ("uncurry add (4, 5) = " ^ pi (uncurry add (4, 5)))
val _ = pr ("map (curry op * 7) = " ^ ints (map (curry op * 7) [1, 2, 3]))

(* composition chains *)
val pipeline = inc o triple o (fn n => n - 2)
val _ = pr ("pipeline 5 = " ^ pi (pipeline 5))
fun compose [] = (fn x => x)
  | compose (f :: fs) = f o compose fs
val _ = pr ("compose [inc, triple, inc] 2 = " ^ pi (compose [inc, triple, inc] 2))
fun repeat 0 _ = (fn x => x)
  | repeat n f = f o repeat (n - 1) f
val _ = pr ("repeat 10 inc 0 = " ^ pi (repeat 10 inc 0) ^ ", repeat 5 (mul 2) 1 = " ^ pi (repeat 5 (mul 2) 1))

(* curried clauses with patterns in several arguments *)
fun zipWith f (x :: xs) (y :: ys) = f x y :: zipWith f xs ys
  | zipWith _ _ _ = []
val _ = pr ("zipWith add = " ^ ints (zipWith add [1, 2, 3] [10, 20, 30, 40]))
fun choose 0 _ = 1
  | choose _ 0 = 1
  | choose n k = if k = n then 1 else choose (n - 1) (k - 1) + choose (n - 1) k
val _ = pr ("row 6 = " ^ ints (List.tabulate (7, choose 6)))

(* functions returning curried functions *)
fun linear a = fn b => fn x => a * x + b
val l1 = linear 2 3
val _ = pr ("linear 2 3 at 0..4 = " ^ ints (map l1 [0, 1, 2, 3, 4]))
fun adder n = let val k = n * 10 in fn m => fn p => k + m + p end
val add5 = adder 5
val _ = pr ("adder 5 1 2 = " ^ pi (add5 1 2) ^ ", adder 0 0 0 = " ^ pi (adder 0 0 0))

(* evaluation order of a curried call: the function part first *)
val trace : string list ref = ref []
fun note s x = (trace := s :: !trace; x)
fun three a b c = a * 100 + b * 10 + c
val v = (note "f" three) (note "a" 1) (note "b" 2) (note "c" 3)
val _ = pr ("v = " ^ pi v ^ ", order: " ^ String.concatWith "," (rev (!trace)))

(* a partially applied function that has side effects only when complete *)
fun logged tag a b = (pr ("  logged " ^ tag ^ " " ^ pi a ^ " " ^ pi b); a + b)
val part = logged "p" 1
val _ = pr "partial built"
val _ = pr ("results " ^ pi (part 2) ^ " " ^ pi (part 3))

(* foldr with curried combining *)
val sumOfProducts = foldr (fn ((a, b), acc) => add (mul a b) acc) 0 [(1, 2), (3, 4), (5, 6)]
val _ = pr ("sum of products = " ^ pi sumOfProducts)
val _ = pr ("List.map (map inc) = " ^ String.concatWith " | " (map ints (List.map (map inc) [[1, 2], [], [3]])))
