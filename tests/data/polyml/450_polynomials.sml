(* Polynomials as coefficient lists (lowest degree first): addition,
   scaling, multiplication, evaluation by Horner's rule, derivative,
   composition, exponentiation by squaring, division by a monic
   polynomial with remainder, and pretty printing; plus closures
   specialised to a polynomial, compared with direct evaluation. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type poly = int list
fun trim (p : poly) = rev (let fun d (0 :: r) = d r | d r = r in d (rev p) end)
fun padd ([], q) = q
  | padd (p, []) = p
  | padd (a :: p, b :: q) = (a + b) :: padd (p, q)
fun scale k p = map (fn a => k * a) p
fun pmul ([], _) = []
  | pmul (a :: p, q) = trim (padd (scale a q, 0 :: pmul (p, q)))
fun psub (p, q) = trim (padd (p, scale ~1 q))
fun eval (p, x) = foldr (fn (a, acc) => a + x * acc) 0 p
fun deriv [] = []
  | deriv (_ :: p) = let fun go (_, []) = [] | go (k, a :: r) = k * a :: go (k + 1, r) in go (1, p) end
fun compose (p, q) = foldr (fn (a, acc) => padd ([a], pmul (acc, q))) [] p
fun ppow (p, 0) = [1]
  | ppow (p, n) = let val h = ppow (p, n div 2) val h2 = pmul (h, h) in if n mod 2 = 0 then h2 else pmul (h2, p) end
fun degree p = length (trim p) - 1

fun show p =
    let fun term (0, a) = pi a
          | term (1, a) = (if a = 1 then "" else if a = ~1 then "-" else pi a) ^ "x"
          | term (k, a) = (if a = 1 then "" else if a = ~1 then "-" else pi a) ^ "x^" ^ pi k
        fun terms (_, []) = []
          | terms (k, 0 :: r) = terms (k + 1, r)
          | terms (k, a :: r) = term (k, a) :: terms (k + 1, r)
    in case rev (terms (0, trim p)) of [] => "0" | ts => String.concatWith " + " ts end

(* division by a monic divisor: returns (quotient, remainder) *)
exception NotMonic
fun pdivmod (p, d) =
    let val d = trim d
        val n = degree d
        val lead = List.last d
        fun go (r, q) =
            if degree r < n then (trim q, trim r)
            else let val k = degree r - n
                     val c = List.last (trim r)
                     val t = List.tabulate (k, fn _ => 0) @ [c]
                 in go (psub (r, pmul (t, d)), padd (q, t)) end
    in if lead <> 1 then raise NotMonic else go (trim p, []) end

val p = [1, ~3, 0, 2]
val q = [~1, 1]
val _ = pr ("p = " ^ show p ^ ", q = " ^ show q)
val _ = pr ("p + q = " ^ show (padd (p, q)) ^ ", p - p = " ^ show (psub (p, p)))
val _ = pr ("p * q = " ^ show (pmul (p, q)))
val _ = pr ("p(x) for x = -2..3: " ^ String.concatWith " " (map (fn x => pi (eval (p, x))) [~2, ~1, 0, 1, 2, 3]))
val _ = pr ("p' = " ^ show (deriv p) ^ ", p'' = " ^ show (deriv (deriv p)))
val _ = pr ("p o q = " ^ show (compose (p, q)))
val _ = pr ("(x - 1)^5 = " ^ show (ppow (q, 5)))
val _ = pr ("(1 + x)^10 at 1 = " ^ pi (eval (ppow ([1, 1], 10), 1)))
val (qq, rr) = pdivmod (p, [~1, 1])
val _ = pr ("p / (x - 1): quotient " ^ show qq ^ ", remainder " ^ show rr)
val (q2, r2) = pdivmod (ppow ([1, 1], 4), [1, 0, 1])
val _ = pr ("(1+x)^4 / (x^2+1): quotient " ^ show q2 ^ ", remainder " ^ show r2)
val _ = pr ("non-monic: " ^ ((show (#1 (pdivmod (p, [1, 2])))) handle NotMonic => "NotMonic"))
val _ = pr ("check: " ^ Bool.toString (padd (pmul (qq, [~1, 1]), rr) = trim p))

(* specialisation by closures *)
fun spec [] = (fn _ => 0)
  | spec (a :: r) = let val f = spec r in fn x => a + x * f x end
val sp = spec (ppow ([2, 1], 6))
val _ = pr ("specialised (x+2)^6: " ^ String.concatWith " " (map (pi o sp) [0, 1, ~2, 10]))
val _ = pr ("agrees: " ^ Bool.toString (List.all (fn x => sp x = eval (ppow ([2, 1], 6), x)) (List.tabulate (21, fn i => i - 10))))
