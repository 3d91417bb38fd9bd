(* Deterministic Miller-Rabin for n < 3,215,031,751 (bases 2, 3, 5, 7) with
   modular exponentiation in int arithmetic, checked against a sieve;
   then factorisation by Pollard's rho with gcd. *)
fun mulmod (a, b, m) = (a * b) mod m     (* operands < 2^31, product fits *)
fun powmod (b, e, m) =
  let fun go (b, e, acc) = if e = 0 then acc
                           else go (mulmod (b, b, m), e div 2, if e mod 2 = 1 then mulmod (acc, b, m) else acc)
  in go (b mod m, e, 1 mod m) end

fun millerRabin n =
  if n < 2 then false
  else if List.exists (fn p => n = p) [2, 3, 5, 7] then true
  else if List.exists (fn p => n mod p = 0) [2, 3, 5, 7] then false
  else
    let fun split (d, s) = if d mod 2 = 0 then split (d div 2, s + 1) else (d, s)
        val (d, s) = split (n - 1, 0)
        fun witness a =
          let val x = powmod (a, d, n)
              fun loop (x, r) = r < s andalso (x = n - 1 orelse loop (mulmod (x, x, n), r + 1))
          in not (x = 1 orelse loop (x, 0)) end
    in not (List.exists witness [2, 3, 5, 7]) end

fun sieve n =
  let val a = Array.array (n + 1, true)
      fun mark (i, j) = if j > n then () else (Array.update (a, j, false); mark (i, j + i))
      fun go i = if i * i > n then () else (if Array.sub (a, i) then mark (i, i * i) else (); go (i + 1))
  in Array.update (a, 0, false); Array.update (a, 1, false); go 2; a end

val limit = 5000
val s = sieve limit
val disagree = Array.foldli (fn (i, isP, acc) => if isP <> millerRabin i then i :: acc else acc) [] s
val nprimes = Array.foldl (fn (b, k) => if b then k + 1 else k) 0 s
val _ = print ("primes below " ^ Int.toString limit ^ ": " ^ Int.toString nprimes
               ^ ", disagreements: " ^ Int.toString (length disagree) ^ "\n")
val _ = print (String.concatWith " " (map (fn n => Int.toString n ^ (if millerRabin n then "p" else "c"))
                 [2147483647, 2147483649, 1000000007, 999999999, 561, 1105, 25326001, 7919 * 7927]) ^ "\n")

fun gcd (a, 0) = abs a | gcd (a, b) = gcd (b, a mod b)
exception NoFactor of int
fun rho n =
  if n mod 2 = 0 then 2
  else let fun f c x = (mulmod (x, x, n) + c) mod n
           fun attempt c =
             let fun loop (x, y) =
                   let val x = f c x val y = f c (f c y) val d = gcd (abs (x - y), n)
                   in if d = 1 then loop (x, y) else d end
                 val d = loop (2, 2)
             in if d = n then (if c > 20 then raise NoFactor n else attempt (c + 1)) else d end
       in attempt 1 end
fun factor n =
  if n = 1 then [] else if millerRabin n then [n]
  else let val d = rho n in factor d @ factor (n div d) end
fun insertSorted (x, []) = [x] | insertSorted (x, y :: ys) = if x <= y then x :: y :: ys else y :: insertSorted (x, ys)
fun showFactors n = Int.toString n ^ " = " ^ String.concatWith " * " (map Int.toString (foldl insertSorted [] (factor n)))
val _ = app (print o (fn s => s ^ "\n") o showFactors) [360, 8051, 10403, 600851475, 2147483646, 97 * 89 * 83 * 79, 1, 4]
val _ = print (Int.toString (powmod (3, 200, 1000000007)) ^ " " ^ Int.toString (powmod (2, 0, 1)) ^ "\n")
val _ = powmod (2, 5, 0)
