(* Overflow met in ordinary computations: factorials, powers and
   Fibonacci numbers until they overflow (the last value and the step at
   which Overflow is raised), sums that overflow only in one order, a
   mean computed without overflow, the negation and absolute value of the
   smallest integer, quot/div/rem/mod at the extremes, and a checked
   calculator that reports which operation overflowed. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val maxI = valOf Int.maxInt
val minI = valOf Int.minInt

fun lastBefore (f : int -> int) =
  let fun go (k, last) = (case SOME (f k) handle Overflow => NONE of
                              SOME v => go (k + 1, v)
                            | NONE => (k, last))
  in go (0, 0) end
fun fact 0 = 1 | fact n = n * fact (n - 1)
fun pow (b, 0) = 1 | pow (b, e) = b * pow (b, e - 1)
fun fib n = let fun go (0, a, _) = a | go (k, a, b) = go (k - 1, b, a + b) in go (n, 0, 1) end
val () = app (fn (name, f) => let val (k, v) = lastBefore f in pr (name ^ ": overflow at " ^ pi k ^ ", last " ^ pi v) end)
  [("factorial", fact), ("2^k", fn k => pow (2, k)), ("3^k", fn k => pow (3, k)), ("(~2)^k", fn k => pow (~2, k)),
   ("fibonacci", fib), ("k*k*k", fn k => k * k * (k * 1000000))]

(* the order of a sum matters for overflow, not for the result *)
val xs = [maxI, 1, ~1, ~5]
fun sumL l = foldl op+ 0 l
fun sumR l = foldr op+ 0 l
val () = pr ("foldl: " ^ ((pi (sumL xs)) handle Overflow => "Overflow"))
val () = pr ("foldr: " ^ ((pi (sumR xs)) handle Overflow => "Overflow"))
val () = pr ("reordered: " ^ pi (sumL [~1, maxI, ~5, 1]))

(* the mean of two large numbers *)
fun naiveMean (a, b) = (a + b) div 2
fun safeMean (a, b) = a div 2 + b div 2 + (a mod 2 + b mod 2) div 2
val pairs = [(maxI, maxI - 2), (minI, minI + 2), (maxI, minI), (7, ~8), (~7, ~8)]
val () = app (fn p => pr ((pi (naiveMean p) handle Overflow => "naive Overflow") ^ " / " ^ pi (safeMean p))) pairs

(* the smallest integer *)
val () = app (fn (name, f) => pr (name ^ " " ^ ((pi (f ())) handle Overflow => "Overflow" | Div => "Div")))
  [("~minI", fn () => ~ minI), ("abs minI", fn () => abs minI), ("minI div ~1", fn () => minI div ~1),
   ("minI quot ~1", fn () => Int.quot (minI, ~1)), ("minI mod ~1", fn () => minI mod ~1),
   ("minI rem ~1", fn () => Int.rem (minI, ~1)), ("minI div 2", fn () => minI div 2),
   ("maxI + minI", fn () => maxI + minI), ("minI - 1", fn () => minI - 1), ("maxI * ~1", fn () => maxI * ~1),
   ("minI * ~1", fn () => minI * ~1), ("minI div 0", fn () => minI div 0), ("~7 mod 0", fn () => ~7 mod 0)]

(* a checked calculator: which step overflowed *)
datatype expr = N of int | Add of expr * expr | Mul of expr * expr | Neg of expr | Pow of expr * int
exception StepOverflow of string
fun eval (N n) = n
  | eval (Add (a, b)) = (eval a + eval b handle Overflow => raise StepOverflow "add")
  | eval (Mul (a, b)) = (eval a * eval b handle Overflow => raise StepOverflow "mul")
  | eval (Neg a) = (~ (eval a) handle Overflow => raise StepOverflow "neg")
  | eval (Pow (a, k)) = (pow (eval a, k) handle Overflow => raise StepOverflow ("pow " ^ pi k))
val () = app (fn e => pr ((pi (eval e)) handle StepOverflow s => "overflow in " ^ s))
  [Add (N maxI, N 0), Add (N maxI, N 1), Mul (N 3037000499, N 3037000499), Mul (N 2147483648, N 2147483648),
   Neg (N minI), Neg (Add (N minI, N 1)), Pow (N 2, 61), Pow (N 2, 62), Add (Pow (N 2, 61), Neg (Pow (N 2, 61))),
   Mul (Add (N maxI, N ~1), N 0)]
