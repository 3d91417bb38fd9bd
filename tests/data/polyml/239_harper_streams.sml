(* Streams as in Harper's "Programming in Standard ML" (chapter 31,
   "Lazy Data Structures", the version without the lazy extension): a
   stream is a function from unit to a Nil/Cons cell, with take, map,
   filter, the sieve of Eratosthenes, Fibonacci by zipping, and Hamming
   numbers by merging. *)

datatype 'a stream = Stream of unit -> 'a cell
and 'a cell = Nil | Cons of 'a * 'a stream

fun expose (Stream d) = d ()
fun delay d = Stream d

fun smap f s = delay (fn () =>
  case expose s of
      Nil => Nil
    | Cons (x, s') => Cons (f x, smap f s'))

fun sfilter p s = delay (fn () =>
  let fun go s = case expose s of
                     Nil => Nil
                   | Cons (x, s') => if p x then Cons (x, sfilter p s') else go s'
  in go s end)

fun take (s, 0) = []
  | take (s, n) = case expose s of
                      Nil => []
                    | Cons (x, s') => x :: take (s', n - 1)

fun drop (s, 0) = s
  | drop (s, n) = case expose s of
                      Nil => s
                    | Cons (_, s') => drop (s', n - 1)

fun from n = delay (fn () => Cons (n, from (n + 1)))

fun zipWith f (s, t) = delay (fn () =>
  case (expose s, expose t) of
      (Cons (x, s'), Cons (y, t')) => Cons (f (x, y), zipWith f (s', t'))
    | _ => Nil)

fun sieve s = delay (fn () =>
  case expose s of
      Nil => Nil
    | Cons (p, s') => Cons (p, sieve (sfilter (fn n => n mod p <> 0) s')))

val primes = sieve (from 2)

fun fibs () = delay (fn () => Cons (0, delay (fn () => Cons (1, zipWith op+ (fibs (), tl' (fibs ()))))))
and tl' s = case expose s of Cons (_, s') => s' | Nil => raise Empty

(* merge of two increasing streams, dropping duplicates *)
fun merge (s, t) = delay (fn () =>
  case (expose s, expose t) of
      (Nil, c) => c
    | (c, Nil) => c
    | (c1 as Cons (x, s'), c2 as Cons (y, t')) =>
        if x < y then Cons (x, merge (s', t))
        else if y < x then Cons (y, merge (s, t'))
        else Cons (x, merge (s', t')))

fun hamming () = delay (fn () =>
  Cons (1, merge (smap (fn x => 2 * x) (hamming ()),
                  merge (smap (fn x => 3 * x) (hamming ()), smap (fn x => 5 * x) (hamming ())))))

fun show xs = String.concatWith " " (map Int.toString xs)

val _ = print ("naturals: " ^ show (take (from 0, 10)) ^ "\n")
val _ = print ("squares:  " ^ show (take (smap (fn x => x * x) (from 1), 10)) ^ "\n")
val _ = print ("evens:    " ^ show (take (sfilter (fn x => x mod 2 = 0) (from 1), 10)) ^ "\n")
val _ = print ("primes:   " ^ show (take (primes, 15)) ^ "\n")
val _ = print ("fibs:     " ^ show (take (fibs (), 15)) ^ "\n")
val _ = print ("hamming:  " ^ show (take (hamming (), 20)) ^ "\n")
val _ = print ("prime 50: " ^ show (take (drop (primes, 49), 1)) ^ "\n")

(* a finite stream, and laziness: nothing past the taken prefix is computed *)
fun fromList [] = delay (fn () => Nil)
  | fromList (x :: xs) = delay (fn () => Cons (x, fromList xs))
val touched = ref 0
val noisy = smap (fn x => (touched := !touched + 1; x * 10)) (fromList [1, 2, 3, 4, 5])
val _ = print (show (take (noisy, 2)) ^ " touched " ^ Int.toString (!touched) ^ "\n")
val _ = print (show (take (noisy, 100)) ^ " touched " ^ Int.toString (!touched) ^ "\n")
val _ = tl' (fromList [])
