(* A two-stage program whose innermost generated code raises a user
   exception carrying a value; handlers at the middle stage only catch
   other exceptions, so it reaches the top and ends the program *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
exception Budget of string * int
exception Other
val spent = ref 0
(* stage 1 fixes a budget, stage 2 a unit cost; the final code charges n units *)
val accountant = code (fn budget => let cogen b = lift budget
                                    in code (fn cost => let cogen c = lift cost
                                                        in code (fn n => (spent := !spent + c * n;
                                                                          if !spent > b then raise Budget ("over by", !spent - b) else !spent))
                                                        end handle Other => code (fn _ => 0)) end)
val perBudget = eval accountant 100
val charge5 = eval (eval perBudget 5)
val charge7 = eval (eval perBudget 7)
val _ = pr (pi (charge5 2) ^ " " ^ pi (charge7 3) ^ " " ^ pi (charge5 1))
val _ = pr ((pi (charge7 10)) handle Budget (m, k) => "caught " ^ m ^ " " ^ pi k)
val _ = spent := 0
fun guarded f n = (pi (f n)) handle Other => "other"
val _ = pr (guarded charge5 4 ^ " " ^ guarded charge7 5)
val _ = pr (guarded charge5 100)
val _ = pr "unreached"
