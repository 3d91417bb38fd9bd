(* Memoised generators: specialisations of a function of two static
   arguments kept in an association list of generated functions, with a
   counter of generator runs; and a generator that memoises the code of
   its sub-generators (shared code for repeated sub-problems) while it
   builds a Fibonacci-shaped linear recurrence. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val genRuns = ref 0

(* a * x^n + b, specialised to (a, n, b) *)
fun affPow (a, n, b) x = let fun p 0 = 1 | p k = x * p (k - 1) in a * p n + b end

fun genPow 0 = code (fn x => 1)
  | genPow n = let cogen r = genPow (n - 1) in code (fn x => x * r x) end

fun genAffPow (a, n, b) =
  (genRuns := !genRuns + 1;
   let cogen p = genPow n cogen a' = lift a cogen b' = lift b in code (fn x => a' * p x + b') end)

val cache : ((int * int * int) * (int -> int)) list ref = ref []
fun memo key =
  case List.find (fn (k, _) => k = key) (!cache) of
    SOME (_, f) => f
  | NONE => let val f = eval (genAffPow key) in cache := (key, f) :: !cache; f end

val keys = [(1, 2, 0), (3, 3, 1), (1, 2, 0), (2, 0, 5), (3, 3, 1), (1, 2, 0), (~1, 5, 2)]
val _ = List.app (fn k as (a, n, b) =>
  let val f = memo k
      val ok = List.all (fn x => f x = affPow k x) [~2, 0, 1, 3, 7]
  in pr ("(" ^ pi a ^ "," ^ pi n ^ "," ^ pi b ^ ") at 3 = " ^ pi (f 3) ^ (if ok then " agree" else " DISAGREE") ^
         "; generator runs so far " ^ pi (!genRuns) ^ ", cached " ^ pi (length (!cache)))
  end) keys

(* sub-generator memoisation: the code for step k of a recurrence
   u(k) = u(k-1) + u(k-2) over two run-time seeds, each step's code
   generated once, referenced by name in a chain of lets *)
val stepRuns = ref 0
fun fibU (a, b, 0) = a
  | fibU (a, b, 1) = b
  | fibU (a, b, n) = fibU (b, a + b, n - 1)

(* the generated code keeps the last two values in a pair: linear code *)
fun genFib n : [int * int -> int] =
  let val table : (int * [int * int -> int * int]) list ref = ref []
      fun steps 0 = (stepRuns := !stepRuns + 1; code (fn p => p))
        | steps k =
            case List.find (fn (j, _) => j = k) (!table) of
              SOME (_, c) => c
            | NONE =>
                let val _ = stepRuns := !stepRuns + 1
                    cogen prev = steps (k - 1)
                    val c = code (fn p => let val (a, b) = prev p in (b, a + b) end)
                in table := (k, c) :: !table; c end
      cogen all = steps n
  in code (fn seeds => #1 (all seeds)) end

val fib20 = eval (genFib 20)
val _ = pr ("step generators run for fib 20: " ^ pi (!stepRuns))
val _ = List.app (fn (a, b) => pr ("fib20 from (" ^ pi a ^ "," ^ pi b ^ ") = " ^ pi (fib20 (a, b)) ^
                                   (if fib20 (a, b) = fibU (a, b, 20) then " agree" else " DISAGREE"))) [(0, 1), (2, 1), (~5, 3)]
val fibs = List.tabulate (10, fn n => eval (genFib n))
val _ = pr ("fib 0..9: " ^ String.concatWith " " (map (fn f => pi (f (0, 1))) fibs))
val _ = pr ("agree: " ^ Bool.toString (List.all (fn n => List.nth (fibs, n) (0, 1) = fibU (0, 1, n)) (List.tabulate (10, fn n => n))))

val f331 = memo (3, 3, 1)
fun benchUnstaged () = let fun loop 0 = () | loop i = (ignore (affPow (3, 3, 1) i + fibU (0, i, 20)); loop (i - 1)) in loop 100 end
fun benchStaged () = let fun loop 0 = () | loop i = (ignore (f331 i + fib20 (0, i)); loop (i - 1)) in loop 100 end
val _ = (benchUnstaged (); benchStaged (); pr "done")
