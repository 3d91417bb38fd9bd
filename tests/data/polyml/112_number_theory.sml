(* gcd, lcm, extended Euclid, primality, sieve, factorisation, perfect
   numbers, modular exponentiation *)
fun gcd (a, 0) = abs a
  | gcd (a, b) = gcd (b, a mod b)
fun lcm (a, b) = if a = 0 orelse b = 0 then 0 else abs (a div gcd (a, b) * b)
fun egcd (a, 0) = (a, 1, 0)
  | egcd (a, b) = let val (g, x, y) = egcd (b, a mod b) in (g, y, x - (a div b) * y) end
fun isPrime n =
  n >= 2 andalso
  let fun loop d = d * d > n orelse (n mod d <> 0 andalso loop (d + 1)) in loop 2 end
fun sieve n =
  let val a = Array.array (n + 1, true)
      fun mark (i, step) = if i > n then () else (Array.update (a, i, false); mark (i + step, step))
      fun go i = if i * i > n then () else (if Array.sub (a, i) then mark (i * i, i) else (); go (i + 1))
  in Array.update (a, 0, false); Array.update (a, 1, false); go 2;
     Array.foldri (fn (i, p, acc) => if p then i :: acc else acc) [] a
  end
fun factor n =
  let fun go (1, _, acc) = rev acc
        | go (m, d, acc) =
            if d * d > m then rev (m :: acc)
            else if m mod d = 0 then go (m div d, d, d :: acc)
            else go (m, d + 1, acc)
  in if n < 2 then [] else go (n, 2, []) end
fun group [] = []
  | group (x :: xs) =
      (case group xs of
         (y, k) :: rest => if x = y then (y, k + 1) :: rest else (x, 1) :: (y, k) :: rest
       | [] => [(x, 1)])
fun showFactors n =
  Int.toString n ^ " = " ^
  String.concatWith " * " (map (fn (p, 1) => Int.toString p | (p, k) => Int.toString p ^ "^" ^ Int.toString k) (group (factor n)))
fun powmod (b, 0, m) = 1 mod m
  | powmod (b, e, m) =
      let val h = powmod (b, e div 2, m) val h2 = h * h mod m
      in if e mod 2 = 0 then h2 else h2 * (b mod m) mod m end
val _ = print (Int.toString (gcd (1071, 462)) ^ " " ^ Int.toString (gcd (~12, 18)) ^ " " ^ Int.toString (lcm (4, 6)) ^ " " ^ Int.toString (lcm (21, 6)) ^ "\n")
val (g, x, y) = egcd (240, 46)
val _ = print (String.concatWith " " (map Int.toString [g, x, y, 240 * x + 46 * y]) ^ "\n")
val _ = print (String.concatWith " " (map Int.toString (sieve 100)) ^ "\n")
val _ = print (Int.toString (length (sieve 10000)) ^ "\n")
val _ = print (String.concatWith " " (map Int.toString (List.filter isPrime (List.tabulate (50, fn i => i + 950)))) ^ "\n")
val _ = app (fn n => print (showFactors n ^ "\n")) [360, 97, 1001, 1024, 600851475143, 999983]
fun divisorSum n = foldl op+ 0 (List.filter (fn d => n mod d = 0) (List.tabulate (n - 1, fn i => i + 1)))
val _ = print (String.concatWith " " (map Int.toString (List.filter (fn n => divisorSum n = n) (List.tabulate (300, fn i => i + 2)))) ^ "\n")
val _ = print (Int.toString (powmod (2, 100, 1000000007)) ^ " " ^ Int.toString (powmod (3, 0, 1)) ^ "\n")
val _ = print (Int.toString (gcd (5, 0 - 0)) ^ "\n")
val _ = lcm (1, 0 div 0)
