(* Ackermann's function from the two PE papers: the online evaluator folds
   ackermann(3, 4) to 125 at specialisation time (a call from outside the
   recursion is safe to run), while annotating the recursive call itself
   would unfold forever.  Here the first argument m is static: the
   generator builds one residual recursive function per level, each
   calling the code of the level below, so the recursion on n stays in
   the generated code.  Generators are memoised per level.  The generated
   functions share a call budget; the last call runs out of it and dies
   of an uncaught exception carrying the count. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun ack (0, n) = n + 1
  | ack (m, 0) = ack (m - 1, 1)
  | ack (m, n) = ack (m - 1, ack (m, n - 1))

exception Budget of int
val calls = ref 0
val limit = ref 1000000
fun tick () = (calls := !calls + 1; if !calls > !limit then raise Budget (!calls) else ())

val built = ref 0
val table : (int * [int -> int]) list ref = ref []

fun level m : [int -> int] =
    case List.find (fn (k, _) => k = m) (!table) of
        SOME (_, g) => g
      | NONE =>
          let val g = build m in table := (m, g) :: !table; g end
and build m =
    (built := !built + 1;
     if m = 0 then code (fn n => (tick (); n + 1))
     else let cogen below = level (m - 1)
          in code (fn n => let val b = below
                               fun a 0 = (tick (); b 1)
                                 | a k = (tick (); b (a (k - 1)))
                           in a n end)
          end)

(* folding at generation time: the value is computed now and lifted *)
val folded = let cogen v = lift (ack (3, 4)) in code v end
val _ = pr ("folded ackermann(3, 4) = " ^ pi (eval folded))

val _ = app (fn m =>
               let val f = eval (level m)
               in pr ("level " ^ pi m ^ ": " ^
                      String.concatWith " " (List.tabulate (5, fn n => pi (f n) ^ "/" ^ pi (ack (m, n)))))
               end) [0, 1, 2, 3]
val _ = pr ("generators built: " ^ pi (!built) ^ " (one per level, memoised)")

val a3 = eval (level 3)
val _ = calls := 0
val v = a3 5
val _ = pr ("ack(3, 5) = " ^ pi v ^ " in " ^ pi (!calls) ^ " generated calls")
val a4 = eval (level 4)
val _ = pr ("generators built now: " ^ pi (!built))
val _ = calls := 0
val _ = pr ("ack(4, 0) = " ^ pi (a4 0) ^ " in " ^ pi (!calls) ^ " calls")

(* a budget stops a call that is too expensive; handled once, then not *)
val _ = (calls := 0; limit := 20000)
val _ = pr ("ack(3, 6) with a budget: " ^ (pi (a3 6) handle Budget c => "stopped at call " ^ pi c))
val _ = (calls := 0; limit := 100)
val _ = pr ("ack(2, 3) within 100 calls: " ^ pi (eval (level 2) 3))
val _ = calls := 0
val _ = pr ("ack(4, 1) within 100 calls:")
val _ = pr (pi (a4 1))
