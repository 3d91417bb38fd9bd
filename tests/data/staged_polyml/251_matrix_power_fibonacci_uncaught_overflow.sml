(* Specialising 2x2 matrix power to the exponent: the generator chooses
   squaring or multiplying at generation time (the exponent's bits),
   the matrix arrives late. Fibonacci numbers come out of [[1,1],[1,0]]^n.
   Generation is counted; the specialised functions are kept in a list. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type mat = int * int * int * int  (* [[a, b], [c, d]] *)
fun mmul ((a, b, c, d) : mat, (e, f, g, h) : mat) : mat =
    (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)
val ident : mat = (1, 0, 0, 1)
fun showMat (a, b, c, d) = "[" ^ pi a ^ " " ^ pi b ^ "; " ^ pi c ^ " " ^ pi d ^ "]"

fun mpow (m, 0) = ident
  | mpow (m, n) = if n mod 2 = 0 then let val h = mpow (m, n div 2) in mmul (h, h) end
                  else mmul (m, mpow (m, n - 1))

val steps = ref 0
(* val mpowGen : int -> [mat -> mat] *)
fun mpowGen 0 = (steps := !steps + 1; code (fn _ => ident))
  | mpowGen 1 = (steps := !steps + 1; code (fn m => m))
  | mpowGen n =
      (steps := !steps + 1;
       if n mod 2 = 0 then
         let cogen half = mpowGen (n div 2)
         in code (fn m => let val h = half m in mmul (h, h) end) end
       else
         let cogen prev = mpowGen (n - 1)
         in code (fn m => mmul (m, prev m)) end)

val fibM : mat = (1, 1, 1, 0)
val exps = [0, 1, 2, 5, 10, 17, 30, 50, 64, 89]
val specs = map (fn n => (steps := 0; let val f = eval (mpowGen n) in (n, !steps, f) end)) exps
val _ = app (fn (n, s, f) =>
               let val r as (_, fibn, _, _) = f fibM
               in pr ("n = " ^ pi n ^ ": fib " ^ pi fibn ^ ", generation steps " ^ pi s ^
                      (if r = mpow (fibM, n) then "" else " MISMATCH"))
               end) specs

(* the same specialisations on other matrices *)
val (_, _, p10) = List.nth (specs, 4)
val _ = pr ("[[2,0],[0,3]]^10 = " ^ showMat (p10 (2, 0, 0, 3)))
val _ = pr ("[[1,1],[0,1]]^10 = " ^ showMat (p10 (1, 1, 0, 1)))
val _ = pr ("[[0,1],[~1,0]]^10 = " ^ showMat (p10 (0, 1, ~1, 0)))

(* fib 88 fits in 63 bits (the matrix holds fib 89 too); fib 90's matrix
   holds fib 91, past 2^62: the multiplication in the generated code
   raises Overflow, handled once and then left to escape the program *)
val p88 = eval (mpowGen 88)
val (_, f88, _, _) = p88 fibM
val _ = pr ("fib 88 = " ^ pi f88)
val p90 = eval (mpowGen 90)
val _ = pr ("fib 90: " ^ ((fn (_, f, _, _) => pi f) (p90 fibM) handle Overflow => "Overflow"))
val _ = pr ("fib 90 again, unhandled: " ^ (fn (_, f, _, _) => pi f) (p90 fibM))
val _ = pr "not reached"
