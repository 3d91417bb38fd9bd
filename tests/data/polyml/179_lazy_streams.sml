(* Lazy streams with memoising suspensions built from refs: primes by an
   incremental sieve, Hamming numbers, a stream of Fibonacci pairs,
   stream combinators, and a knot-tied stream that forces itself. *)

datatype 'a susp = Delayed of unit -> 'a | Forced of 'a | Forcing
type 'a lazy = 'a susp ref

exception Cyclic

fun delay f = ref (Delayed f)
fun force (r : 'a lazy) =
  case !r of
    Forced v => v
  | Forcing => raise Cyclic
  | Delayed f => (r := Forcing;
                  let val v = f () handle e => (r := Delayed f; raise e)
                  in r := Forced v; v end)

datatype 'a stream = Nil | Cons of 'a * 'a stream lazy

val forcings = ref 0
fun cons (x, f) = Cons (x, delay (fn () => (forcings := !forcings + 1; f ())))

fun take (_, 0) = []
  | take (Nil, _) = []
  | take (Cons (x, r), n) = x :: take (force r, n - 1)

fun drop (s, 0) = s
  | drop (Nil, _) = Nil
  | drop (Cons (_, r), n) = drop (force r, n - 1)

fun smap f Nil = Nil
  | smap f (Cons (x, r)) = cons (f x, fn () => smap f (force r))

fun sfilter p Nil = Nil
  | sfilter p (Cons (x, r)) = if p x then cons (x, fn () => sfilter p (force r)) else sfilter p (force r)

fun zipWith f (Cons (x, r), Cons (y, q)) = cons (f (x, y), fn () => zipWith f (force r, force q))
  | zipWith _ _ = Nil

fun from n = cons (n, fn () => from (n + 1))

fun nth (s, n) = case drop (s, n) of Cons (x, _) => x | Nil => raise Subscript

(* Merge of two increasing streams without duplicates *)
fun merge (s as Cons (x, r), t as Cons (y, q)) =
      if x < y then cons (x, fn () => merge (force r, t))
      else if y < x then cons (y, fn () => merge (s, force q))
      else cons (x, fn () => merge (force r, force q))
  | merge (Nil, t) = t
  | merge (s, Nil) = s

(* Hamming numbers: the stream refers to itself through a ref. *)
val hammingRef = ref Nil
val hamming =
  let
    fun scale k = smap (fn x => k * x) (!hammingRef)
    val h = cons (1, fn () => merge (scale 2, merge (scale 3, scale 5)))
  in hammingRef := h; h end

val () = print ("hamming: " ^ String.concatWith " " (map Int.toString (take (hamming, 25))) ^ "\n")
val () = print ("hamming 500th: " ^ Int.toString (nth (hamming, 499)) ^ "\n")

(* Primes by trial division against the primes stream itself. *)
val primesRef = ref Nil
fun isPrime n =
  let fun go (Cons (p, r)) = p * p > n orelse (n mod p <> 0 andalso go (force r))
        | go Nil = true
  in go (!primesRef) end
val primes = cons (2, fn () => sfilter isPrime (from 3))
val () = primesRef := primes
val () = print ("primes: " ^ String.concatWith " " (map Int.toString (take (primes, 20))) ^ "\n")
val () = print ("1000th prime: " ^ Int.toString (nth (primes, 999)) ^ "\n")

(* Fibonacci as a zip of the stream with its tail. *)
val fibRef = ref Nil
val fibs = cons (0, fn () => cons (1, fn () =>
             case !fibRef of
               Cons (_, r) => zipWith op+ (!fibRef, force r)
             | Nil => Nil))
val () = fibRef := fibs
val () = print ("fibs: " ^ String.concatWith " " (map Int.toString (take (fibs, 20))) ^ "\n")
val () = print ("fib 90: " ^ Int.toString (nth (fibs, 90)) ^ "\n")

(* Memoisation means the second traversal forces nothing. *)
val before1 = !forcings
val _ = take (hamming, 500)
val () = print ("re-walk forcings: " ^ Int.toString (!forcings - before1) ^ "\n")

(* Partial sums, running averages, and a windowed maximum. *)
fun scan f acc Nil = cons (acc, fn () => Nil)
  | scan f acc (Cons (x, r)) = cons (acc, fn () => scan f (f (x, acc)) (force r))
val sums = scan op+ 0 (from 1)
val () = print ("triangular: " ^ String.concatWith " " (map Int.toString (take (drop (sums, 1), 10))) ^ "\n")
fun windows k s = cons (take (s, k), fn () => case s of Cons (_, r) => windows k (force r) | Nil => Nil)
val noisy = smap (fn n => (n * 7919) mod 101) (from 0)
val () = print ("window maxima: " ^ String.concatWith " "
                  (map (fn w => Int.toString (foldl Int.max 0 w)) (take (windows 4 noisy, 12))) ^ "\n")

(* A failing suspension is retried, and fails again. *)
val attempts = ref 0
val flaky = delay (fn () => (attempts := !attempts + 1; if !attempts < 3 then raise Fail "not yet" else !attempts))
fun tryForce () = Int.toString (force flaky) handle Fail m => m
val () = print (String.concatWith ", " [tryForce (), tryForce (), tryForce (), tryForce ()] ^ "\n")

(* A suspension that needs its own value is cyclic. *)
val selfRef = ref (delay (fn () => 0))
val () = selfRef := delay (fn () => force (!selfRef) + 1)
val () = print ((Int.toString (force (!selfRef))) handle Cyclic => "cyclic suspension detected\n")
val () = print (Int.toString (nth (primes, 5)) ^ "\n")
val _ = force (!selfRef)
