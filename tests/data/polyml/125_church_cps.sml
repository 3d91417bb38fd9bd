(* Church numerals as polymorphic functions, continuation-passing style
   (factorial, list sum, early exit from a product), and a CPS evaluator *)
fun zero f x = x
fun succ n f x = f (n f x)
fun add m n f x = m f (n f x)
fun mul m n f = m (n f)
fun toInt n = n (fn k => k + 1) 0
fun fromInt 0 = zero
  | fromInt k = succ (fromInt (k - 1))
fun two f = succ (succ zero) f
fun three f = succ two f
val _ = print (Int.toString (toInt (add two three)) ^ " " ^ Int.toString (toInt (mul two three)) ^ "\n")
val _ = print (Int.toString (toInt (mul (fromInt 12) (fromInt 11))) ^ "\n")
val _ = print ((two (fn s => s ^ "ab") "") ^ "\n")
fun ctrue a b = a
fun cfalse a b = b
fun cif c a b = c a b
val _ = print (cif ctrue "yes" "no" ^ cif cfalse "yes" "no" ^ "\n")
fun factK 0 k = k 1
  | factK n k = factK (n - 1) (fn r => k (n * r))
val _ = print (Int.toString (factK 10 (fn x => x)) ^ "\n")
val _ = factK 5 (fn r => print ("fact 5 = " ^ Int.toString r ^ "\n"))
fun sumK [] k = k 0
  | sumK (x :: xs) k = sumK xs (fn s => k (x + s))
val _ = print (Int.toString (sumK (List.tabulate (1000, fn i => i)) (fn s => s)) ^ "\n")
fun prodK [] k abort = k 1
  | prodK (0 :: _) k abort = abort 0
  | prodK (x :: xs) k abort = prodK xs (fn p => k (x * p)) abort
fun product l = prodK l (fn p => "product " ^ Int.toString p) (fn z => "aborted with " ^ Int.toString z)
val _ = print (product [1, 2, 3, 4] ^ "\n" ^ product [5, 0, 7] ^ "\n")
datatype exp = N of int | Plus of exp * exp | Times of exp * exp | Divide of exp * exp
fun evalK (N n) k err = k n
  | evalK (Plus (a, b)) k err = evalK a (fn x => evalK b (fn y => k (x + y)) err) err
  | evalK (Times (a, b)) k err = evalK a (fn x => evalK b (fn y => k (x * y)) err) err
  | evalK (Divide (a, b)) k err =
      evalK a (fn x => evalK b (fn y => if y = 0 then err "divide by zero" else k (x div y)) err) err
fun run e = evalK e (fn v => "value " ^ Int.toString v) (fn m => "error: " ^ m)
val _ = print (run (Plus (N 1, Times (N 2, N 3))) ^ "\n")
val _ = print (run (Divide (N 10, Plus (N 1, N ~1))) ^ "\n")
val _ = print (run (Divide (N 100, Divide (N 9, N 2))) ^ "\n")
fun callcc_like f = f (fn x => x)
val _ = print (Int.toString (callcc_like (fn k => k 5 + 1)) ^ "\n")
fun pred n = fn f => fn x => n (fn g => fn h => h (g f)) (fn u => x) (fn u => u)
val _ = print (Int.toString (toInt (pred (fromInt 10))) ^ "\n")
