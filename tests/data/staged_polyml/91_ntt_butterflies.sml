(* Staged number-theoretic transform (an FFT over integers mod the prime
   998244353): for a size known at generation time the butterflies are
   unrolled into straight-line code with the twiddle factors computed at
   generation time and lifted; the generated forward and inverse
   transforms multiply polynomials, checked against schoolbook
   multiplication. Stage counters show the twiddles are computed once. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val p = 998244353
val g = 3
fun mulmod (a, b) = (a * b) mod p
fun powmod (b, 0) = 1
  | powmod (b, e) = let val h = powmod (mulmod (b, b), e div 2) in if e mod 2 = 1 then mulmod (h, b) else h end
val twiddles = ref 0

fun log2 1 = 0 | log2 n = 1 + log2 (n div 2)
fun bitrev (x, bits) = let fun go (0, _, acc) = acc | go (k, x, acc) = go (k - 1, x div 2, acc * 2 + x mod 2) in go (bits, x, 0) end

(* one butterfly on positions i and j with factor w *)
fun butterfly (i : int, j : int, w : int) : [int array -> unit] =
    let cogen i' = lift i cogen j' = lift j cogen w' = lift w
    in code (fn a => let val u = Array.sub (a, i') val v = (Array.sub (a, j') * w') mod 998244353
                     in Array.update (a, i', (u + v) mod 998244353); Array.update (a, j', (u - v + 998244353) mod 998244353) end) end

fun seqAll ([] : [int array -> unit] list) = code (fn _ => ())
  | seqAll (c :: cs) = let cogen first = c cogen rest = seqAll cs in code (fn a => (first a; rest a)) end

fun transform (n : int, inverse : bool) : [int array -> unit] =
    let val bits = log2 n
        val swaps = List.mapPartial (fn i => let val r = bitrev (i, bits) in if i < r then SOME (i, r) else NONE end) (List.tabulate (n, fn i => i))
        fun swapCode (i, r) = let cogen i' = lift i cogen r' = lift r
                              in code (fn a => let val t = Array.sub (a, i') in Array.update (a, i', Array.sub (a, r')); Array.update (a, r', t) end) end
        fun stages len = if len > n then []
                         else let val root = powmod (g, (p - 1) div len)
                                  val w = if inverse then powmod (root, p - 2) else root
                                  val half = len div 2
                                  val flies = List.concat (List.tabulate (n div len, fn b =>
                                                 List.tabulate (half, fn k => (twiddles := !twiddles + 1;
                                                                               butterfly (b * len + k, b * len + k + half, powmod (w, k))))))
                              in flies @ stages (len * 2) end
        cogen body = seqAll (map swapCode swaps @ stages 2)
        cogen scale = lift (if inverse then powmod (n, p - 2) else 1)
    in code (fn a => (body a; if scale = 1 then () else Array.modify (fn x => (x * scale) mod 998244353) a)) end

fun multiplier (n : int) : [int list * int list -> int list] =
    let cogen fwd = transform (n, false) cogen inv = transform (n, true) cogen n' = lift n
    in code (fn (xs, ys) =>
            let fun pad l = Array.tabulate (n', fn i => if i < length l then List.nth (l, i) else 0)
                val a = pad xs val b = pad ys
            in fwd a; fwd b;
               Array.modifyi (fn (i, x) => (x * Array.sub (b, i)) mod 998244353) a;
               inv a;
               List.take (Array.foldr (op ::) [] a, Int.max (0, length xs + length ys - 1)) end) end

fun school (xs, ys) =
    List.tabulate (Int.max (0, length xs + length ys - 1), fn k =>
        foldl (fn (i, acc) => if k - i >= 0 andalso k - i < length ys then (acc + List.nth (xs, i) * List.nth (ys, k - i)) mod p else acc)
              0 (List.tabulate (length xs, fn i => i)))

fun showl l = "[" ^ String.concatWith "," (map pi l) ^ "]"
val m8 = eval (multiplier 8)
val _ = pr ("twiddles after n=8: " ^ pi (!twiddles))
val _ = pr (showl (m8 ([1, 2, 3], [4, 5, 6])))
val _ = pr (showl (m8 ([1, 1, 1, 1], [1, ~1 + p, 1, ~1 + p])))
val _ = pr (showl (school ([1, 2, 3], [4, 5, 6])))

(* the transform itself: forward then inverse is the identity *)
val f16 = eval (transform (16, false))
val i16 = eval (transform (16, true))
val a = Array.tabulate (16, fn i => i * i + 1)
val _ = f16 a
val _ = pr ("spectrum head " ^ pi (Array.sub (a, 0)) ^ " " ^ pi (Array.sub (a, 1)) ^ " " ^ pi (Array.sub (a, 15)))
val _ = i16 a
val _ = pr ("round trip " ^ showl (Array.foldr (op ::) [] a))

(* 64-point multiplier checked on pseudo-random polynomials *)
val m64 = eval (multiplier 64)
val seed = ref 7
fun rand () = (seed := (!seed * 48271) mod 2147483647; !seed mod 1000)
val bad = ref 0
val _ = List.app (fn t => let val xs = List.tabulate (t mod 30 + 1, fn _ => rand ()) val ys = List.tabulate (31 - t mod 30, fn _ => rand ())
                          in if m64 (xs, ys) = school (xs, ys) then () else bad := !bad + 1 end) (List.tabulate (12, fn t => t))
val _ = pr ("64-point: 12 products, " ^ pi (!bad) ^ " wrong, twiddles " ^ pi (!twiddles))
