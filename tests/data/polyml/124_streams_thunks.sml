(* lazy streams with explicit thunks: naturals, map/filter/take, primes by
   the sieve of Eratosthenes, fibonacci by zipping, and memoised thunks
   with refs showing each element is computed once *)
datatype 'a stream = Nil | Cons of 'a * (unit -> 'a stream)
fun from n = Cons (n, fn () => from (n + 1))
fun take (_, 0) = []
  | take (Nil, _) = []
  | take (Cons (x, t), n) = x :: take (t (), n - 1)
fun smap f Nil = Nil
  | smap f (Cons (x, t)) = Cons (f x, fn () => smap f (t ()))
fun sfilter p Nil = Nil
  | sfilter p (Cons (x, t)) = if p x then Cons (x, fn () => sfilter p (t ())) else sfilter p (t ())
fun zipWith f (Cons (a, s), Cons (b, t)) = Cons (f (a, b), fn () => zipWith f (s (), t ()))
  | zipWith _ _ = Nil
fun sieve Nil = Nil
  | sieve (Cons (p, t)) = Cons (p, fn () => sieve (sfilter (fn n => n mod p <> 0) (t ())))
fun showInts l = String.concatWith " " (map Int.toString l)
val _ = print (showInts (take (from 1, 10)) ^ "\n")
val _ = print (showInts (take (smap (fn x => x * x) (from 1), 10)) ^ "\n")
val _ = print (showInts (take (sieve (from 2), 25)) ^ "\n")
fun fibs () = Cons (0, fn () => Cons (1, fn () => zipWith op+ (fibs (), tl' (fibs ()))))
and tl' (Cons (_, t)) = t ()
  | tl' Nil = Nil
val _ = print (showInts (take (fibs (), 15)) ^ "\n")
(* memoised lazy values *)
datatype 'a lazy = Thunk of unit -> 'a | Value of 'a
fun delay f = ref (Thunk f)
fun force r = case !r of Value v => v | Thunk f => let val v = f () in r := Value v; v end
val evaluations = ref 0
val expensive = delay (fn () => (evaluations := !evaluations + 1; 6 * 7))
val a = force expensive
val b = force expensive
val _ = print (Int.toString a ^ " " ^ Int.toString b ^ " evaluated " ^ Int.toString (!evaluations) ^ " time(s)\n")
datatype 'a lstream = LNil | LCons of 'a * 'a lstream lazy ref
fun lfrom n = LCons (n, delay (fn () => (print ("[" ^ Int.toString n ^ "]"); lfrom (n + 1))))
fun ltake (_, 0) = []
  | ltake (LNil, _) = []
  | ltake (LCons (x, r), n) = x :: ltake (force r, n - 1)
val s = lfrom 0
val _ = print (showInts (ltake (s, 5)) ^ "\n")
val _ = print (showInts (ltake (s, 7)) ^ "\n")
fun iterate f x = Cons (x, fn () => iterate f (f x))
val _ = print (showInts (take (iterate (fn n => if n mod 2 = 0 then n div 2 else 3 * n + 1) 7, 17)) ^ "\n")
fun nth (Cons (x, _), 0) = x
  | nth (Cons (_, t), n) = nth (t (), n - 1)
  | nth (Nil, _) = raise Subscript
val _ = print (Int.toString (nth (sieve (from 2), 99)) ^ "\n")
val _ = nth (sfilter (fn x => x < 3) (Cons (1, fn () => Cons (2, fn () => Nil))), 2)
