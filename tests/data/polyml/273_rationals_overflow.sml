(* Exact rational arithmetic on 63-bit ints: normalised by gcd, overflow detected through
   Overflow and reported, continued fractions, Egyptian fractions, harmonic numbers until
   they overflow, Stern-Brocot search and a comparison that avoids overflow by cross-dividing *)
datatype rat = R of int * int

exception ZeroDenominator

fun gcd (a, 0) = abs a
  | gcd (a, b) = gcd (b, a mod b)

fun make (_, 0) = raise ZeroDenominator
  | make (n, d) =
    let val g = gcd (n, d)
        val s = if d < 0 then ~1 else 1
    in R (s * (n div g), s * (d div g)) end

fun toString (R (n, 1)) = Int.toString n
  | toString (R (n, d)) = Int.toString n ^ "/" ^ Int.toString d

fun add (R (a, b), R (c, d)) =
    let val g = gcd (b, d)
    in make (a * (d div g) + c * (b div g), (b div g) * d) end
fun neg (R (a, b)) = R (~a, b)
fun sub (x, y) = add (x, neg y)
fun mul (R (a, b), R (c, d)) =
    let val g1 = gcd (a, d) val g2 = gcd (c, b)
        val g1 = if g1 = 0 then 1 else g1
        val g2 = if g2 = 0 then 1 else g2
    in make ((a div g1) * (c div g2), (b div g2) * (d div g1)) end
fun inv (R (a, b)) = make (b, a)
fun divide (x, y) = mul (x, inv y)

(* compare a/b with c/d (b, d > 0) by their continued fractions: no products *)
fun compare (R (a, b), R (c, d)) =
    let val qa = a div b and qc = c div d
    in if qa <> qc then Int.compare (qa, qc)
       else
         let val ra = a mod b and rc = c mod d
         in if ra = 0 andalso rc = 0 then EQUAL
            else if ra = 0 then LESS
            else if rc = 0 then GREATER
            else compare (R (d, rc), R (b, ra))
         end
    end

fun ordStr LESS = "<" | ordStr EQUAL = "=" | ordStr GREATER = ">"

fun contFrac (R (n, d)) =
    if d = 0 then []
    else let val q = n div d in q :: (if n - q * d = 0 then [] else contFrac (R (d, n - q * d))) end

fun egyptian (x as R (n, d)) =
    if n = 0 then []
    else let val k = (d + n - 1) div n
         in k :: egyptian (sub (x, R (1, k))) end

fun show s = print (s ^ "\n")
fun try name f = show (name ^ " = " ^ f ()) handle Overflow => show (name ^ " overflows")
                                                  | ZeroDenominator => show (name ^ ": zero denominator")

val half = make (1, 2) and third = make (1, 3) and x = make (~6, ~8)
val _ = try "1/2 + 1/3" (fn () => toString (add (half, third)))
val _ = try "1/2 - 1/3" (fn () => toString (sub (half, third)))
val _ = try "-6/-8" (fn () => toString x)
val _ = try "(1/2)/(1/3)" (fn () => toString (divide (half, third)))
val _ = try "1/0" (fn () => toString (make (1, 0)))
val _ = try "inverse of 0" (fn () => toString (inv (make (0, 5))))
val _ = try "contfrac 415/93" (fn () => String.concatWith "," (map Int.toString (contFrac (make (415, 93)))))
val _ = try "contfrac -7/3" (fn () => String.concatWith "," (map Int.toString (contFrac (make (~7, 3)))))
val _ = try "egyptian 5/121" (fn () => String.concatWith " + " (map (fn k => "1/" ^ Int.toString k) (egyptian (make (5, 121)))))
val _ = try "egyptian 4/13" (fn () => String.concatWith " + " (map (fn k => "1/" ^ Int.toString k) (egyptian (make (4, 13)))))

fun harmonic k =
    let fun go (i, acc) = if i > k then acc else go (i + 1, add (acc, make (1, i)))
    in go (1, make (0, 1)) end
val _ = List.app (fn k => try ("H(" ^ Int.toString k ^ ")") (fn () => toString (harmonic k))) [1, 2, 10, 20, 30, 40, 46, 50]

(* the largest k whose harmonic number is exact *)
fun lastExact k = (ignore (harmonic k); lastExact (k + 1)) handle Overflow => k - 1
val _ = show ("last exact harmonic: H(" ^ Int.toString (lastExact 1) ^ ")")

val big = make (valOf Int.maxInt, valOf Int.maxInt - 1)
val big2 = make (valOf Int.maxInt - 1, valOf Int.maxInt - 2)
val _ = show ("compare big big2: " ^ ordStr (compare (big, big2)))
val _ = show ("compare big2 big: " ^ ordStr (compare (big2, big)))
val _ = show ("compare big big: " ^ ordStr (compare (big, big)))
val _ = show ("compare -1/2 1/3: " ^ ordStr (compare (neg half, third)))
val _ = try "big - big2" (fn () => toString (sub (big, big2)))

(* Stern-Brocot: the path to a positive rational *)
fun sternBrocot (target as R (p, q)) =
    let fun go (ln, ld, rn, rd, acc) =
            let val m = R (ln + rn, ld + rd)
            in case compare (target, m) of
                   EQUAL => implode (rev acc)
                 | LESS => go (ln, ld, ln + rn, ld + rd, #"L" :: acc)
                 | GREATER => go (ln + rn, ld + rd, rn, rd, #"R" :: acc)
            end
    in go (0, 1, 1, 0, []) end
val _ = List.app (fn (n, d) => show (toString (make (n, d)) ^ ": " ^ sternBrocot (make (n, d))))
                 [(3, 7), (22, 7), (1, 1), (13, 8), (1, 10)]
