(* Printing at generation time and at run time, interleaved: generator
   functions that print while building, lift arguments that print, code
   bodies that print when run, cogen bindings at top level and in lets,
   code variables applied to arguments that print, and code built inside
   code. Every line says which phase printed it. *)
fun say s = print (s ^ "\n")
fun pi n = Int.toString n

fun loudLift (tag, v) = lift (say ("  [gen] lift " ^ tag); v)
fun loudCode tag = (say ("  [gen] build " ^ tag);
                    let cogen t = lift tag
                    in code (fn x => (say ("  [run] " ^ t ^ " on " ^ pi x); x + 1)) end)

val _ = say "1. a let of cogens, then eval"
val g1 = let cogen a = loudLift ("a", 10)
             cogen f = loudCode "f"
             val _ = say "  [gen] between the cogens and the code"
         in code (say "  [run] body"; f a) end
val _ = say "   built; evaluating:"
val r1 = eval g1
val _ = say ("   result " ^ pi r1 ^ "; evaluating again:")
val r1' = eval g1
val _ = say ("   result " ^ pi r1')

val _ = say "2. a code variable applied to arguments that print"
val g2 = let cogen f = loudCode "g"
         in code (f (say "  [run] argument"; 5) + f (say "  [run] second argument"; 6)) end
val _ = say ("   result " ^ pi (eval g2))

val _ = say "3. top-level cogen"
cogen top = loudCode "top";
val _ = say "   after the top-level cogen"
val t1 = top 1
val g3 = code (top (top 100))
val _ = say "   built g3"
val _ = say ("   results " ^ pi t1 ^ " " ^ pi (eval g3))

val _ = say "4. a generator built inside generated code"
val g4 = code (fn n => (say ("  [run outer] n = " ^ pi n);
                        let cogen inner = (say "  [run outer] building inner"; code (say "  [run inner]"; 7))
                        in inner + inner end))
val f4 = eval g4
val _ = say "   evaluated the outer generator"
val _ = say ("   result " ^ pi (f4 3))

val _ = say "5. a recursive generator that prints on the way down and the code on the way up"
fun countdown 0 = (say "  [gen] bottom"; code (say "  [run] bottom"; 0))
  | countdown n = (say ("  [gen] level " ^ pi n);
                   let cogen below = countdown (n - 1)
                       cogen k = loudLift (pi n, n)
                   in code (let val v = below in say ("  [run] level " ^ pi k); v + k end) end)
val g5 = countdown 3
val _ = say ("   result " ^ pi (eval g5))

val _ = say "6. lift of an expression with a handler and a raise"
exception Oops
val g6 = let cogen v = lift ((say "  [gen] raising"; raise Oops) handle Oops => (say "  [gen] handled"; 99))
         in code (say "  [run] reading v"; v) end
val _ = say ("   result " ^ pi (eval g6))
