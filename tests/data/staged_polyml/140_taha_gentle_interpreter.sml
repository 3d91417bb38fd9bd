(* The staged interpreter of Taha, "A Gentle Introduction to Multi-stage
   Programming" (DSPG 2003), §4: the little language `lint` with integer
   expressions, variables, one-argument functions declared at top level,
   conditionals and division; interpreting a program with its function
   environment known specialises the interpreter into a compiler (the
   first Futamura projection). Taha's version uses open code for the
   environment (`env x`); here variables are looked up in a run-time
   environment of values passed to the generated code, and the function
   environment is resolved at generation time (closed modal analogue).
   Division by zero is an exception raised by generated code and handled
   by the caller at stage 0, as in Taha's §4.3 error handling. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Int of int | Var of string | App of string * exp
             | Add of exp * exp | Sub of exp * exp | Mul of exp * exp | Div of exp * exp
             | Ifz of exp * exp * exp
datatype def = Declaration of string * string * exp
datatype prog = Program of def list * exp

exception Yikes of string

(* unstaged interpreter (Taha's eval1) *)
fun lookup x [] = raise Yikes ("unbound " ^ x)
  | lookup x ((y, v) :: rest) = if x = y then v else lookup x rest
fun eval1 e env fenv =
    case e of
        Int i => i
      | Var s => lookup s env
      | App (s, e2) => (lookup s fenv) (eval1 e2 env fenv)
      | Add (a, b) => eval1 a env fenv + eval1 b env fenv
      | Sub (a, b) => eval1 a env fenv - eval1 b env fenv
      | Mul (a, b) => eval1 a env fenv * eval1 b env fenv
      | Div (a, b) => eval1 a env fenv div eval1 b env fenv
      | Ifz (c, t, f) => if eval1 c env fenv = 0 then eval1 t env fenv else eval1 f env fenv
fun peval1 (Program (defs, body)) =
    let fun fenv () = map (fn Declaration (f, x, b) => (f, fn v => eval1 b [(x, v)] (fenv ()))) defs
    in eval1 body [] (fenv ()) end

(* staged (Taha's eval2): the function environment holds generators of
   calls through a run-time table, so recursion does not unfold *)
fun eval2 (e : exp) (vars : string list) (fenv : (string * int) list)
    : [(int -> int) vector * int list -> int] =
    case e of
        Int i => let cogen i' = lift i in code (fn _ => i') end
      | Var s =>
          let fun index (_, []) = raise Yikes ("unbound " ^ s)
                | index (k, y :: ys) = if y = s then k else index (k + 1, ys)
              cogen k = lift (index (0, vars))
          in code (fn (_, env) => List.nth (env, k)) end
      | App (f, a) => let cogen slot = lift (lookup f fenv) cogen a' = eval2 a vars fenv
                      in code (fn (fs, env) => Vector.sub (fs, slot) (a' (fs, env))) end
      | Add (a, b) => let cogen x = eval2 a vars fenv cogen y = eval2 b vars fenv in code (fn r => x r + y r) end
      | Sub (a, b) => let cogen x = eval2 a vars fenv cogen y = eval2 b vars fenv in code (fn r => x r - y r) end
      | Mul (a, b) => let cogen x = eval2 a vars fenv cogen y = eval2 b vars fenv in code (fn r => x r * y r) end
      | Div (a, b) =>
          let cogen x = eval2 a vars fenv cogen y = eval2 b vars fenv
          in code (fn r => let val d = y r in if d = 0 then raise Yikes "division by zero" else x r div d end) end
      | Ifz (c, t, f) => let cogen c' = eval2 c vars fenv cogen t' = eval2 t vars fenv cogen f' = eval2 f vars fenv
                         in code (fn r => if c' r = 0 then t' r else f' r) end

fun peval2 (Program (defs, body)) : [int] =
    let val fenv = ListPair.zip (map (fn Declaration (f, _, _) => f) defs, List.tabulate (length defs, fn i => i))
        fun genDefs [] = code []
          | genDefs (Declaration (_, x, b) :: rest) =
              let cogen b' = eval2 b [x] fenv cogen rest' = genDefs rest
              in code ((fn fs => fn v => b' (fs, [v])) :: rest') end
        cogen ds = genDefs defs
        cogen main = eval2 body [] fenv
    in code (let val fs = ref (Vector.fromList [])
                 val funs = map (fn d => fn v => d (!fs) v) ds
             in fs := Vector.fromList funs; main (!fs, []) end)
    end

val fact = Declaration ("fact", "x", Ifz (Var "x", Int 1, Mul (Var "x", App ("fact", Sub (Var "x", Int 1)))))
val progs =
  [Program ([fact], App ("fact", Int 10)),
   Program ([Declaration ("sq", "y", Mul (Var "y", Var "y")), fact], App ("sq", App ("fact", Int 4))),
   Program ([Declaration ("half", "n", Div (Var "n", Int 2)),
             Declaration ("log2", "n", Ifz (Sub (Var "n", Int 1), Int 0, Add (Int 1, App ("log2", App ("half", Var "n")))))],
            App ("log2", Int 1024)),
   Program ([Declaration ("even", "n", Ifz (Var "n", Int 1, App ("odd", Sub (Var "n", Int 1)))),
             Declaration ("odd", "n", Ifz (Var "n", Int 0, App ("even", Sub (Var "n", Int 1))))],
            Add (App ("even", Int 30), Mul (Int 10, App ("odd", Int 7)))),
   Program ([Declaration ("inv", "n", Div (Int 1000, Var "n"))], Add (App ("inv", Int 8), App ("inv", Int 0))),
   Program ([], Var "free")]
fun run p =
    let val staged = (pi (eval (peval2 p)) handle Yikes m => "Yikes " ^ m)
        val plain = (pi (peval1 p) handle Yikes m => "Yikes " ^ m | General.Div => "Yikes division by zero")
    in pr (staged ^ " / " ^ plain) end
val _ = List.app run progs
