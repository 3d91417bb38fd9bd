(* Arbitrary-precision natural and signed arithmetic on int lists (little
   endian, base 10000): factorials, Fibonacci, powers, division, and a
   checked subtraction that raises on a negative result. *)

val base = 10000

type nat = int list            (* little endian, no trailing zeros *)
datatype big = Pos of nat | Neg of nat

exception Negative

fun normalize (l : nat) =
  let fun strip [] = [] | strip (0 :: r) = strip r | strip l = l
  in rev (strip (rev l)) end

fun fromInt n =
  if n < 0 then raise Negative
  else let fun go 0 = [] | go k = k mod base :: go (k div base) in go n end

fun addN (a, b) =
  let
    fun go ([], [], 0) = []
      | go ([], [], c) = [c]
      | go (x :: xs, [], c) = go (x :: xs, [0], c)
      | go ([], ys, c) = go ([0], ys, c)
      | go (x :: xs, y :: ys, c) =
          let val s = x + y + c in s mod base :: go (xs, ys, s div base) end
  in go (a, b, 0) end

fun subN (a, b) =
  let
    fun go (xs, [], 0) = xs
      | go ([], _, _) = raise Negative
      | go (x :: xs, [], b) = go (x :: xs, [0], b)
      | go (x :: xs, y :: ys, b) =
          let val d = x - y - b
          in if d < 0 then (d + base) :: go (xs, ys, 1) else d :: go (xs, ys, 0) end
  in normalize (go (a, b, 0)) end

fun cmpN (a, b) =
  let fun go ([], []) = EQUAL
        | go (x :: xs, y :: ys) = (case go (xs, ys) of EQUAL => Int.compare (x, y) | r => r)
        | go _ = raise Fail "length"
  in case Int.compare (length a, length b) of EQUAL => go (a, b) | r => r end

fun mulSmall (a, 0) = []
  | mulSmall (a, k) =
      let fun go ([], 0) = [] | go ([], c) = fromInt c
            | go (x :: xs, c) = let val p = x * k + c in p mod base :: go (xs, p div base) end
      in go (a, 0) end

fun mulN (a, b) =
  foldr (fn (y, acc) => addN (mulSmall (a, y), case acc of [] => [] | _ => 0 :: acc)) [] b

(* Division by a small int: quotient and remainder, most significant first. *)
fun divSmall (a, d) =
  let val (q, r) = foldr (fn (x, (q, r)) => let val cur = r * base + x in (cur div d :: q, cur mod d) end)
                         ([], 0) a
  in (normalize q, r) end

fun quoSmall (a, d) = let val (q, _) = divSmall (a, d) in q end
fun remSmall (a, d) = let val (_, r) = divSmall (a, d) in r end

fun toStringN [] = "0"
  | toStringN l =
      let val r = rev l
      in Int.toString (hd r) ^ String.concat (map (fn d => StringCvt.padLeft #"0" 4 (Int.toString d)) (tl r)) end

fun fromStringN s =
  let
    val digits = explode s
    val () = if List.all Char.isDigit digits andalso digits <> [] then () else raise Fail ("not a number: " ^ s)
  in foldl (fn (c, acc) => addN (mulSmall (acc, 10), fromInt (ord c - ord #"0"))) [] digits end

(* Signed layer *)
fun neg (Pos []) = Pos []
  | neg (Pos a) = Neg a
  | neg (Neg a) = Pos a

fun add (Pos a, Pos b) = Pos (addN (a, b))
  | add (Neg a, Neg b) = Neg (addN (a, b))
  | add (Pos a, Neg b) = (case cmpN (a, b) of LESS => Neg (subN (b, a)) | _ => Pos (subN (a, b)))
  | add (Neg a, Pos b) = add (Pos b, Neg a)

fun mul (x, y) =
  let val (sx, a) = case x of Pos a => (true, a) | Neg a => (false, a)
      val (sy, b) = case y of Pos b => (true, b) | Neg b => (false, b)
      val p = mulN (a, b)
  in if sx = sy orelse null p then Pos p else Neg p end

fun toString (Pos a) = toStringN a
  | toString (Neg a) = "-" ^ toStringN a

infix 6 ++ --
infix 7 **
fun a ++ b = add (a, b)
fun a -- b = add (a, neg b)
fun a ** b = mul (a, b)
fun big n = if n < 0 then Neg (fromInt (~n)) else Pos (fromInt n)

fun factorial n = if n <= 1 then [1] else mulSmall (factorial (n - 1), n)

fun fib n =
  let fun go (0, a, _) = a
        | go (k, a, b) = go (k - 1, b, addN (a, b))
  in go (n, [], [1]) end

fun power (b, 0) = [1]
  | power (b, e) =
      let val h = power (b, e div 2)
          val h2 = mulN (h, h)
      in if e mod 2 = 0 then h2 else mulN (h2, b) end

fun digitSum l =
  let fun go ([], acc) = acc
        | go (l, acc) = let val (q, r) = divSmall (l, 10) in go (q, acc + r) end
  in go (l, 0) end

val f50 = factorial 50
val () = print ("50! = " ^ toStringN f50 ^ "\n")
val () = print ("digits " ^ Int.toString (size (toStringN f50)) ^ ", digit sum " ^ Int.toString (digitSum f50) ^ "\n")
val () = print ("fib 200 = " ^ toStringN (fib 200) ^ "\n")
val () = print ("2^200 = " ^ toStringN (power (fromInt 2, 200)) ^ "\n")
val () = print ("3^100 = " ^ toStringN (power ([3], 100)) ^ "\n")
fun divMany (l, []) = l
  | divMany (l, d :: ds) = let val (q, _) = divSmall (l, d) in divMany (q, ds) end
val () = print ("100!/98! = " ^ toStringN (divMany (factorial 100, List.tabulate (98, fn i => 98 - i))) ^ "\n")
val () = print ("fib 100 mod 9973 = " ^ Int.toString (remSmall (fib 100, 9973)) ^ "\n")
val () = print ("round trip: " ^ toStringN (fromStringN "123456789012345678901234567890") ^ "\n")
val () = print ("compare: " ^ (case cmpN (fib 120, power ([2], 80)) of LESS => "<" | EQUAL => "=" | GREATER => ">") ^ "\n")

(* Signed arithmetic through the infix operators. *)
val x = big 123456789 ** big 987654321
val y = Pos (factorial 20) -- x ** big 7
val () = print (toString x ^ "\n" ^ toString y ^ "\n" ^ toString (y ++ neg y) ^ "\n")
val () = print (toString (big ~5 ** big 0) ^ " " ^ toString (big ~5 ** big ~5) ^ " " ^ toString (big 3 -- big 10) ^ "\n")

(* Sum of 1/k! style: e * 10^40 truncated, by repeated small division. *)
fun eDigits places =
  let val one = power ([10], places)
      fun go (term, k, acc) = case term of [] => acc
                                         | _ => go (quoSmall (term, k), k + 1, addN (acc, term))
  in go (one, 1, []) end
val () = print ("e ~ " ^ toStringN (eDigits 40) ^ "\n")

(* Catalan numbers by the product formula, exactly. *)
fun catalan n =
  let fun go (k, acc) = if k > n then acc
                        else go (k + 1, quoSmall (mulSmall (acc, 2 * (2 * k - 1)), k + 1))
  in go (1, [1]) end
val () = print ("catalan: " ^ String.concatWith " " (map (toStringN o catalan) [0, 1, 2, 3, 10, 30, 60]) ^ "\n")
val () = (print (toStringN (subN (fromInt 5, fromInt 7)) ^ "\n")) handle Negative => print "5 - 7: negative\n"
val () = print (toStringN (fromStringN "12a4") ^ "\n")
