(* Sets of small ints as 63-bit words: popcount, lowest bit, iteration, subset enumeration
   (Gosper's hack), a bitset sieve over an array of words, and a bitmask dynamic program
   (travelling salesman on 8 cities) *)
val width = Word.wordSize
fun bit i = Word.<< (0w1, Word.fromInt i)
fun mem (s, i) = Word.andb (s, bit i) <> 0w0
fun insert (s, i) = Word.orb (s, bit i)
fun remove (s, i) = Word.andb (s, Word.notb (bit i))
fun popcount 0w0 = 0
  | popcount w = 1 + popcount (Word.andb (w, w - 0w1))
fun lowest w = Word.andb (w, ~ w)
fun elems w =
    let fun go (i, acc) = if i < 0 then acc else go (i - 1, if mem (w, i) then i :: acc else acc)
    in go (width - 1, []) end
fun fromList l = foldl (fn (i, s) => insert (s, i)) 0w0 l
fun show s = print (s ^ "\n")
fun setStr w = "{" ^ String.concatWith "," (map Int.toString (elems w)) ^ "}"

val a = fromList [0, 3, 5, 62, 40]
val b = fromList [3, 4, 5, 61]
val _ = show ("a = " ^ setStr a ^ " (" ^ Int.toString (popcount a) ^ ")")
val _ = show ("b = " ^ setStr b)
val _ = show ("a union b = " ^ setStr (Word.orb (a, b)))
val _ = show ("a inter b = " ^ setStr (Word.andb (a, b)))
val _ = show ("a minus b = " ^ setStr (Word.andb (a, Word.notb b)))
val _ = show ("a xor b = " ^ setStr (Word.xorb (a, b)))
val _ = show ("complement of a has " ^ Int.toString (popcount (Word.notb a)) ^ " elements")
val _ = show ("lowest of a = " ^ Word.toString (lowest a) ^ ", of 0w0 = " ^ Word.toString (lowest 0w0))
val _ = show ("remove 62 = " ^ setStr (remove (a, 62)) ^ ", top bit as int: " ^ Int.toString (Word.toIntX (bit 62)))
val _ = show ("Word.toInt of the top bit: " ^ (Int.toString (Word.toInt (bit 62)) handle Overflow => "Overflow"))

(* Gosper's hack: the next larger word with the same number of bits *)
fun nextSame w =
    let val c = lowest w
        val r = w + c
    in Word.orb (r, Word.>> (Word.div (Word.xorb (r, w), c), 0w2)) end
fun combos (n, k) =
    let val limit = bit n
        fun go (w, acc) = if w >= limit then rev acc else go (nextSame w, w :: acc)
    in if k = 0 then [0w0] else go (bit k - 0w1, []) end
val _ = show ("C(5,2): " ^ String.concatWith " " (map setStr (combos (5, 2))))
val _ = show ("C(10,4) count: " ^ Int.toString (length (combos (10, 4))))
val _ = show ("C(20,3) count: " ^ Int.toString (length (combos (20, 3))))

(* a sieve of Eratosthenes over bits of an array of words *)
fun sieve n =
    let val words = Array.array (n div width + 1, Word.notb 0w0)
        fun clear i = Array.update (words, i div width, remove (Array.sub (words, i div width), i mod width))
        fun isSet i = mem (Array.sub (words, i div width), i mod width)
        fun cross (p, m) = if m > n then () else (clear m; cross (p, m + p))
        fun loop p = if p * p > n then () else (if isSet p then cross (p, p * p) else (); loop (p + 1))
        val _ = (clear 0; clear 1; loop 2)
        fun collect (i, acc) = if i < 0 then acc else collect (i - 1, if isSet i then i :: acc else acc)
    in collect (n, []) end
val primes = sieve 2000
val _ = show (Int.toString (length primes) ^ " primes up to 2000, the last five: " ^
              String.concatWith " " (map Int.toString (List.drop (primes, length primes - 5))))

(* Held-Karp over subsets encoded as words *)
val dist = Vector.tabulate (8, fn i => Vector.tabulate (8, fn j => if i = j then 0 else ((i * 7 + j * 13) mod 17) + abs (i - j) * 3 + 1))
fun d (i, j) = Vector.sub (Vector.sub (dist, i), j)
val n = 8
val full = Word.toInt (bit n)
val inf = valOf Int.maxInt
val best = Array.array (full * n, inf)
fun idx (s, j) = s * n + j
val _ = Array.update (best, idx (1, 0), 0)
fun relax s =
    if s >= full then ()
    else (List.app (fn j =>
              let val cur = Array.sub (best, idx (s, j))
              in if cur = inf then ()
                 else List.app (fn k =>
                          if mem (Word.fromInt s, k) then ()
                          else let val s' = Word.toInt (insert (Word.fromInt s, k))
                                   val c = cur + d (j, k)
                               in if c < Array.sub (best, idx (s', k)) then Array.update (best, idx (s', k), c) else () end)
                      (List.tabulate (n, fn k => k))
              end) (elems (Word.fromInt s));
          relax (s + 1))
val _ = relax 1
val tour = foldl (fn (j, m) => Int.min (m, Array.sub (best, idx (full - 1, j)) + d (j, 0))) inf (List.tabulate (n - 1, fn j => j + 1))
val _ = show ("shortest tour over 8 cities: " ^ Int.toString tour)
