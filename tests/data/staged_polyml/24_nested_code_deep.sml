(* Nested code two and three deep: code variables bound at one level and
   used at deeper levels, lift at each level, eval (eval ...) and
   eval (eval (eval ...)), effects at each level counted *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val log = ref ""
fun note s = log := !log ^ s
fun flush label = (pr (label ^ ": " ^ !log); log := "")
(* a code variable bound outside is usable at every depth *)
val g1 = let cogen base = (note "g"; code (note "b"; 1000))
         in code (note "1"; (base, code (note "2"; (base, code (note "3"; base))))) end
val _ = flush "built"
val (a, inner) = eval g1
val _ = flush ("level 1 " ^ pi a)
val (b, innermost) = eval inner
val _ = flush ("level 2 " ^ pi b)
val c = eval innermost
val _ = flush ("level 3 " ^ pi c)
(* lifting at each level *)
val g2 = code (fn x => let cogen lx = lift x
                       in code (fn y => let cogen ly = lift y cogen lx2 = lift (lx * 2)
                                        in code (fn z => lx * 100 + ly * 10 + z + lx2) end) end)
val _ = pr (pi (eval (eval (eval g2 1) 2) 3) ^ " " ^ pi (eval (eval (eval g2 0) 0) 0))
(* the middle stage builds many innermost generators *)
val stage1 = eval g2 5
val fs = map (fn y => eval (eval stage1 y)) [0, 1, 2]
val _ = pr (String.concat (map (fn f => pi (f 0) ^ " ") fs))
(* cogen inside code binding code produced at that level, spliced two levels down *)
val g3 = code (let cogen mid = (note "m"; let cogen k = lift 7 in code (note "k"; k) end)
               in code (code (mid * mid)) end)
val gg = eval g3
val _ = flush "g3 level 1"
val g = eval gg
val _ = flush "g3 level 2"
val _ = pr (pi (eval g))
val _ = flush "g3 level 3"
(* eval inside code: run a generator at the generated code's run time *)
val g4 = code (fn n => eval (let cogen k = lift n in code (k + 1) end) * 2)
val _ = pr (pi (eval g4 20))
val g5 = code (eval (eval (code (code 42))))
val _ = pr (pi (eval g5))
(* a generator of generators of generators built by a recursive function *)
fun tower 0 = code (note "bottom"; 0)
  | tower n = let cogen k = lift n in code (note (pi k); k + eval (tower (k - 1))) end
val _ = pr (pi (eval (tower 5)))
val _ = flush "tower"
fun nest 0 = code 1
  | nest n = let cogen inner = nest (n - 1) in code (inner * 2) end
val _ = pr (pi (eval (nest 20)))
(* three-level specialisation: a table lookup specialised on its keys, then on a default, then run *)
val g6 = code (fn keys => let cogen ks = lift keys
                          in code (fn default => let cogen d = lift default
                                                 in code (fn k => if List.exists (fn x => x = k) ks then k * 10 else d) end) end)
val lookup = eval (eval (eval g6 [1, 3, 5]) ~1)
val _ = pr (String.concat (map (fn k => pi (lookup k) ^ " ") [0, 1, 2, 3, 4, 5]))
(* the same code variable at depth 1 and depth 3 but not 2 *)
val g7 = let cogen u = lift "u" in code (u ^ "1", code (code (u ^ "3"))) end
val _ = pr (case eval g7 of (s, g) => s ^ " " ^ eval (eval g))
