(* A program staged at top level: a chain of top-level cogen declarations
   where each builds on the previous ones (a configuration read at
   generation time, a specialised tokenizer, a specialised scorer), used
   both inside later code and directly outside code, where each use
   generates and runs the code again (prints show when). A top-level cogen
   of lift evaluates its argument once. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val config = ref [("the", 0), ("cat", 5), ("dog", 4), ("sat", 2), ("mat", 1)]
cogen weights = (pr "lifting weights"; lift (!config))
val _ = config := []
cogen separator = code #" "
cogen tokenize = code (fn s => String.tokens (fn c => c = separator) s)
cogen score = code (fn w => case List.find (fn (x, _) => x = w) weights of SOME (_, n) => n | NONE => ~1)
cogen scoreLine = code (fn s => foldl (fn (w, acc) => acc + score w) 0 (tokenize s))
val line = "the cat sat on the mat"
val _ = pr (pi (scoreLine line) ^ " " ^ pi (scoreLine "dog dog dog") ^ " " ^ pi (scoreLine ""))
val _ = pr (String.concatWith "|" (tokenize "  a  b c "))
val _ = pr (pi (length weights) ^ " weights kept after the config was cleared")
(* a top-level code variable with an effect runs it at each use *)
cogen noisy = code (pr "noisy runs"; 7)
val _ = pr "before using noisy"
val total = noisy + noisy
val _ = pr (pi total)
val twiceInCode = code (noisy * noisy)
val _ = pr "built twiceInCode"
val _ = pr (pi (eval twiceInCode))
(* a top-level cogen of an application: the generator is built once, here *)
fun mkAdder n = (pr ("making adder " ^ pi n); let cogen n' = lift n in code (fn x => x + n') end)
cogen add5 = mkAdder 5
val _ = pr (pi (add5 1) ^ " " ^ pi (add5 2))
val composed = code (fn x => add5 (add5 x))
val _ = pr (pi (eval composed 0))
(* shadowing at top level: a new cogen of the same name; earlier code keeps the old one *)
cogen add5 = mkAdder 50
val _ = pr (pi (add5 1) ^ " " ^ pi (eval composed 0))
