(* The order of effects: during generation (in cogen right-hand sides, in
   lift arguments, in the generator's own code) versus when the generated
   code runs; evaluation order of tuples, applications and lets inside
   generated code; generated code run several times; a ref written at
   generation time and read at run time. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun say s = print (s ^ " ")

val g = (say "gen:start";
         let cogen a = (say "gen:a"; code (say "run:a"; 1))
             cogen b = (say "gen:b"; lift (say "gen:lift-b"; 2))
             val _ = say "gen:body"
         in code (say "run:body"; a + b) end)
val _ = pr ""
val _ = pr ("= " ^ pi (eval g))
val _ = pr ("= " ^ pi (eval g))

(* order of evaluation inside generated code: left to right *)
val order = code ((say "1"; 1) + (say "2"; 2) * (say "3"; 3),
                  (fn x => (say "fn-body"; x)) (say "arg"; 4),
                  let val p = (say "let1"; 5) val q = (say "let2"; 6) in p * q end)
val _ = case eval order of (a, b, c) => pr ("| " ^ pi a ^ " " ^ pi b ^ " " ^ pi c)
val _ = case eval order of (a, _, _) => pr ("| again " ^ pi a)

(* a ref read at generation time vs at run time *)
val setting = ref 1
val snapshot = let cogen s = lift (!setting) in code (fn () => s) end
val live = code (fn () => !setting)
val snap = eval snapshot
val lv = eval live
val _ = setting := 2
val _ = pr (pi (snap ()) ^ " " ^ pi (lv ()) ^ " " ^ pi (eval snapshot ()))

(* generation-time counter: how many generator steps for power 10 with squaring *)
val steps = ref 0
fun power n = (steps := !steps + 1;
               if n = 0 then code (fn _ => 1)
               else if n mod 2 = 0 then let cogen h = power (n div 2) in code (fn x => let val y = h x in y * y end) end
               else let cogen p = power (n - 1) in code (fn x => x * p x) end)
val p10 = power 10
val afterGen = !steps
val f = eval p10
val afterEval = !steps
val _ = pr (pi afterGen ^ " " ^ pi afterEval ^ " " ^ pi (f 2) ^ " " ^ pi (!steps))

(* print at both stages from one recursive generator *)
fun countdown 0 = (say "g0"; code (say "r0"))
  | countdown n = let cogen rest = (say ("g" ^ pi n); countdown (n - 1)) cogen n' = lift n
                  in code (say ("r" ^ pi n'); rest) end
val cd = countdown 3
val _ = pr "|"
val _ = (eval cd; pr "|"; eval cd; pr "")

(* before and while in generated code *)
val loop = code (fn n => let val i = ref 0 val acc = ref [] in while !i < n do (acc := !i :: !acc; i := !i + 1); rev (!acc) before say "done" end)
val _ = pr (String.concatWith "," (map pi (eval loop 5)))
(* andalso / orelse short-circuit in generated code *)
val sc = code (fn x => (say "L"; x > 0) andalso (say "R"; x < 10) orelse (say "E"; false))
val s = eval sc
val _ = pr (Bool.toString (s 5) ^ Bool.toString (s ~1) ^ Bool.toString (s 50))
