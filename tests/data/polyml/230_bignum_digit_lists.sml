(* Arbitrary-precision natural numbers as little-endian lists of base-10000
   digits, in the manner of the Rosetta Code tasks "Arbitrary-precision
   integers (included)" and "Factorial" for languages without bignums, and
   of the digit-list arithmetic exercises of introductory courses: add,
   multiply, compare, power, factorial 50, 2^200, Fibonacci 300. *)

val base = 10000

fun norm [] = []
  | norm xs = let val r = rev xs
                  fun drop (0 :: ys) = drop ys
                    | drop ys = ys
              in rev (drop r) end

fun add (xs, ys) =
  let
    fun go ([], [], 0) = []
      | go ([], [], c) = [c]
      | go (x :: xs, [], c) = go (x :: xs, [0], c)
      | go ([], y :: ys, c) = go ([0], y :: ys, c)
      | go (x :: xs, y :: ys, c) =
          let val s = x + y + c in (s mod base) :: go (xs, ys, s div base) end
  in go (xs, ys, 0) end

fun scale (_, 0) = []
  | scale (xs, k) =
      let fun go ([], 0) = []
            | go ([], c) = [c mod base] @ go ([], c div base)
            | go (x :: xs, c) = let val p = x * k + c in (p mod base) :: go (xs, p div base) end
      in go (xs, 0) end

fun mul (xs, []) = []
  | mul (xs, y :: ys) = add (scale (xs, y), case mul (xs, ys) of [] => [] | p => 0 :: p)

fun fromInt 0 = []
  | fromInt n = (n mod base) :: fromInt (n div base)

fun toString [] = "0"
  | toString xs =
      let val r = rev xs
          fun pad d = StringCvt.padLeft #"0" 4 (Int.toString d)
      in Int.toString (hd r) ^ String.concat (map pad (tl r)) end

fun compare (xs, ys) =
  case Int.compare (length xs, length ys) of
      EQUAL => let fun go ([], []) = EQUAL
                     | go (x :: xs, y :: ys) = (case go (xs, ys) of EQUAL => Int.compare (x, y) | c => c)
                     | go _ = raise Fail "lengths"
               in go (xs, ys) end
    | c => c

fun power (b, 0) = fromInt 1
  | power (b, n) =
      let val h = power (b, n div 2)
          val h2 = mul (h, h)
      in if n mod 2 = 0 then h2 else mul (h2, b) end

fun factorial n = foldl (fn (k, acc) => scale (acc, k)) (fromInt 1) (List.tabulate (n, fn i => i + 1))

fun fib n =
  let fun go (0, a, _) = a
        | go (k, a, b) = go (k - 1, b, add (a, b))
  in go (n, [], fromInt 1) end

fun digitSum x = CharVector.foldl (fn (c, s) => s + ord c - ord #"0") 0 (toString x)

val f50 = factorial 50
val _ = print ("50! = " ^ toString f50 ^ "\n")
val _ = print ("digit sum of 100! = " ^ Int.toString (digitSum (factorial 100)) ^ "\n")
val p200 = power (fromInt 2, 200)
val _ = print ("2^200 = " ^ toString p200 ^ "\n")
val _ = print ("fib 300 = " ^ toString (fib 300) ^ "\n")
val _ = print ("3^100 = " ^ toString (power (fromInt 3, 100)) ^ "\n")
val _ = print ((case compare (p200, f50) of LESS => "2^200 < 50!" | EQUAL => "equal"
                                          | GREATER => "2^200 > 50!") ^ "\n")
val _ = print (toString (mul (fromInt 99999999, fromInt 99999999)) ^ " "
               ^ Int.toString (99999999 * 99999999) ^ "\n")
val _ = print (toString (add (fromInt 9999, fromInt 1)) ^ " " ^ toString (norm [5, 0, 0]) ^ "\n")
(* the native ints overflow where the lists do not *)
val _ = print (Int.toString (foldl op* 1 (List.tabulate (25, fn i => i + 1))) ^ "\n")
