(* A compiler for a small expression language fails at generation time on
   an unknown operator: the Fail raised inside a nested cogen escapes the
   top-level cogen that started the generation. Everything compiled and run
   before is printed first. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype exp = Lit of int | Arg | Op of string * exp * exp

fun comp (Lit n) = let cogen n' = lift n in code (fn (_ : int) => n') end
  | comp Arg = code (fn x => x)
  | comp (Op (name, a, b)) =
    let cogen f = (case name of
                     "+" => code (op +)
                   | "*" => code (op * )
                   | "-" => code (op -)
                   | other => raise Fail ("unknown operator " ^ other))
        cogen x = comp a
        cogen y = comp b
    in code (fn v => f (x v, y v)) end

val e1 = Op ("+", Op ("*", Arg, Arg), Lit 1)
val f1 = eval (comp e1)
val _ = pr (String.concatWith " " (map (pi o f1) [0, 1, 2, 3]))
val _ = pr ((pi (eval (comp (Op ("/", Arg, Lit 2))) 8)) handle Fail m => "caught: " ^ m)
val _ = pr "compiling a program with ^ at top level"
cogen bad = comp (Op ("-", Lit 10, Op ("^", Arg, Lit 2)))
val _ = pr "not reached"
