(* Lazy streams as functions from unit: naturals, filtering, the sieve
   of primes, Fibonacci, Hamming numbers, memoised with refs. *)
datatype 'a stream = Nil | Cons of 'a * (unit -> 'a stream)

fun from n = Cons (n, fn () => from (n + 1))
fun take (_, 0) = []
  | take (Nil, _) = []
  | take (Cons (x, f), n) = x :: take (f (), n - 1)
fun drop (s, 0) = s
  | drop (Nil, _) = Nil
  | drop (Cons (_, f), n) = drop (f (), n - 1)
fun smap f Nil = Nil
  | smap f (Cons (x, g)) = Cons (f x, fn () => smap f (g ()))
fun sfilter p Nil = Nil
  | sfilter p (Cons (x, g)) = if p x then Cons (x, fn () => sfilter p (g ())) else sfilter p (g ())
fun zipWith f (Cons (x, g), Cons (y, h)) = Cons (f (x, y), fn () => zipWith f (g (), h ()))
  | zipWith _ _ = Nil
fun nth (s, n) = case drop (s, n) of Cons (x, _) => x | Nil => raise Subscript

val evaluations = ref 0
fun memo f =
    let val cache = ref NONE in
      fn () => case !cache of
                 SOME v => v
               | NONE => let val v = f () in evaluations := !evaluations + 1; cache := SOME v; v end
    end

fun showInts xs = String.concatWith " " (map Int.toString xs)
val _ = print ("naturals: " ^ showInts (take (from 0, 10)) ^ "\n")
val squares = smap (fn x => x * x) (from 1)
val _ = print ("squares: " ^ showInts (take (squares, 10)) ^ "\n")
val _ = print ("odd squares: " ^ showInts (take (sfilter (fn x => x mod 2 = 1) squares, 8)) ^ "\n")

fun sieve (Cons (p, g)) = Cons (p, fn () => sieve (sfilter (fn x => x mod p <> 0) (g ())))
  | sieve Nil = Nil
val primes = sieve (from 2)
val _ = print ("primes: " ^ showInts (take (primes, 25)) ^ "\n")
val _ = print ("200th prime: " ^ Int.toString (nth (primes, 199)) ^ "\n")

fun fibs () =
    let fun go (a, b) = Cons (a, fn () => go (b, a + b))
    in go (0, 1) end
val _ = print ("fibs: " ^ showInts (take (fibs (), 20)) ^ "\n")

(* memoised Fibonacci stream built from itself *)
fun memoStream Nil = Nil
  | memoStream (Cons (x, g)) = Cons (x, memo (fn () => memoStream (g ())))
val fibRef : int stream ref = ref Nil
val _ = fibRef := Cons (0, memo (fn () => Cons (1, memo (fn () =>
                     case !fibRef of
                       Cons (_, t) => zipWith op + (!fibRef, t ())
                     | Nil => Nil))))
val _ = print ("self-fib: " ^ showInts (take (!fibRef, 15)) ^ "\n")
val _ = print ("memo evaluations: " ^ Int.toString (!evaluations) ^ "\n")

(* Hamming numbers: merge of 2x, 3x, 5x *)
fun merge (s as Cons (x, f), t as Cons (y, g)) =
    if x < y then Cons (x, fn () => merge (f (), t))
    else if y < x then Cons (y, fn () => merge (s, g ()))
    else Cons (x, fn () => merge (f (), g ()))
  | merge (s, Nil) = s
  | merge (Nil, t) = t
fun hamming () = Cons (1, memo (fn () =>
                   let val h = hamming () in
                     merge (smap (fn x => 2 * x) h, merge (smap (fn x => 3 * x) h, smap (fn x => 5 * x) h))
                   end))
val _ = print ("hamming: " ^ showInts (take (hamming (), 20)) ^ "\n")

(* interleave and a stream of pairs *)
fun interleave (Nil, t) = t
  | interleave (Cons (x, f), t) = Cons (x, fn () => interleave (t, f ()))
val _ = print ("interleave: " ^ showInts (take (interleave (from 100, smap ~ (from 1)), 10)) ^ "\n")
fun collatz n = Cons (n, fn () => if n = 1 then Nil else collatz (if n mod 2 = 0 then n div 2 else 3 * n + 1))
val _ = print ("collatz 27 length: " ^ Int.toString (length (take (collatz 27, 1000))) ^ "\n")
val _ = print ("collatz 6: " ^ showInts (take (collatz 6, 100)) ^ "\n")
val _ = print ("past the end: " ^ Int.toString (nth (collatz 6, 20)) ^ "\n")
