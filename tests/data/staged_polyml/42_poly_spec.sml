(* Polynomial specialisation in the style of the paper's specPoly and
   compPoly: Horner's rule unrolled over known coefficients, sparse
   polynomials as (coefficient, exponent) lists, the derivative
   specialised, and polynomial composition by generating one from another. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* the paper's compPoly: coefficients lowest first *)
fun compPoly [] = code (fn _ => 0)
  | compPoly (a :: p) = let cogen f = compPoly p cogen a' = lift a in code (fn x => a' + x * f x) end

(* specPoly: evaluate at a known point, coefficients late *)
fun specPoly (x : int) =
    let cogen x' = lift x
    in code (fn p => let fun go [] = 0 | go (a :: rest) = a + x' * go rest in go p end) end

(* sparse: c * x^e terms; each term unrolls its power *)
fun term (c, e) =
    let fun xs 0 = code (fn (_ : int) => 1)
          | xs k = let cogen r = xs (k - 1) in code (fn x => x * r x) end
        cogen p = xs e cogen c' = lift c
    in code (fn x => c' * p x) end
fun sparse [] = code (fn (_ : int) => 0)
  | sparse (t :: ts) = let cogen h = term t cogen r = sparse ts in code (fn x => h x + r x) end

fun deriv [] = []
  | deriv (_ :: cs) = let fun go (_, []) = [] | go (i, c :: r) = i * c :: go (i + 1, r) in go (1, cs) end

fun evalPoly p x = foldr (fn (a, acc) => a + x * acc) 0 p

val p1 = [1, 2, 3]           (* 1 + 2x + 3x^2 *)
val p2 = [~5, 0, 0, 0, 1]    (* x^4 - 5 *)
val points = [~3, ~1, 0, 1, 2, 10]
val _ = app (fn p =>
   let val f = eval (compPoly p) val f' = eval (compPoly (deriv p))
   in pr (String.concatWith " " (map (fn x => pi (f x) ^ "/" ^ pi (f' x)) points) ^
          (if List.all (fn x => f x = evalPoly p x) points then " ok" else " BAD"))
   end) [p1, p2, [], [7], deriv (deriv p2)]
val at2 = eval (specPoly 2)
val _ = pr (String.concatWith " " (map (pi o at2) [p1, p2, [], [1, 1, 1, 1, 1, 1, 1, 1]]))
val sp = eval (sparse [(3, 5), (~2, 2), (7, 0)])
val _ = pr (String.concatWith " " (map (pi o sp) points))
(* composition p(q(x)) with both generated *)
fun compose (p, q) = let cogen f = compPoly p cogen g = compPoly q in code (fn x => f (g x)) end
val pq = eval (compose (p1, p2))
val _ = pr (String.concatWith " " (map (pi o pq) points))
(* generated code for a degree-300 polynomial with coefficients 1 *)
val ones = List.tabulate (301, fn _ => 1)
val onesAt = eval (compPoly ones)
val _ = pr (pi (onesAt 1) ^ " " ^ pi (onesAt ~1) ^ " " ^ pi (onesAt 0))
