(* Collatz sequences (longest chain below a bound, with a cache), and
   run-length encoding/decoding of strings and of lists *)
fun collatzNext n = if n mod 2 = 0 then n div 2 else 3 * n + 1
fun chain 1 = [1]
  | chain n = n :: chain (collatzNext n)
val _ = print (String.concatWith " " (map Int.toString (chain 27)) ^ "\n" handle Overflow => "overflow\n")
val _ = print (Int.toString (length (chain 27)) ^ "\n")
val limit = 10000
val cache = Array.array (limit, 0)
fun steps n =
  if n = 1 then 0
  else if n < limit andalso Array.sub (cache, n) > 0 then Array.sub (cache, n)
  else let val s = 1 + steps (collatzNext n)
       in if n < limit then Array.update (cache, n, s) else (); s end
val best = ref (1, 0)
val i = ref 1
val _ = while !i < limit do
          (let val s = steps (!i) in if (case !best of (_, b) => s > b) then best := (!i, s) else () end; i := !i + 1)
val _ = case !best of (n, s) => print ("longest below " ^ Int.toString limit ^ ": " ^ Int.toString n ^ " with " ^ Int.toString s ^ " steps\n")
fun rle [] = []
  | rle (c :: cs) =
      let fun go (c, k, []) = [(c, k)]
            | go (c, k, d :: ds) = if c = d then go (c, k + 1, ds) else (c, k) :: go (d, 1, ds)
      in go (c, 1, cs) end
fun encode s = concat (map (fn (c, 1) => str c | (c, k) => Int.toString k ^ str c) (rle (explode s)))
fun decode s =
  let fun go ([], _, acc) = concat (rev acc)
        | go (c :: cs, k, acc) =
            if Char.isDigit c then go (cs, k * 10 + (ord c - ord #"0"), acc)
            else go (cs, 0, CharVectorless (c, if k = 0 then 1 else k) :: acc)
      and CharVectorless (c, k) = implode (List.tabulate (k, fn _ => c))
  in go (explode s, 0, []) end
val samples = ["WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW", "abc", "", "aabcccccaaa", "zzzzzzzzzzzz"]
val _ = app (fn s => let val e = encode s in print ("\"" ^ e ^ "\" " ^ Bool.toString (decode e = s) ^ "\n") end) samples
val counts = rle [1, 1, 2, 3, 3, 3, 1, 1]
val _ = print (String.concatWith ";" (map (fn (x, k) => Int.toString x ^ "x" ^ Int.toString k) counts) ^ "\n")
