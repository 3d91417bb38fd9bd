(* Lazy streams with explicit thunks: an infinite stream of naturals,
   take/drop/map/filter/zip on streams, the Fibonacci stream, a prime
   sieve on streams, memoised streams through refs (with a count of how
   often a cell is forced), and iterate. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun ints xs = String.concatWith " " (map pi xs)

datatype 'a stream = Nil | Cons of 'a * (unit -> 'a stream)
fun from n = Cons (n, fn () => from (n + 1))
fun take (_, 0) = []
  | take (Nil, _) = []
  | take (Cons (x, f), n) = x :: take (f (), n - 1)
fun drop (s, 0) = s
  | drop (Nil, _) = Nil
  | drop (Cons (_, f), n) = drop (f (), n - 1)
fun smap g Nil = Nil
  | smap g (Cons (x, f)) = Cons (g x, fn () => smap g (f ()))
fun sfilter p Nil = Nil
  | sfilter p (Cons (x, f)) = if p x then Cons (x, fn () => sfilter p (f ())) else sfilter p (f ())
fun szip (Cons (x, f), Cons (y, g)) = Cons ((x, y), fn () => szip (f (), g ()))
  | szip _ = Nil
fun iterate g x = Cons (x, fn () => iterate g (g x))
fun fromList [] = Nil
  | fromList (x :: xs) = Cons (x, fn () => fromList xs)

val nats = from 0
val _ = pr ("nats: " ^ ints (take (nats, 10)))
val _ = pr ("squares: " ^ ints (take (smap (fn n => n * n) nats, 10)))
val _ = pr ("evens after 100: " ^ ints (take (sfilter (fn n => n mod 2 = 0) (drop (nats, 100)), 5)))
val _ = pr ("zip: " ^ String.concatWith " " (map (fn (a, b) => pi a ^ ":" ^ b) (take (szip (nats, fromList ["a", "b", "c"]), 10))))
val _ = pr ("collatz from 27: " ^ pi (length (take (iterate (fn n => if n mod 2 = 0 then n div 2 else 3 * n + 1) 27, 200))))
fun collatzLen n =
    let fun go (Cons (1, _), k) = k
          | go (Cons (_, f), k) = go (f (), k + 1)
          | go (Nil, k) = k
    in go (iterate (fn n => if n mod 2 = 0 then n div 2 else 3 * n + 1) n, 0) end
val _ = pr ("collatz lengths: " ^ ints (map collatzLen [1, 7, 27, 97]))

fun fibs (a, b) = Cons (a, fn () => fibs (b, a + b))
val _ = pr ("fibs: " ^ ints (take (fibs (0, 1), 15)))
val _ = pr ("fib 80 = " ^ pi (hd (take (drop (fibs (0, 1), 80), 1))))

fun sieve (Cons (p, f)) = Cons (p, fn () => sieve (sfilter (fn n => n mod p <> 0) (f ())))
  | sieve Nil = Nil
val _ = pr ("primes: " ^ ints (take (sieve (from 2), 25)))

(* memoised stream: each tail is computed at most once *)
datatype 'a lazy = Done of 'a | Todo of unit -> 'a
datatype 'a mstream = MNil | MCons of 'a * 'a mstream lazy ref
val forced = ref 0
fun force r = case !r of Done v => v | Todo f => let val v = f () in forced := !forced + 1; r := Done v; v end
fun mfrom n = MCons (n, ref (Todo (fn () => mfrom (n + 1))))
fun mtake (_, 0) = []
  | mtake (MNil, _) = []
  | mtake (MCons (x, r), n) = x :: mtake (force r, n - 1)
val ms = mfrom 1
val _ = pr ("first take: " ^ ints (mtake (ms, 5)) ^ ", forced " ^ pi (!forced))
val _ = pr ("second take: " ^ ints (mtake (ms, 8)) ^ ", forced " ^ pi (!forced))
val _ = pr ("third take: " ^ ints (mtake (ms, 3)) ^ ", forced " ^ pi (!forced))
val _ = pr ("sum of first 1000 odd squares: " ^ pi (foldl op + 0 (take (smap (fn n => n * n) (sfilter (fn n => n mod 2 = 1) nats), 1000))))
