(* Generated code kept in refs and arrays and run many times: a dispatch
   table of specialised handlers rebuilt when the configuration changes
   (a ref holding the current generated function), and eval of generated
   code inside a loop that specialises per iteration. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* a message router: opcode -> handler; the configuration is a list of
   (opcode, scale, offset) rules *)
fun route (rules, op', x) =
  case List.find (fn (o', _, _) => o' = op') rules of
    SOME (_, s, k) => s * x + k
  | NONE => ~1

fun genRoute [] = code (fn (o' : int, x : int) => ~1)
  | genRoute ((o1, s, k) :: rest) =
      let cogen r = genRoute rest cogen o1' = lift o1 cogen s' = lift s cogen k' = lift k
      in code (fn (o', x) => if o' = o1' then s' * x + k' else r (o', x)) end

val config = ref [(1, 2, 0), (2, 1, 10), (5, ~1, 0)]
val current = ref (eval (genRoute (!config)))
val rebuilds = ref 1
fun reconfigure rules = (config := rules; current := eval (genRoute rules); rebuilds := !rebuilds + 1)

val msgs = [(1, 5), (2, 5), (5, 5), (3, 5), (1, ~7)]
fun runAll () =
  let val us = map (fn (o', x) => route (!config, o', x)) msgs
      val ss = map (fn m => !current m) msgs
  in pr (String.concatWith " " (map pi ss) ^ (if us = ss then " agree" else " DISAGREE")) end
val _ = runAll ()
val _ = reconfigure [(3, 100, 1)]
val _ = runAll ()
val _ = reconfigure ((1, 0, 42) :: !config)
val _ = runAll ()
val _ = pr ("rebuilds: " ^ pi (!rebuilds))

(* an array of generated functions, filled in a loop where each iteration
   evaluates new code; then run many times *)
fun genAffine (a, b) = let cogen a' = lift a cogen b' = lift b in code (fn x => a' * x + b') end
val table = Array.array (10, fn x : int => x)
val i = ref 0
val _ = while !i < 10 do (Array.update (table, !i, eval (genAffine (!i, 10 - !i))); i := !i + 1)
val sum = ref 0
val _ = Array.app (fn f => List.app (fn x => sum := !sum + f x) [0, 1, 2, 3]) table
val check = foldl op+ 0 (List.concat (List.tabulate (10, fn a => map (fn x => a * x + (10 - a)) [0, 1, 2, 3])))
val _ = pr ("table sum " ^ pi (!sum) ^ (if !sum = check then " agree" else " DISAGREE"))

(* a ref of code (not of functions): extended in a loop, evaluated at the end *)
val acc : [int -> int] ref = ref (code (fn x => x))
val _ = List.app (fn k => let cogen prev = !acc cogen k' = lift k in acc := (code (fn x => prev x * 2 + k')) end) [1, 0, 1, 1]
val bits = eval (!acc)
val _ = pr ("bits 1011 appended to 0: " ^ pi (bits 0) ^ ", to 1: " ^ pi (bits 1))

(* generated functions compared to the unstaged one on many inputs *)
val agreeAll = List.all (fn x => List.all (fn o' => route (!config, o', x) = !current (o', x)) [0, 1, 2, 3, 4, 5]) (List.tabulate (40, fn x => x - 20))
val _ = pr ("240 messages agree: " ^ Bool.toString agreeAll)

val bigRules = List.tabulate (12, fn j => (j, j + 1, j * 3))
val _ = reconfigure bigRules
fun benchUnstaged () = List.app (fn x => ignore (route (bigRules, x mod 13, x))) (List.tabulate (100, fn x => x))
fun benchStaged () = let val f = !current in List.app (fn x => ignore (f (x mod 13, x))) (List.tabulate (100, fn x => x)) end
val _ = (benchUnstaged (); benchStaged (); pr "done")
