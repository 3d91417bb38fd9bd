(* Large generated code run many times: a 64-tap FIR filter and a
   permutation of a 240-element array, fully unrolled into straight-line
   code (tens of thousands of generated instructions), a chain of 1,500
   generated conditionals (a piecewise-linear lookup), each run hundreds
   of times and checked against its unstaged version. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* FIR: y[i] = sum_k h[k] * x[i + k], unrolled over k; zero taps vanish *)
val taps = List.tabulate (64, fn k => if k mod 5 = 0 then 0 else ((k * 29) mod 17) - 8)
fun firU (h : int list) (x : int array, i : int) =
  #2 (foldl (fn (c, (k, s)) => (k + 1, s + c * Array.sub (x, i + k))) (0, 0) h)
fun firS (h : int list) : [int array * int -> int] =
  let fun go ([], _) = code (fn (x : int array, i : int) => 0)
        | go (0 :: cs, k) = go (cs, k + 1)
        | go (c :: cs, k) =
            let cogen rest = go (cs, k + 1) cogen c' = lift c cogen k' = lift k
            in code (fn (x, i) => c' * Array.sub (x, i + k') + rest (x, i)) end
  in go (h, 0) end
val fir = eval (firS taps)
val signal = Array.tabulate (700, fn i => (i * i * 7 + 3 * i) mod 101 - 50)
val ysU = List.tabulate (600, fn i => firU taps (signal, i))
val ysS = List.tabulate (600, fn i => fir (signal, i))
val _ = pr ("fir: " ^ String.concatWith " " (map pi (List.take (ysS, 10))) ^ " ... agree " ^ Bool.toString (ysU = ysS))
val _ = pr ("fir energy " ^ pi (foldl (fn (y, s) => s + y * y mod 1000) 0 ysS))

(* a fixed permutation of 500 elements applied by generated straight-line code *)
val n = 240
val perm = Array.tabulate (n, fn i => (i * 13 + 17) mod n)
fun permU (src : int array, dst : int array) = Array.appi (fn (i, p) => Array.update (dst, p, Array.sub (src, i))) perm
fun permS () : [int array * int array -> unit] =
  let fun go i = if i = n then code (fn (s : int array, d : int array) => ())
                 else let cogen rest = go (i + 1) cogen i' = lift i cogen p = lift (Array.sub (perm, i))
                      in code (fn (s, d) => (Array.update (d, p, Array.sub (s, i')); rest (s, d))) end
  in go 0 end
val permute = eval (permS ())
val a = Array.tabulate (n, fn i => i)
val b = Array.array (n, 0)
val c = Array.tabulate (n, fn i => i)
val d = Array.array (n, 0)
(* apply the permutation 200 times, ping-ponging between two buffers *)
fun iterate (f, x, y, k) = if k = 0 then x else (f (x, y); iterate (f, y, x, k - 1))
val rU = iterate (permU, c, d, 30)
val rS = iterate (permute, a, b, 30)
val _ = pr ("perm^30: " ^ String.concatWith " " (List.tabulate (8, fn i => pi (Array.sub (rS, i)))) ^ " agree " ^ Bool.toString (Array.vector rU = Array.vector rS))
(* the order of the permutation, found by running generated code until the identity returns *)
fun order (x, y, k) = (permute (x, y); if Array.foldli (fn (i, v, ok) => ok andalso v = i) true y then k else order (y, x, k + 1))
val _ = pr ("order of the permutation: " ^ pi (order (Array.tabulate (n, fn i => i), Array.array (n, 0), 1)))

(* a piecewise-linear table of 1,500 breakpoints compiled to a chain of tests *)
val breaks = List.tabulate (1500, fn k => (k * 10, (k * k) mod 97))
fun lookupU x = let fun go [] = ~1 | go ((b, v) :: r) = if x < b then v + x mod 7 else go r in go breaks end
fun lookupS [] = code (fn x : int => ~1)
  | lookupS ((b, v) :: r) = let cogen rest = lookupS r cogen b' = lift b cogen v' = lift v in code (fn x => if x < b' then v' + x mod 7 else rest x) end
val lookup = eval (lookupS breaks)
val probes = List.tabulate (60, fn i => i * 251 - 10)
val _ = pr ("lookup agree " ^ Bool.toString (map lookupU probes = map lookup probes) ^ " sum " ^ pi (foldl op+ 0 (map lookup probes)))
