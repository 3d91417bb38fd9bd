(* Memoised generators and evaluation at several stages: linear
   recurrences (Fibonacci-like, with coefficients) unrolled into
   generated code, the generator for each n memoised in a table of refs
   so that shared subterms are generated once (a counter shows it);
   a generator of generators (stage 1 fixes the coefficients, stage 2 the
   length, stage 3 the initial values); code under handlers at depths 1
   and 2 with exceptions raised by the generator and by the generated
   code; a cogen inside a let inside code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception TooLong of int
exception Negative of int

val built = ref 0
(* code for a(n) = c1 * a(n-1) + c2 * a(n-2), a(0) and a(1) given at run time *)
fun recurrence (c1 : int, c2 : int) (limit : int) : int -> [int * int -> int] =
  let val memo : (int * [int * int -> int]) list ref = ref []
      fun gen n =
        if n < 0 then raise Negative n
        else if n > limit then raise TooLong n
        else case List.find (fn (k, _) => k = n) (!memo) of
                 SOME (_, g) => g
               | NONE =>
                 let val () = built := !built + 1
                     val g : [int * int -> int] =
                       if n = 0 then code (fn (a0, _) => a0)
                       else if n = 1 then code (fn (_, a1) => a1)
                       else let cogen p = gen (n - 1) cogen q = gen (n - 2)
                                cogen k1 = lift c1 cogen k2 = lift c2
                            in code (fn init => k1 * p init + k2 * q init) end
                 in memo := (n, g) :: !memo; g end
  in gen end

val fib = recurrence (1, 1) 40
val () = pr ("fib 10 from (0,1): " ^ pi (eval (fib 10) (0, 1)) ^ ", generated " ^ pi (!built))
val () = pr ("fib 12 from (2,1): " ^ pi (eval (fib 12) (2, 1)) ^ ", generated " ^ pi (!built))
val () = pr ("fib 12 again: " ^ pi (eval (fib 12) (0, 1)) ^ ", generated " ^ pi (!built))
val () = pr ((pi (eval (fib 41) (0, 1))) handle TooLong n => "too long: " ^ pi n)
val () = pr ((pi (eval (fib ~3) (0, 1))) handle Negative n => "negative: " ^ pi n)
val pell = recurrence (2, 1) 20
val () = pr ("pell 0..8: " ^ String.concatWith " " (List.tabulate (9, fn n => pi (eval (pell n) (0, 1)))) ^ ", generated " ^ pi (!built))

(* three stages *)
fun tower (c1 : int, c2 : int) : [int -> [int * int -> int]] =
  let cogen a = lift c1 cogen b = lift c2 in
  code (fn n => let val gen = recurrence (a, b) 30
                    cogen g = gen n
                in code (fn init => g init) end)
  end
val stage2 = eval (tower (1, ~1))
val () = pr ("tower built, generated " ^ pi (!built))
val period = map (fn n => eval (stage2 n) (1, 2)) [0, 1, 2, 3, 4, 5, 6, 7]
val () = pr ("period-6 sequence: " ^ String.concatWith " " (map pi period) ^ ", generated " ^ pi (!built))

(* handlers in generated code at depth 1 and depth 2 *)
fun guarded (n : int) : [int * int -> string] =
  (let cogen g = fib n in code (fn init => pi (g init) handle Overflow => "overflow at run time") end)
  handle TooLong k => let cogen m = lift k in code (fn _ => "refused " ^ pi m) end
val () = app (fn n => pr (eval (guarded n) (1, 1))) [5, 45, 16]
val () = pr (eval (guarded 6) (valOf Int.maxInt div 4, valOf Int.maxInt div 4))

fun nested (n : int) : [[string]] =
  let cogen m = lift n in
  code (let cogen inner = (let cogen g = pell m in code (pi (g (0, 1))) end
                           handle TooLong k => let cogen m = lift k in code ("inner refused " ^ pi m) end)
        in code (inner ^ "!") end
        handle Negative k => let cogen k' = lift k in code ("stage 2 caught negative " ^ pi k') end)
  end
val () = app (fn n => pr (eval (eval (nested n)))) [6, 21]
val () = pr ("generated " ^ pi (!built))
(* the generator at stage 2 raises; the handler at stage 2 builds the answer *)
val () = pr (eval (eval (nested ~1)))
