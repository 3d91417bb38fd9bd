(* Staged power and polynomials: specialised to the exponent / the
   coefficients, compared with the unstaged versions on many inputs *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun power (0, _) = 1 | power (n, b) = if n mod 2 = 0 then let val h = power (n div 2, b) in h * h end else b * power (n - 1, b)
fun powerGen 0 = code (fn _ => 1)
  | powerGen n = if n mod 2 = 0
                 then let cogen half = powerGen (n div 2) in code (fn b => let val h = half b in h * h end) end
                 else let cogen rest = powerGen (n - 1) in code (fn b => b * rest b) end
val ok = List.all (fn n => let val f = eval (powerGen n) in List.all (fn b => f b = power (n, b)) [~3, ~1, 0, 1, 2, 5] end)
                  [0, 1, 2, 3, 7, 10, 16, 25]
val _ = pr (if ok then "power agrees" else "power differs")
val p62 = eval (powerGen 62)
val _ = pr (pi (p62 1) ^ " " ^ pi (p62 ~1) ^ " " ^ ((pi (p62 2)) handle Overflow => "Overflow") ^ " " ^ pi (eval (powerGen 61) 2))
(* polynomials: Horner's rule, coefficients lifted one by one *)
fun evalPoly ([], _) = 0 | evalPoly (c :: cs, x) = c + x * evalPoly (cs, x)
fun polyGen [] = code (fn _ => 0)
  | polyGen (c :: cs) = let cogen rest = polyGen cs cogen cc = lift c in code (fn x => cc + x * rest x) end
(* skipping zero coefficients at generation time *)
fun sparseGen [] = code (fn _ => 0)
  | sparseGen (0 :: cs) = let cogen rest = sparseGen cs in code (fn x => x * rest x) end
  | sparseGen (c :: cs) = let cogen rest = sparseGen cs cogen cc = lift c in code (fn x => cc + x * rest x) end
val polys = [[], [5], [2, 4, 0, 2333], [0, 0, 0, 1], [~1, 1, ~1, 1, ~1], [1, 0, 0, 0, 0, 0, 0, 0, 0, 1]]
val xs = [~2, 0, 1, 3, 47]
val _ = app (fn p => pr (String.concat (map (fn x => pi (eval (polyGen p) x) ^ "/" ^ pi (eval (sparseGen p) x) ^ "/" ^ pi (evalPoly (p, x)) ^ " ") xs))) polys
(* composing specialised polynomials *)
fun composeGen (p, q) = let cogen f = polyGen p cogen g = polyGen q in code (fn x => f (g x)) end
val h = eval (composeGen ([1, 1], [0, 0, 1]))
val _ = pr (String.concat (map (fn x => pi (h x) ^ " ") [0, 1, 2, 3]))
(* derivative computed at generation time *)
fun deriv [] = [] | deriv (_ :: cs) = let fun go (_, []) = [] | go (k, c :: r) = k * c :: go (k + 1, r) in go (1, cs) end
val d = eval (polyGen (deriv [2, 4, 0, 2333]))
val _ = pr (pi (d 1) ^ " " ^ pi (d 10))
(* generator for a sum of powers, unrolled over a list of exponents *)
fun sumPowers [] = code (fn _ => 0)
  | sumPowers (e :: es) = let cogen p = powerGen e cogen rest = sumPowers es in code (fn b => p b + rest b) end
val sp = eval (sumPowers [0, 1, 2, 3])
val _ = pr (pi (sp 2) ^ " " ^ pi (sp 10))
val _ = pr ((pi (eval (powerGen 63) 2)) handle Overflow => "2^63 Overflow")
