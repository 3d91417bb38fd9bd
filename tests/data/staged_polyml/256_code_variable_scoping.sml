(* Scoping of code variables: a cogen shadowing a top-level value and the
   reverse, cogen shadowing cogen in nested lets, fn parameters inside
   code that shadow a code variable, code variables captured by closures
   made inside code, a top-level name rebound after a generator used it,
   and the same name used at two stages. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val x = 1
(* a code variable x hides the top-level x in its scope *)
val g1 = let cogen x = lift 10 in code (x + 1) end
val _ = pr ("cogen x hides val x: " ^ pi (eval g1) ^ ", top-level x still " ^ pi x)

(* a local val hides the code variable again; code can then only use globals *)
val v2 = let cogen x = lift 20
             val y = x + 1        (* the code variable, used outside code: 21 *)
             val x = 300          (* now x is a local value *)
         in y + x end
val _ = pr ("val after cogen: " ^ pi v2)

(* nested cogens of the same name: the innermost wins, the outer one is
   still what the inner generator was built from *)
val g3 = let cogen a = lift 2
             cogen a = code (a * 100)
             cogen a = code (a + 3)
         in code (a, a + 1) end
val (p, q) = eval g3
val _ = pr ("three nested cogen a: " ^ pi p ^ " " ^ pi q)

(* a fn parameter inside code shadows the code variable of the same name *)
val g4 = let cogen k = lift 7
         in code (fn k => k * 2, fn j => k * j) end
val (f4, h4) = eval g4
val _ = pr ("parameter k shadows code variable k: " ^ pi (f4 5) ^ ", code variable k used: " ^ pi (h4 5))

(* a let inside code rebinding the name *)
val g5 = let cogen n = lift 4
         in code (let val m = n * n
                      val n = m + 1
                  in (m, n) end) end
val (m5, n5) = eval g5
val _ = pr ("let inside code rebinds n: " ^ pi m5 ^ " " ^ pi n5)

(* closures made inside the code capture the spliced value *)
fun adders ks = case ks of
                    [] => code []
                  | k :: rest => let cogen kk = lift k
                                     cogen more = adders rest
                                 in code ((fn v => v + kk) :: more) end
val fs = eval (adders [1, 10, 100])
val _ = pr ("closures over code variables: " ^ String.concatWith " " (map (fn f => pi (f 5)) fs))

(* a top-level function rebound after a generator used it: the code keeps the old one *)
fun scale v = v * 2
val g6 = code (fn v => scale v)
val before6 = eval g6 10
fun scale v = v * 1000
val after6 = eval g6 10
val g7 = code (fn v => scale v)
val _ = pr ("rebound top-level function: " ^ pi before6 ^ " " ^ pi after6 ^ " then new code " ^ pi (eval g7 10))

(* a top-level cogen of a name used at both stages *)
cogen shared = lift "outer"
val fromOutside = shared
val g8 = code (shared ^ "/inner")
val shared = "value"
val _ = pr ("name at two stages: " ^ fromOutside ^ " " ^ eval g8 ^ " " ^ shared)

(* case arms and handlers binding the name of a code variable *)
exception Tag of int
val g9 = let cogen t = lift 1
         in code (fn opt => (case opt of SOME t => t + 100 | NONE => t) +
                            ((raise Tag 5) handle Tag t => t * 1000)) end
val f9 = eval g9
val _ = pr ("case and handler patterns shadow: " ^ pi (f9 (SOME 2)) ^ " " ^ pi (f9 NONE))

(* code variables bound in a function's clauses, with the same names in each *)
fun pick (0, g, _) = let cogen c = g in code (c, "first") end
  | pick (_, _, g) = let cogen c = g in code (c, "second") end
val (c1, s1) = eval (pick (0, lift 11, lift 22))
val (c2, s2) = eval (pick (1, lift 11, lift 22))
val _ = pr ("per-clause code variables: " ^ pi c1 ^ " " ^ s1 ^ ", " ^ pi c2 ^ " " ^ s2)
