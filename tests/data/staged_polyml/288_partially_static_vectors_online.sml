(* Partially static data, as an online specialiser sees it: a vector of
   static length whose entries are each either known now (S n) or known
   only at run time (D code).  Arithmetic on entries folds what is
   static (S + S, 0 * x, 1 * x, x + 0) and builds code only for the rest;
   a conditional on a static test keeps one branch, on a dynamic one
   leaves both (the online-PE paper's rule: dynamic branches are skipped
   over and residualised).  A matrix-vector product with a static sparse
   matrix and a partly known vector, a polynomial with some coefficients
   unknown, and a clamp, each compared with the unstaged computation. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype ps = S of int | D of [int array -> int]

val ops = ref 0
fun reify (S n) : [int array -> int] = let cogen c = lift n in code (fn _ => c) end
  | reify (D c) = c

fun add (S a, S b) = S (a + b)
  | add (S 0, y) = y
  | add (x, S 0) = x
  | add (x, y) = let cogen a = reify x cogen b = reify y in ops := !ops + 1; D (code (fn env => a env + b env)) end
fun mul (S a, S b) = S (a * b)
  | mul (S 0, _) = S 0
  | mul (_, S 0) = S 0
  | mul (S 1, y) = y
  | mul (x, S 1) = x
  | mul (x, y) = let cogen a = reify x cogen b = reify y in ops := !ops + 1; D (code (fn env => a env * b env)) end
fun less (S a, S b) = S (if a < b then 1 else 0)
  | less (x, y) = let cogen a = reify x cogen b = reify y in ops := !ops + 1; D (code (fn env => if a env < b env then 1 else 0)) end
fun cond (S c, t, e) = if c <> 0 then t () else e ()
  | cond (D c, t, e) = let cogen test = c cogen th = reify (t ()) cogen el = reify (e ()) in ops := !ops + 1; D (code (fn env => if test env <> 0 then th env else el env)) end

(* the run-time input: entry i of the environment *)
fun input i = let cogen ii = lift i in D (code (fn env => Array.sub (env, ii))) end

fun dot (row, v) = ListPair.foldl (fn (a, x, acc) => add (acc, mul (S a, x))) (S 0) (row, v)
fun matVec (m, v) = map (fn row => dot (row, v)) m

(* all entries of a ps vector as one piece of code returning a list *)
fun residual (xs : ps list) : [int array -> int list] =
    foldr (fn (x, rest) => let cogen h = reify x cogen t = rest in code (fn env => h env :: t env) end)
          (code (fn _ => [])) xs
fun showPs (S n) = "S " ^ pi n
  | showPs (D _) = "D"
fun showList xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

val m = [[1, 0, 0, 2], [0, 0, 0, 0], [0, 3, 1, 0], [1, 1, 1, 1]]
(* entries 0 and 2 known (5 and 7), entries 1 and 3 read from the environment *)
val v = [S 5, input 1, S 7, input 3]
val _ = ops := 0
val mv = matVec (m, v)
val _ = pr ("matVec entries: " ^ String.concatWith ", " (map showPs mv) ^ " (" ^ pi (!ops) ^ " residual operations)")
val mvCode = eval (residual mv)
fun plainMatVec (m, xs) = map (fn row => ListPair.foldl (fn (a, x, s) => s + a * x) 0 (row, xs)) m
val _ = app (fn (x1, x3) =>
               let val env = Array.fromList [0, x1, 0, x3]
               in pr ("  x1 = " ^ pi x1 ^ ", x3 = " ^ pi x3 ^ ": " ^ showList (mvCode env) ^ " / " ^
                      showList (plainMatVec (m, [5, x1, 7, x3]))) end) [(0, 0), (1, 2), (~4, 10)]

(* a polynomial with coefficients partly unknown, evaluated at a static point by Horner *)
fun horner (coeffs, x) = foldr (fn (c, acc) => add (c, mul (x, acc))) (S 0) coeffs
val _ = ops := 0
val p1 = horner ([S 1, input 0, S 0, S 2], S 3)
val p2 = horner ([S 1, S 2, S 3], S 10)
val p3 = horner ([input 0, input 1], input 2)
val _ = pr ("horner: " ^ showPs p1 ^ ", " ^ showPs p2 ^ ", " ^ showPs p3 ^ " (" ^ pi (!ops) ^ " residual operations)")
val polyCode = eval (residual [p1, p2, p3])
val _ = app (fn env => pr ("  env " ^ showList env ^ ": " ^ showList (polyCode (Array.fromList env))))
            [[0, 0, 0], [4, 5, 6], [~1, 2, 3]]

(* clamp(x, lo, hi): static tests fold, dynamic ones leave an if *)
fun clamp (x, lo, hi) = cond (less (x, lo), fn () => lo, fn () => cond (less (hi, x), fn () => hi, fn () => x))
val _ = ops := 0
val clamps = [clamp (S 5, S 0, S 10), clamp (S ~5, S 0, S 10), clamp (input 0, S 0, S 10), clamp (input 0, input 1, S 3)]
val _ = pr ("clamps: " ^ String.concatWith ", " (map showPs clamps) ^ " (" ^ pi (!ops) ^ " residual operations)")
val clampCode = eval (residual clamps)
val _ = app (fn env => pr ("  env " ^ showList env ^ ": " ^ showList (clampCode (Array.fromList env))))
            [[~7, ~9], [4, 1], [12, 2], [2, 5]]
