(* Arbitrary-precision naturals as little-endian lists of base-10000
   digits: factorials, powers of two beyond 63 bits, Fibonacci; heavy use
   of div and mod *)
fun p s = print (s ^ "\n")
val base = 10000
fun add (a, b) =
  let fun go ([], [], 0) = [] | go ([], [], c) = [c]
        | go (x :: xs, [], c) = go (x :: xs, [0], c) | go ([], y :: ys, c) = go ([0], y :: ys, c)
        | go (x :: xs, y :: ys, c) = let val s = x + y + c in (s mod base) :: go (xs, ys, s div base) end
  in go (a, b, 0) end
fun mulSmall (a, k) =
  let fun go ([], 0) = [] | go ([], c) = (c mod base) :: go ([], c div base)
        | go (x :: xs, c) = let val s = x * k + c in (s mod base) :: go (xs, s div base) end
  in if k = 0 then [] else go (a, 0) end
fun mul (a, []) = [] | mul (a, y :: ys) = add (mulSmall (a, y), case mul (a, ys) of [] => [] | r => 0 :: r)
fun fromInt 0 = [] | fromInt n = (n mod base) :: fromInt (n div base)
fun pad4 d = let val s = Int.toString d in if size s >= 4 then s else String.substring ("000", 0, 4 - size s) ^ s end
fun toString [] = "0"
  | toString ds = let val r = rev ds in Int.toString (hd r) ^ String.concat (map pad4 (tl r)) end
fun fact 0 = fromInt 1 | fact n = mulSmall (fact (n - 1), n)
val _ = p (toString (fact 20))
val _ = p (toString (fact 25))
val _ = p (toString (fact 50))
fun pow2 0 = fromInt 1 | pow2 n = mulSmall (pow2 (n - 1), 2)
val _ = p (toString (pow2 62) ^ " " ^ toString (pow2 63) ^ " " ^ toString (pow2 64))
val _ = p (toString (pow2 200))
fun fib n = let fun go (0, a, _) = a | go (k, a, b) = go (k - 1, b, add (a, b)) in go (n, [], fromInt 1) end
val _ = p (toString (fib 90) ^ " " ^ toString (fib 100))
val _ = p (toString (mul (fromInt 4611686018427387903, fromInt 4611686018427387903)))
val _ = p (toString (mul (fact 30, fact 30)))
val _ = p (toString (add (fromInt 9999, fromInt 1)) ^ " " ^ toString (add ([], [])) ^ " " ^ toString (mulSmall (fromInt 123, 0)))
fun digitSum ds = foldl (fn (c, s) => s + ord c - ord #"0") 0 (explode (toString ds))
val _ = p (Int.toString (digitSum (fact 100)) ^ " " ^ Int.toString (size (toString (fact 100))))
