(* Arbitrary-precision naturals as little-endian lists of base-10000
   digits: addition, subtraction (raising on a negative result),
   multiplication, comparison, conversion to and from strings,
   factorials and powers of two beyond 63 bits, and Fibonacci numbers. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val base = 10000
type big = int list
exception Negative of string

fun norm (xs : big) = let fun strip [] = [] | strip (0 :: r) = strip r | strip r = r
                      in rev (strip (rev xs)) end
fun fromInt 0 = []
  | fromInt n = n mod base :: fromInt (n div base)
fun add (xs, ys) =
    let fun go ([], [], 0) = []
          | go ([], [], c) = [c]
          | go (x :: xs, [], c) = go (x :: xs, [0], c)
          | go ([], y :: ys, c) = go ([0], y :: ys, c)
          | go (x :: xs, y :: ys, c) = let val s = x + y + c in s mod base :: go (xs, ys, s div base) end
    in go (xs, ys, 0) end
fun sub (xs, ys) =
    let fun go (xs, [], 0) = xs
          | go ([], _, _) = raise Negative "sub"
          | go (x :: xs, [], b) = go (x :: xs, [0], b)
          | go (x :: xs, y :: ys, b) =
              let val d = x - y - b in if d < 0 then (d + base) :: go (xs, ys, 1) else d :: go (xs, ys, 0) end
    in norm (go (xs, ys, 0)) end
fun mulSmall (xs, 0) = []
  | mulSmall (xs, k) =
      let fun go ([], 0) = [] | go ([], c) = fromInt c
            | go (x :: xs, c) = let val p = x * k + c in p mod base :: go (xs, p div base) end
      in go (xs, 0) end
fun mul (xs, []) = []
  | mul (xs, y :: ys) = add (mulSmall (xs, y), case mul (xs, ys) of [] => [] | r => 0 :: r)
fun compare (xs, ys) =
    let fun go ([], []) = EQUAL
          | go (x :: xs, y :: ys) = (case go (xs, ys) of EQUAL => Int.compare (x, y) | o1 => o1)
          | go _ = EQUAL
    in if length xs <> length ys then Int.compare (length xs, length ys) else go (xs, ys) end
fun toString [] = "0"
  | toString xs =
      let val r = rev xs
          fun pad d = let val s = pi d in CharVector.tabulate (4 - size s, fn _ => #"0") ^ s end
      in pi (hd r) ^ String.concat (map pad (tl r)) end
fun fromString s =
    foldl (fn (c, acc) => add (mulSmall (acc, 10), fromInt (ord c - ord #"0"))) [] (explode s)

val a = fromString "123456789012345678901234567890"
val b = fromString "987654321098765432109876543210"
val _ = pr ("a = " ^ toString a)
val _ = pr ("a + b = " ^ toString (add (a, b)))
val _ = pr ("b - a = " ^ toString (sub (b, a)))
val _ = pr ("a * b = " ^ toString (mul (a, b)))
val _ = pr ("a - a = " ^ toString (sub (a, a)))
val _ = pr ("a - b: " ^ (toString (sub (a, b)) handle Negative s => "Negative " ^ s))
fun ordS LESS = "<" | ordS EQUAL = "=" | ordS GREATER = ">"
val _ = pr ("compare: a " ^ ordS (compare (a, b)) ^ " b, b " ^ ordS (compare (b, a)) ^ " a, a " ^ ordS (compare (a, a)) ^ " a")

fun bigFact n = if n <= 1 then fromInt 1 else mulSmall (bigFact (n - 1), n)
val _ = app (fn n => pr ("fact " ^ pi n ^ " = " ^ toString (bigFact n))) [20, 25, 30, 52]
fun pow2 0 = fromInt 1
  | pow2 n = mulSmall (pow2 (n - 1), 2)
val _ = pr ("2^62 = " ^ toString (pow2 62))
val _ = pr ("2^63 = " ^ toString (pow2 63))
val _ = pr ("2^128 = " ^ toString (pow2 128))
val _ = pr ("2^62 agrees with int: " ^ Bool.toString (toString (sub (pow2 62, fromInt 1)) = pi (valOf Int.maxInt)))
fun fib n = let fun go (0, a, _) = a | go (k, a, b) = go (k - 1, b, add (a, b)) in go (n, [], fromInt 1) end
val _ = pr ("fib 100 = " ^ toString (fib 100))
val _ = pr ("fib 300 = " ^ toString (fib 300))
val digits = size (toString (bigFact 100))
val _ = pr ("100! has " ^ pi digits ^ " digits")
val _ = pr ("round trip: " ^ Bool.toString (toString (fromString "100020003000400050006") = "100020003000400050006"))
val _ = pr ("small: " ^ toString (sub (fromInt 10000, fromInt 1)) ^ " " ^ toString (add (fromInt 9999, fromInt 1)))
val _ = pr ("underflow: " ^ toString (sub (fromInt 5, fromInt 7)))
