(* Memoisation of generated code, three ways a partial evaluation user
   reaches for it: power by squaring whose generators for each exponent are
   kept in a table so that x^n and x^(2n) share the code of x^n as a
   function; a specialiser of Fibonacci that emits one straight-line
   function per n up to a bound and memoises the compiled functions; and
   Ackermann specialised to its first argument, with one generated function
   per level, each memoised and calling the one below. *)

val generated = ref 0   (* how many times a generator body ran *)

(* power: a memo table of generated functions, by exponent *)
val powTable : (int * (int -> int)) list ref = ref []

fun powGen (n : int) : [int -> int] =
  (generated := !generated + 1;
   if n = 0 then code (fn _ => 1)
   else if n = 1 then code (fn x => x)
   else if n mod 2 = 0 then let cogen h = lift (power (n div 2)) in code (fn x => let val y = h x in y * y end) end
   else let cogen h = lift (power (n - 1)) in code (fn x => x * h x) end)

(* the generated function for x^n, compiled once *)
and power (n : int) : int -> int =
  case List.find (fn (m, _) => m = n) (!powTable) of
    SOME (_, f) => f
  | NONE => let val f = eval (powGen n) in powTable := (n, f) :: !powTable; f end

fun slowPow (x, 0) = 1 | slowPow (x, n) = x * slowPow (x, n - 1)

val _ = app (fn n => print ("3^" ^ Int.toString n ^ " = " ^ Int.toString (power n 3)
                            ^ (if power n 3 = slowPow (3, n) then "" else " WRONG") ^ "\n")) [0, 1, 2, 5, 10, 20, 21, 39]
val _ = print ("power generators run: " ^ Int.toString (!generated) ^ ", table size " ^ Int.toString (length (!powTable)) ^ "\n")
val _ = (generated := 0; ignore (power 40); ignore (power 20); ignore (power 39))
val _ = print ("after 40, 20 and 39 again: " ^ Int.toString (!generated) ^ " more\n")

(* the same power unrolled into one body (no table): what it costs instead *)
fun powInline 0 = code (fn _ => 1)
  | powInline 1 = code (fn x => x)
  | powInline n =
      if n mod 2 = 0 then let cogen h = powInline (n div 2) in code (fn x => let val y = h x in y * y end) end
      else let cogen h = powInline (n - 1) in code (fn x => x * h x) end
val p39 = eval (powInline 39)
val _ = print ("inline 2^39 = " ^ Int.toString (p39 2) ^ "\n")

(* Fibonacci: fib n unrolled into a chain of lets, for a fixed n *)
fun fibGen (n : int) : [int -> int * int] =
  (* from (a, b) = (fib k, fib (k + 1)) take n steps: (fib (k + n), fib (k + n + 1)) *)
  if n = 0 then code (fn a => (a, a))
  else let fun steps 0 = code (fn (a, b) => (a, b))
             | steps k = let cogen s = steps (k - 1) in code (fn (a, b) => s (b, a + b)) end
           cogen s = steps n
       in code (fn seed => s (seed, seed + 1 - seed)) end

val fibMemo : (int * (int -> int * int)) list ref = ref []
fun fibFn n =
  case List.find (fn (m, _) => m = n) (!fibMemo) of
    SOME (_, f) => f
  | NONE => let val f = eval (fibGen n) in fibMemo := (n, f) :: !fibMemo; f end
(* seed 0 is fib 0 = 0, fib 1 = 1 *)
fun fib n = #1 (fibFn n 0)
fun slowFib n = if n < 2 then n else slowFib (n - 1) + slowFib (n - 2)
val _ = print ("fib: " ^ String.concatWith " " (map (fn n => Int.toString (fib n)) [0, 1, 2, 10, 20, 30, 40]) ^ "\n")
val _ = print ("fib 25 agrees: " ^ Bool.toString (fib 25 = slowFib 25) ^ ", compiled: " ^ Int.toString (length (!fibMemo)) ^ "\n")
val _ = (fib 30; fib 30; print ("compiled after repeats: " ^ Int.toString (length (!fibMemo)) ^ "\n"))

(* Ackermann specialised to m: level m is a generated function calling level m - 1 *)
exception Budget
val calls = ref 0
val ackTable : (int * (int -> int)) list ref = ref []
fun ackGen (m : int) : [int -> int] =
  if m = 0 then code (fn n => (calls := !calls + 1; if !calls > 200000 then raise Budget else n + 1))
  else let cogen below = lift (ack (m - 1))
       in code (fn n =>
            let fun a 0 = below 1
                  | a n = below (a (n - 1))
            in calls := !calls + 1; a n end)
       end
and ack m =
  case List.find (fn (k, _) => k = m) (!ackTable) of
    SOME (_, f) => f
  | NONE => let val f = eval (ackGen m) in ackTable := (m, f) :: !ackTable; f end

fun slowAck (0, n) = n + 1
  | slowAck (m, 0) = slowAck (m - 1, 1)
  | slowAck (m, n) = slowAck (m - 1, slowAck (m, n - 1))

val _ = app (fn (m, n) => (calls := 0;
  print ("ack(" ^ Int.toString m ^ "," ^ Int.toString n ^ ") = "
         ^ (Int.toString (ack m n) handle Budget => "over budget")
         ^ " (" ^ Int.toString (slowAck (m, n)) ^ ")\n")))
  [(0, 5), (1, 5), (2, 3), (3, 3), (2, 10)]
val _ = (calls := 0; print ("ack(3,9): " ^ (Int.toString (ack 3 9) handle Budget => "over budget") ^ "\n"))
val _ = print ("ack levels compiled: " ^ Int.toString (length (!ackTable)) ^ "\n")
