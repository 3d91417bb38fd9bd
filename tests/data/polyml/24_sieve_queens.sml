(* Arrays and backtracking: sieve of Eratosthenes, n-queens, array reversal *)
fun sieve n =
  let val a = Array.array (n + 1, true)
      fun mark (i, step) = if i > n then () else (Array.update (a, i, false); mark (i + step, step))
      fun loop i = if i * i > n then ()
                   else ((if Array.sub (a, i) then mark (i * i, i) else ()); loop (i + 1))
      fun collect (i, acc) = if i < 2 then acc
                             else collect (i - 1, if Array.sub (a, i) then i :: acc else acc)
  in loop 2; collect (n, []) end
val primes = sieve 200
val _ = print (Int.toString (length primes) ^ " primes, last " ^ Int.toString (List.nth (primes, length primes - 1)) ^ "\n")
val _ = print (String.concat (map (fn p => Int.toString p ^ " ") (List.filter (fn p => p < 40) primes)) ^ "\n")
fun queens n =
  let val cols = Array.array (n, 0)
      fun safe (r, c) =
        let fun ok i = i >= r orelse
                       (let val c' = Array.sub (cols, i)
                        in c' <> c andalso abs (c' - c) <> r - i andalso ok (i + 1) end)
        in ok 0 end
      fun place r = if r = n then 1
                    else let fun try c = if c = n then 0
                                         else if safe (r, c) then (Array.update (cols, r, c); place (r + 1) + try (c + 1))
                                         else try (c + 1)
                         in try 0 end
  in place 0 end
val _ = app (fn n => print (Int.toString n ^ ":" ^ Int.toString (queens n) ^ " ")) [1, 2, 3, 4, 5, 6, 7]
val _ = print "\n"
fun reverseInPlace a =
  let fun go (i, j) = if i >= j then ()
                      else let val t = Array.sub (a, i)
                           in Array.update (a, i, Array.sub (a, j)); Array.update (a, j, t); go (i + 1, j - 1) end
  in go (0, Array.length a - 1) end
val arr = Array.tabulate (9, fn i => i * 3)
val _ = reverseInPlace arr
val _ = print (String.concat (List.map (fn i => Int.toString (Array.sub (arr, i)) ^ ",") [0, 1, 2, 3, 4, 5, 6, 7, 8]) ^ "\n")
val counts = Array.array (10, 0)
val _ = app (fn d => Array.update (counts, d, Array.sub (counts, d) + 1))
            (map (fn c => ord c - ord #"0") (explode "31415926535897932384626433"))
val _ = print (String.concat (map (fn i => Int.toString (Array.sub (counts, i))) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) ^ "\n")
