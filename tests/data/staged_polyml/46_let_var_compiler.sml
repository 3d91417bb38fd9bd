(* A compiler for arithmetic with variables and let: expressions are
   compiled with a compile-time environment mapping names to generated
   code; a let compiles its bound expression once and binds the result in
   the generated code. Unknown variables raise at generation time;
   division by zero raises Div when the generated code runs. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Num of int | Var of string | Add of exp * exp | Sub of exp * exp
             | Mul of exp * exp | Quot of exp * exp | Let of string * exp * exp | Ifz of exp * exp * exp
exception Unbound of string

(* env : (string * [int list -> int]) list: each variable reads from the input list or a let slot *)
fun compile (env, Num n) = let cogen n' = lift n in code (fn (_ : int list) => n') end
  | compile (env, Var x) =
      (case List.find (fn (y, _) => y = x) env of SOME (_, g) => g | NONE => raise Unbound x)
  | compile (env, Add (a, b)) = bin (env, a, b, code (fn (x, y) => x + y))
  | compile (env, Sub (a, b)) = bin (env, a, b, code (fn (x, y) => x - y))
  | compile (env, Mul (a, b)) = bin (env, a, b, code (fn (x, y) => x * y))
  | compile (env, Quot (a, b)) = bin (env, a, b, code (fn (x, y) => x div y))
  | compile (env, Ifz (c, t, e)) =
      let cogen c' = compile (env, c) cogen t' = compile (env, t) cogen e' = compile (env, e)
      in code (fn ins => if c' ins = 0 then t' ins else e' ins) end
  | compile (env, Let (x, e, body)) =
      (* the bound value is computed once and passed as an extra input in front *)
      let cogen e' = compile (env, e)
          val shifted = map (fn (y, g) => (y, let cogen g' = g in code (fn (ins : int list) => g' (tl ins)) end)) env
          cogen b' = compile ((x, code (fn (ins : int list) => hd ins)) :: shifted, body)
      in code (fn ins => b' (e' ins :: ins)) end
and bin (env, a, b, opr) =
      let cogen a' = compile (env, a) cogen b' = compile (env, b) cogen f = opr in code (fn ins => f (a' ins, b' ins)) end

fun params names = List.tabulate (length names, fn i => (List.nth (names, i), let cogen i' = lift i in code (fn (ins : int list) => List.nth (ins, i')) end))
fun run (names, e, inputs) =
    (let val f = eval (compile (params names, e)) in pi (f inputs) end)
    handle Unbound x => "unbound " ^ x | Div => "division by zero"

val e1 = Let ("y", Mul (Var "x", Var "x"), Add (Var "y", Let ("x", Num 1, Sub (Var "y", Var "x"))))
val _ = pr (run (["x"], e1, [7]))
val _ = pr (run (["x"], e1, [~3]))
val e2 = Let ("a", Add (Var "p", Var "q"), Let ("b", Mul (Var "a", Var "a"), Ifz (Sub (Var "b", Num 100), Num 1, Quot (Var "b", Var "q"))))
val _ = app (fn ins => pr (run (["p", "q"], e2, ins))) [[5, 5], [1, 2], [3, 0], [~10, 0]]
val _ = pr (run (["x"], Add (Var "x", Var "z"), [1]))
val _ = pr (run ([], Let ("z", Num 5, Let ("z", Add (Var "z", Var "z"), Mul (Var "z", Var "z"))), []))
(* a deep let chain: x1 = x0 + 1, ..., x200 *)
fun chain 0 = Var "x0"
  | chain n = Let ("x" ^ pi n, Add (Var ("x" ^ pi (n - 1)), Num n), chain (n - 1))
fun chainUp k = let fun go i = if i > k then Var ("x" ^ pi k) else Let ("x" ^ pi i, Add (Var ("x" ^ pi (i - 1)), Num i), go (i + 1)) in go 1 end
val _ = pr (run (["x0"], chainUp 200, [0]) ^ " " ^ run (["x0"], chainUp 200, [1000]))
val _ = pr (run (["x0"], chain 3, [5]))
