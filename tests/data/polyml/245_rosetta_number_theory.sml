(* Number-theory tasks from Rosetta Code in the style of the Standard ML
   entries: "Prime decomposition", "Perfect numbers", "Amicable pairs",
   "Digital root", "Harshad or Niven series", "Kaprekar numbers",
   "Greatest common divisor" and "Least common multiple", "Modular
   exponentiation" (small moduli, in native ints). *)

fun factors n =
  let
    fun go (n, d, acc) =
      if n = 1 then rev acc
      else if d * d > n then rev (n :: acc)
      else if n mod d = 0 then go (n div d, d, d :: acc)
      else go (n, if d = 2 then 3 else d + 2, acc)
  in if n < 2 then [] else go (n, 2, []) end

val _ = List.app (fn n => print (Int.toString n ^ " = " ^ String.concatWith " * " (map Int.toString (factors n)) ^ "\n"))
                 [2, 12, 97, 360, 1001, 65536, 999999, 600851475143]

fun sumProperDivisors n =
  let fun go (d, acc) =
        if d * d > n then acc
        else if n mod d = 0 then
          go (d + 1, acc + d + (if d * d = n orelse d = 1 then 0 else n div d))
        else go (d + 1, acc)
  in if n < 2 then 0 else go (1, 0) end

val perfect = List.filter (fn n => sumProperDivisors n = n) (List.tabulate (500, fn i => i + 1))
val _ = print ("perfect: " ^ String.concatWith " " (map Int.toString perfect) ^ "\n")

val amicable =
  List.mapPartial (fn n => let val m = sumProperDivisors n in
                             if m > n andalso sumProperDivisors m = n then SOME (n, m) else NONE end)
                  (List.tabulate (1300, fn i => i + 1))
val _ = print ("amicable: " ^ String.concatWith " " (map (fn (a, b) => Int.toString a ^ "/" ^ Int.toString b) amicable) ^ "\n")

fun digitSum (0, acc) = acc
  | digitSum (n, acc) = digitSum (n div 10, acc + n mod 10)

fun digitalRoot n =
  let fun go (n, p) = if n < 10 then (n, p) else go (digitSum (n, 0), p + 1)
  in go (n, 0) end
val _ = List.app (fn n => let val (r, p) = digitalRoot n in
                            print (Int.toString n ^ ": root " ^ Int.toString r ^ ", persistence " ^ Int.toString p ^ "\n") end)
                 [627615, 39390, 588225, 393900588225]

val harshad = List.filter (fn n => n mod digitSum (n, 0) = 0) (List.tabulate (60, fn i => i + 1))
val _ = print ("harshad: " ^ String.concatWith " " (map Int.toString (List.take (harshad, 20))) ^ "\n")
val firstHarshadAbove1000 =
  let fun go n = if n mod digitSum (n, 0) = 0 then n else go (n + 1) in go 1001 end
val _ = print ("first above 1000: " ^ Int.toString firstHarshadAbove1000 ^ "\n")

fun isKaprekar 1 = true
  | isKaprekar n =
      let
        val sq = n * n
        fun split p = if p > sq then false
                      else let val (a, b) = (sq div p, sq mod p) in
                             (b > 0 andalso a + b = n) orelse split (p * 10)
                           end
      in split 10 end
val _ = print ("kaprekar: " ^ String.concatWith " " (map Int.toString
                 (List.filter isKaprekar (List.tabulate (1000, fn i => i + 1)))) ^ "\n")

fun gcd (a, 0) = abs a
  | gcd (a, b) = gcd (b, a mod b)
fun lcm (a, b) = if a = 0 orelse b = 0 then 0 else abs (a div gcd (a, b) * b)
val _ = print ("gcd " ^ Int.toString (gcd (1071, 1029)) ^ " " ^ Int.toString (gcd (~48, 18))
               ^ ", lcm " ^ Int.toString (lcm (12, 18)) ^ " "
               ^ Int.toString (foldl lcm 1 (List.tabulate (20, fn i => i + 1))) ^ "\n")

fun powMod (b, e, m) =
  if e = 0 then 1 mod m
  else let val h = powMod (b, e div 2, m)
           val h2 = h * h mod m
       in if e mod 2 = 0 then h2 else h2 * (b mod m) mod m end
val _ = print ("powMod: " ^ Int.toString (powMod (2, 100, 1000000007)) ^ " "
               ^ Int.toString (powMod (3, 200, 13)) ^ " " ^ Int.toString (powMod (7, 0, 1)) ^ "\n")
val _ = powMod (2, 10, 0)
