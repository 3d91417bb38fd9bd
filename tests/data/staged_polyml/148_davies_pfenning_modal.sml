(* The examples of Davies and Pfenning, "A Modal Analysis of Staged
   Computation" (JACM 2001), in ML□ (the same λ□ that the Wickline, Lee and
   Pfenning paper compiles): the S4 axioms as programs - K: □(A→B) → □A → □B,
   T: □A → A (eval), 4: □A → □□A - and the derived combinators they use:
   the staged power function, lifting of base values, code of a list from
   a list of code and back, and a polynomial evaluator; plus the
   non-theorem A → □A, which only `lift` provides for base values. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun axiomK (f : ['a -> 'b]) (x : ['a]) : ['b] = let cogen f' = f cogen x' = x in code (f' x') end
fun axiomT (x : ['a]) : 'a = let cogen x' = x in x' end
fun axiom4 (x : ['a]) : [['a]] = let cogen x' = x in code (code x') end
(* the inverse direction of 4 is T under the box *)
fun unfour (x : [['a]]) : ['a] = let cogen x' = x in x' end

(* power : int -> □(int -> int) *)
fun power 0 = code (fn _ => 1)
  | power n = let cogen p = power (n - 1) in code (fn x => x * p x) end
(* the liftInt of the paper, by recursion on the number, without `lift` *)
fun liftInt 0 = code 0
  | liftInt n = if n < 0 then let cogen m = liftInt (~n) in code (~m) end
                else let cogen m = liftInt (n - 1) in code (m + 1) end
(* list of code to code of list, and back when the length is known *)
fun collect ([] : ['a] list) : ['a list] = code []
  | collect (c :: cs) = let cogen x = c cogen xs = collect cs in code (x :: xs) end
fun spread (0, _) = []
  | spread (n, c : ['a list]) =
      let cogen l = c in (code (hd l)) :: spread (n - 1, code (tl l)) end
(* polynomial coefficients known: Horner's rule, unrolled *)
fun poly ([] : int list) : [int -> int] = code (fn _ => 0)
  | poly (a :: rest) = let cogen r = poly rest cogen a' = lift a in code (fn x => a' + x * r x) end

val cube = axiomT (power 3)
val _ = pr ("cube 5 = " ^ pi (cube 5) ^ ", K power: " ^ pi (axiomT (axiomK (power 4) (liftInt 3))))
val doubly = axiom4 (power 2)
val _ = pr ("4 then T T: " ^ pi (axiomT (axiomT doubly) 9) ^ ", unfour: " ^ pi (eval (unfour doubly) 11))
val _ = pr ("liftInt: " ^ String.concatWith " " (map (pi o eval o liftInt) [0, 1, 7, ~12, 100]))
val listCode = collect [code (1 + 1), liftInt 5, axiomK (power 2) (code 7)]
val _ = pr ("collect: " ^ String.concatWith " " (map pi (eval listCode)))
val _ = pr ("spread: " ^ String.concatWith " " (map (pi o eval) (spread (3, listCode))))
val _ = pr ((String.concatWith " " (map (pi o eval) (spread (4, listCode)))) handle Empty => "spread past the end: Empty when the code runs")
val p = eval (poly [1, ~3, 0, 2])        (* 1 - 3x + 2x^3 *)
val _ = pr ("poly: " ^ String.concatWith " " (map (pi o p) [~2, ~1, 0, 1, 2, 10]))
(* three stages: the degree is known first, the coefficients next, x last *)
fun polyOfDegree (d : int) : [int list -> [int -> int]] =
    let cogen d' = lift d in code (fn coeffs => if length coeffs <> d' + 1 then raise Fail "degree" else poly coeffs) end
val quadratics = eval (polyOfDegree 2)
val q = eval (quadratics [4, 0, ~1])
val _ = pr ("4 - x^2: " ^ String.concatWith " " (map (pi o q) [0, 1, 2, 3]))
val _ = pr ((pi (eval (quadratics [1, 2]) 3)) handle Fail m => "Fail " ^ m ^ " at stage 1")
(* code of code of code: apply axiom 4 twice and run three times *)
val deep = axiom4 (axiom4 (poly [0, 1, 1]))
val _ = pr ("three evals: " ^ pi (eval (eval (eval deep)) 6))
