(* The first Futamura projection in miniature: an interpreter for a small
   expression language with variables, let, conditionals and non-recursive
   function calls, and its staged twin that compiles a program (known
   early) into generated code that takes the input (late). Variables are
   resolved to environment positions at generation time. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Num of int | Var of string | Add of exp * exp | Sub of exp * exp
             | Mul of exp * exp | Quot of exp * exp | Let of string * exp * exp
             | Ifz of exp * exp * exp | Call of string * exp
datatype fundef = Fun of string * string * exp   (* name, parameter, body *)

exception Unbound of string
exception NoFunction of string

fun lookup (x, [], _) = raise Unbound x
  | lookup (x, (y : string) :: ys, i) = if x = y then i else lookup (x, ys, i + 1)
fun findFun (f, []) = raise NoFunction f
  | findFun (f, (d as Fun (g, _, _)) :: ds) = if f = g then d else findFun (f, ds)

(* the interpreter: names and values in parallel lists *)
fun interp (fs, names, vals, e) =
    case e of
        Num n => n
      | Var x => List.nth (vals, lookup (x, names, 0))
      | Add (a, b) => interp (fs, names, vals, a) + interp (fs, names, vals, b)
      | Sub (a, b) => interp (fs, names, vals, a) - interp (fs, names, vals, b)
      | Mul (a, b) => interp (fs, names, vals, a) * interp (fs, names, vals, b)
      | Quot (a, b) => interp (fs, names, vals, a) div interp (fs, names, vals, b)
      | Let (x, a, b) => interp (fs, x :: names, interp (fs, names, vals, a) :: vals, b)
      | Ifz (c, a, b) => if interp (fs, names, vals, c) = 0 then interp (fs, names, vals, a)
                         else interp (fs, names, vals, b)
      | Call (f, a) => let val Fun (_, p, body) = findFun (f, fs)
                       in interp (fs, [p], [interp (fs, names, vals, a)], body) end

(* the compiler: the environment's shape is early, its values late *)
val compiled = ref 0
fun comp (fs, names, e) : [int list -> int] =
    (compiled := !compiled + 1;
     case e of
         Num n => let cogen k = lift n in code (fn _ => k) end
       | Var x => let cogen i = lift (lookup (x, names, 0)) in code (fn env => List.nth (env, i)) end
       | Add (a, b) => let cogen ca = comp (fs, names, a) cogen cb = comp (fs, names, b)
                       in code (fn env => ca env + cb env) end
       | Sub (a, b) => let cogen ca = comp (fs, names, a) cogen cb = comp (fs, names, b)
                       in code (fn env => ca env - cb env) end
       | Mul (a, b) => let cogen ca = comp (fs, names, a) cogen cb = comp (fs, names, b)
                       in code (fn env => ca env * cb env) end
       | Quot (a, b) => let cogen ca = comp (fs, names, a) cogen cb = comp (fs, names, b)
                       in code (fn env => ca env div cb env) end
       | Let (x, a, b) => let cogen ca = comp (fs, names, a) cogen cb = comp (fs, x :: names, b)
                          in code (fn env => cb (ca env :: env)) end
       | Ifz (c, a, b) => let cogen cc = comp (fs, names, c)
                              cogen ca = comp (fs, names, a)
                              cogen cb = comp (fs, names, b)
                          in code (fn env => if cc env = 0 then ca env else cb env) end
       | Call (f, a) => let val Fun (_, p, body) = findFun (f, fs)
                            cogen cbody = comp (fs, [p], body)
                            cogen carg = comp (fs, names, a)
                        in code (fn env => cbody [carg env]) end)

val funs = [Fun ("sq", "n", Mul (Var "n", Var "n")),
            Fun ("half", "n", Quot (Var "n", Num 2)),
            Fun ("sign", "n", Ifz (Var "n", Num 0, Ifz (Sub (Var "n", Mul (Call ("half", Var "n"), Num 2)), Num 2, Num 1)))]
val progs =
    [("poly", Add (Mul (Num 3, Call ("sq", Var "x")), Sub (Var "x", Num 7))),
     ("lets", Let ("y", Add (Var "x", Num 1), Let ("z", Mul (Var "y", Var "y"), Sub (Var "z", Var "x")))),
     ("shadow", Let ("x", Mul (Var "x", Num 10), Let ("x", Add (Var "x", Num 1), Var "x"))),
     ("calls", Call ("sq", Call ("sq", Call ("half", Var "x")))),
     ("parity", Add (Call ("sign", Var "x"), Mul (Num 100, Call ("sign", Num 0)))),
     ("divide", Quot (Num 1000, Sub (Var "x", Num 4)))]

val inputs = [0, 1, 4, 9, ~6]
fun runBoth (name, e) =
    let val _ = compiled := 0
        val f = eval (comp (funs, ["x"], e))
        fun show g x = pi (g x) handle Div => "Div"
        val direct = map (show (fn x => interp (funs, ["x"], [x], e))) inputs
        val spec = map (show (fn x => f [x])) inputs
    in pr (name ^ " (" ^ pi (!compiled) ^ " nodes compiled): " ^ String.concatWith " " spec ^
           (if direct = spec then "" else "  MISMATCH with " ^ String.concatWith " " direct))
    end
val _ = app runBoth progs

(* errors in the program are found at generation time, before any input *)
fun tryCompile e = (ignore (comp (funs, ["x"], e)); "compiled")
                   handle Unbound v => "unbound variable " ^ v
                        | NoFunction f => "no function " ^ f
val _ = pr ("bad variable: " ^ tryCompile (Add (Var "x", Var "w")))
val _ = pr ("bad call: " ^ tryCompile (Call ("cube", Num 2)))
(* while the interpreter finds them only on the branch it takes *)
val lazyBad = Ifz (Var "x", Num 1, Var "nowhere")
val _ = pr ("interpreter on a bad branch not taken: " ^ pi (interp (funs, ["x"], [0], lazyBad)))
val _ = pr ("compiler on the same program: " ^ tryCompile lazyBad)
