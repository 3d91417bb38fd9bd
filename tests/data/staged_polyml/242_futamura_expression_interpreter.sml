(* First Futamura projection for a small functional expression language:
   the interpreter takes environments as functions; the staged interpreter
   takes a program and gives code, with variables resolved to positions at
   generation time and the environment a run-time list. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Num of int | Var of string | Add of exp * exp | Sub of exp * exp
             | Mul of exp * exp | If0 of exp * exp * exp | Let of string * exp * exp
             | Quot of exp * exp

exception Unbound of string

(* unstaged: environments as functions *)
fun ext (env, x, v) = fn y => if y = x then v else env y
val empty = fn y => raise Unbound y

fun interp (Num n) env = n
  | interp (Var x) env = env x
  | interp (Add (a, b)) env = interp a env + interp b env
  | interp (Sub (a, b)) env = interp a env - interp b env
  | interp (Mul (a, b)) env = interp a env * interp b env
  | interp (Quot (a, b)) env = interp a env div interp b env
  | interp (If0 (c, t, e)) env = if interp c env = 0 then interp t env else interp e env
  | interp (Let (x, e, b)) env = interp b (ext (env, x, interp e env))

(* staged: the static environment maps names to positions in a run-time list *)
fun index (x, [], _) = raise Unbound x
  | index (x, y :: ys, i) = if x = y then i else index (x, ys, i + 1)

fun comp (Num n) senv = let cogen n' = lift n in code (fn env : int list => n') end
  | comp (Var x) senv = let cogen i = lift (index (x, senv, 0)) in code (fn env => List.nth (env, i)) end
  | comp (Add (a, b)) senv = let cogen ca = comp a senv cogen cb = comp b senv in code (fn env => ca env + cb env) end
  | comp (Sub (a, b)) senv = let cogen ca = comp a senv cogen cb = comp b senv in code (fn env => ca env - cb env) end
  | comp (Mul (a, b)) senv = let cogen ca = comp a senv cogen cb = comp b senv in code (fn env => ca env * cb env) end
  | comp (Quot (a, b)) senv = let cogen ca = comp a senv cogen cb = comp b senv in code (fn env => ca env div cb env) end
  | comp (If0 (c, t, e)) senv =
      let cogen cc = comp c senv cogen ct = comp t senv cogen ce = comp e senv
      in code (fn env => if cc env = 0 then ct env else ce env) end
  | comp (Let (x, e, b)) senv =
      let cogen ce = comp e senv cogen cb = comp b (x :: senv)
      in code (fn env => cb (ce env :: env)) end

(* programs with free inputs a and b *)
fun program (params, body) =
  let cogen cb = comp body (rev params)
  in code (fn args : int list => cb (rev args)) end

val p1 = Let ("s", Add (Var "a", Var "b"), Let ("d", Sub (Var "a", Var "b"), Mul (Var "s", Var "d")))
val p2 = If0 (Var "b", Num 0, Quot (Var "a", Var "b"))
val p3 = Let ("x", Num 10, Let ("x", Add (Var "x", Var "a"), Let ("y", Mul (Var "x", Var "x"), Sub (Var "y", Var "x"))))
val p4 = Quot (Var "a", Sub (Var "b", Var "b"))
val p5 = Add (Var "a", Var "zz")

fun runInterp (prog, a, b) = interp prog (ext (ext (empty, "a", a), "b", b))

fun show f = (pi (f ())) handle Div => "Div" | Unbound x => "Unbound " ^ x

val progs = [("p1", p1), ("p2", p2), ("p3", p3), ("p4", p4)]
val compiled = map (fn (n, p) => (n, p, eval (program (["a", "b"], p)))) progs
val argsList = [(3, 4), (10, 0), (~7, 2), (100, 7)]

val _ = List.app (fn (n, p, c) =>
  List.app (fn (a, b) =>
    let val u = show (fn () => runInterp (p, a, b)) val s = show (fn () => c [a, b])
    in pr (n ^ "(" ^ pi a ^ "," ^ pi b ^ ") = " ^ u ^ (if u = s then " agree" else " DISAGREE " ^ s)) end) argsList) compiled

(* an unbound variable: the interpreter fails at run time, the compiler at generation time *)
val _ = pr ("p5 interpreted: " ^ show (fn () => runInterp (p5, 1, 2)))
val _ = pr ("p5 compiled: " ^ ((ignore (program (["a", "b"], p5)); "generated") handle Unbound x => "Unbound " ^ x ^ " at generation"))

val c1 = #3 (hd compiled) val c3 = #3 (List.nth (compiled, 2))
fun benchUnstaged () = let fun loop 0 = () | loop i = (ignore (runInterp (p1, i, 3) + runInterp (p3, i, 0)); loop (i - 1)) in loop 150 end
fun benchStaged () = let fun loop 0 = () | loop i = (ignore (c1 [i, 3] + c3 [i, 0]); loop (i - 1)) in loop 150 end
val _ = (benchUnstaged (); benchStaged (); pr "done")
