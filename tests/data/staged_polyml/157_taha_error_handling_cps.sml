(* Taha, "A Gentle Introduction to Multi-stage Programming" (2003), §4.3
   and §5: a staged interpreter must report division by zero. Returning
   an option from every generated subexpression fills the generated code
   with matches on SOME/NONE; rewriting the staged interpreter in
   continuation-passing style moves the error test to the divisions and
   calls the failure continuation directly. A third version raises an
   exception from the generated code and handles it at stage 0. All three
   compile the same programs and must agree; the variable environment is a
   run-time list indexed by generation-time positions (closed code). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Int of int | Var of string | Add of exp * exp | Sub of exp * exp | Mul of exp * exp
             | Div of exp * exp | Ifz of exp * exp * exp | Let of string * exp * exp

exception Unbound of string
fun index (x, vars) =
    let fun go (_, []) = raise Unbound x
          | go (k, y :: ys) = if x = y then k else go (k + 1, ys)
    in go (0, vars) end

(* 1. option-returning generated code *)
fun genOpt (e : exp) (vars : string list) : [int list -> int option] =
    case e of
        Int n => let cogen n' = lift n in code (fn _ => SOME n') end
      | Var x => let cogen k = lift (index (x, vars)) in code (fn env => SOME (List.nth (env, k))) end
      | Add (a, b) => binOpt (a, b, vars, code (fn (x, y) => SOME (x + y)))
      | Sub (a, b) => binOpt (a, b, vars, code (fn (x, y) => SOME (x - y)))
      | Mul (a, b) => binOpt (a, b, vars, code (fn (x, y) => SOME (x * y)))
      | Div (a, b) => binOpt (a, b, vars, code (fn (x, y) => if y = 0 then NONE else SOME (x div y)))
      | Ifz (c, t, f) => let cogen c' = genOpt c vars cogen t' = genOpt t vars cogen f' = genOpt f vars
                         in code (fn env => case c' env of NONE => NONE | SOME 0 => t' env | SOME _ => f' env) end
      | Let (x, a, b) => let cogen a' = genOpt a vars cogen b' = genOpt b (x :: vars)
                         in code (fn env => case a' env of NONE => NONE | SOME v => b' (v :: env)) end
and binOpt (a, b, vars, f) =
    let cogen a' = genOpt a vars cogen b' = genOpt b vars cogen f' = f
    in code (fn env => case a' env of NONE => NONE | SOME x => (case b' env of NONE => NONE | SOME y => f' (x, y))) end

(* 2. CPS: success continuation receives the value, failure is called at a division *)
type 'a k = int list * (int -> 'a) * (unit -> 'a) -> 'a
fun genK (e : exp) (vars : string list) : [string k] =
    case e of
        Int n => let cogen n' = lift n in code (fn (_, ok, _) => ok n') end
      | Var x => let cogen i = lift (index (x, vars)) in code (fn (env, ok, _) => ok (List.nth (env, i))) end
      | Add (a, b) => binK (a, b, vars, code (fn (x, y, ok, _) => ok (x + y)))
      | Sub (a, b) => binK (a, b, vars, code (fn (x, y, ok, _) => ok (x - y)))
      | Mul (a, b) => binK (a, b, vars, code (fn (x, y, ok, _) => ok (x * y)))
      | Div (a, b) => binK (a, b, vars, code (fn (x, y, ok, fail) => if y = 0 then fail () else ok (x div y)))
      | Ifz (c, t, f) => let cogen c' = genK c vars cogen t' = genK t vars cogen f' = genK f vars
                         in code (fn (env, ok, fail) => c' (env, fn 0 => t' (env, ok, fail) | _ => f' (env, ok, fail), fail)) end
      | Let (x, a, b) => let cogen a' = genK a vars cogen b' = genK b (x :: vars)
                         in code (fn (env, ok, fail) => a' (env, fn v => b' (v :: env, ok, fail), fail)) end
and binK (a, b, vars, f) =
    let cogen a' = genK a vars cogen b' = genK b vars cogen f' = f
    in code (fn (env, ok, fail) => a' (env, fn x => b' (env, fn y => f' (x, y, ok, fail), fail), fail)) end

(* 3. exceptions: Div raised by generated code *)
fun genX (e : exp) (vars : string list) : [int list -> int] =
    case e of
        Int n => let cogen n' = lift n in code (fn _ => n') end
      | Var x => let cogen i = lift (index (x, vars)) in code (fn env => List.nth (env, i)) end
      | Add (a, b) => let cogen a' = genX a vars cogen b' = genX b vars in code (fn env => a' env + b' env) end
      | Sub (a, b) => let cogen a' = genX a vars cogen b' = genX b vars in code (fn env => a' env - b' env) end
      | Mul (a, b) => let cogen a' = genX a vars cogen b' = genX b vars in code (fn env => a' env * b' env) end
      | Div (a, b) => let cogen a' = genX a vars cogen b' = genX b vars in code (fn env => a' env div b' env) end
      | Ifz (c, t, f) => let cogen c' = genX c vars cogen t' = genX t vars cogen f' = genX f vars
                         in code (fn env => if c' env = 0 then t' env else f' env) end
      | Let (x, a, b) => let cogen a' = genX a vars cogen b' = genX b (x :: vars) in code (fn env => b' (a' env :: env)) end

fun runAll (name, e) =
    let val o1 = case eval (genOpt e ["input"]) [10] of NONE => "error" | SOME v => pi v
        val o2 = eval (genK e ["input"]) ([10], pi, fn () => "error")
        val o3 = (pi (eval (genX e ["input"]) [10])) handle General.Div => "error"
    in pr (name ^ ": " ^ o1 ^ " " ^ o2 ^ " " ^ o3 ^ (if o1 = o2 andalso o2 = o3 then "" else " DISAGREE")) end
    handle Unbound x => pr (name ^ ": unbound " ^ x ^ " while generating")
val _ = List.app runAll
  [("arith", Add (Mul (Var "input", Int 3), Sub (Int 100, Var "input"))),
   ("div", Div (Int 1000, Sub (Var "input", Int 3))),
   ("div0", Div (Int 1000, Sub (Var "input", Int 10))),
   ("let", Let ("y", Mul (Var "input", Var "input"), Let ("z", Div (Var "y", Int 7), Add (Var "y", Var "z")))),
   ("guard", Ifz (Sub (Var "input", Int 10), Int 0, Div (Int 1, Sub (Var "input", Int 10)))),
   ("guarded error", Ifz (Int 1, Int 0, Div (Int 1, Int 0))),
   ("error in test", Ifz (Div (Var "input", Int 0), Int 1, Int 2)),
   ("shadow", Let ("input", Int 4, Let ("input", Add (Var "input", Int 1), Var "input"))),
   ("unbound", Add (Var "nope", Int 1))]
(* a deep chain of lets, compiled three ways *)
fun chain 0 = Var "input"
  | chain n = Let ("v", chain (n - 1), Div (Mul (Var "v", Int 3), Int 2))
val _ = runAll ("chain 30", chain 30)
val _ = runAll ("chain 30 / 0", Div (chain 30, Sub (Var "input", Var "input")))
