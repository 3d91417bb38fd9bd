(* A staged evaluator for arithmetic with variables, let and division:
   the expression is known at generation time, the environment (a list of
   name/value pairs) at run time. Names let-bound to constants are
   substituted at generation time; other let-bound names go into the
   run-time environment in front of the inputs. Unknown variables and
   division by zero raise exceptions carrying the offending name or
   subexpression, some at generation time, some only when the generated
   code runs; generated code under handlers; lift of the expression
   datatype itself (a value computed at stage 1 and inspected at stage 2);
   a generator of evaluators evaluated at two stages. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype expr = Num of int | Var of string | Add of expr * expr | Sub of expr * expr
              | Mul of expr * expr | Div of expr * expr | Let of string * expr * expr
              | IfZero of expr * expr * expr
exception Unbound of string
exception DivZero of expr

fun show (Num n) = pi n
  | show (Var x) = x
  | show (Add (a, b)) = "(" ^ show a ^ "+" ^ show b ^ ")"
  | show (Sub (a, b)) = "(" ^ show a ^ "-" ^ show b ^ ")"
  | show (Mul (a, b)) = show a ^ "*" ^ show b
  | show (Div (a, b)) = show a ^ "/" ^ show b
  | show (Let (x, a, b)) = "let " ^ x ^ "=" ^ show a ^ " in " ^ show b
  | show (IfZero (c, a, b)) = "ifz " ^ show c ^ " then " ^ show a ^ " else " ^ show b

(* the run-time environment: inputs by name *)
fun input (x, []) = raise Unbound x
  | input (x, (y, v) :: rest) = if x = y then v else input (x, rest)

(* Every generated piece is a function of the run-time environment. The
   static environment maps names let-bound to constants to lifted code. *)
type gen = [(string * int) list -> int]
fun compile (env : (string * [int]) list) (e : expr) : gen =
  case e of
      Num n => let cogen k = lift n in code (fn _ => k) end
    | Var x =>
        (case List.find (fn (y, _) => y = x) env of
             SOME (_, c) => let cogen k = c in code (fn _ => k) end
           | NONE => let cogen name = lift x in code (fn ins => input (name, ins)) end)
    | Add (a, b) => let cogen x = compile env a cogen y = compile env b in code (fn ins => x ins + y ins) end
    | Sub (a, b) => let cogen x = compile env a cogen y = compile env b in code (fn ins => x ins - y ins) end
    | Mul (Num 0, _) => code (fn _ => 0)
    | Mul (a, Num 1) => compile env a
    | Mul (a, b) => let cogen x = compile env a cogen y = compile env b in code (fn ins => x ins * y ins) end
    | Div (_, Num 0) => raise DivZero e
    | Div (a, b) =>
        let cogen x = compile env a
            cogen y = compile env b
            cogen whole = lift e
        in code (fn ins => let val d = y ins in if d = 0 then raise DivZero whole else x ins div d end) end
    | Let (x, Num n, b) => compile ((x, lift n) :: env) b
    | Let (x, a, b) =>
        let cogen v = compile env a
            cogen name = lift x
            cogen body = compile (List.filter (fn (y, _) => y <> x) env) b
        in code (fn ins => body ((name, v ins) :: ins)) end
    | IfZero (c, a, b) =>
        let cogen t = compile env c
            cogen yes = compile env a
            cogen no = compile env b
        in code (fn ins => if t ins = 0 then yes ins else no ins) end

fun build (e : expr) : [(string * int) list -> string] =
  let cogen body = compile [] e
  in code (fn ins => pi (body ins)
                     handle Unbound x => "unbound " ^ x
                          | DivZero d => "division by zero in " ^ show d)
  end

val programs =
  [Add (Num 1, Mul (Num 2, Num 3)),
   Let ("x", Num 5, Mul (Var "x", Var "x")),
   Let ("x", Var "a", Let ("y", Add (Var "x", Num 1), Mul (Var "x", Var "y"))),
   Div (Var "a", Sub (Var "b", Var "b")),
   Div (Num 100, Var "b"),
   IfZero (Sub (Var "a", Num 3), Var "yes", Var "no"),
   Let ("a", Num 10, Add (Var "a", Var "b")),
   Mul (Num 0, Var "missing"),
   Add (Var "missing", Num 1),
   Let ("z", Mul (Var "a", Num 1), Let ("z", Add (Var "z", Var "z"), Sub (Var "z", Num 1))),
   Let ("u", Var "nowhere", Num 3),
   Let ("k", Num 2, Let ("k", Add (Var "k", Var "a"), Mul (Var "k", Var "k")))]
val envs = [[("a", 3), ("b", 4), ("yes", 111), ("no", 222)], [("a", 7), ("b", 0), ("no", ~1)]]
val () = app (fn e =>
  let val f = eval (build e)
  in pr (show e ^ " => " ^ String.concatWith " | " (map f envs)) end) programs

(* failures while generating: a literal division by zero *)
val () = pr ((ignore (build (Add (Num 1, Div (Var "a", Num 0)))); "built")
             handle DivZero d => "refused at generation: " ^ show d)

(* a value from stage 1 lifted and pattern-matched inside generated code *)
fun describe (g : [expr]) : [string] =
  let cogen v = g in
  code (case v of
            Num n => "a number " ^ pi n
          | Let (x, _, body) => "a let of " ^ x ^ " around " ^ show body
          | other => "something: " ^ show other)
  end
val () = app (fn e => pr (eval (describe (lift e)))) [Num ~4, hd (tl programs), Add (Var "q", Num 0)]

(* two stages of eval: a generator of evaluators, specialised on the input names *)
fun specialise (names : string list) (e : expr) : [[int list -> int]] =
  let cogen ns = lift names
      cogen ee = lift e in
  code (let cogen f = build ee
            cogen ns2 = lift ns
        in code (fn vs => case Int.fromString (f (ListPair.zip (ns2, vs))) of SOME n => n | NONE => ~999) end)
  end
val twoStage = eval (specialise ["a", "b"] (Add (Mul (Var "a", Var "a"), Var "b")))
val f2 = eval twoStage
val () = pr ("two stages: " ^ String.concatWith " " (map (pi o f2) [[1, 2], [3, 4], [~5, 0]]))
val bad = eval (eval (specialise ["a"] (Var "b")))
val () = pr ("two stages, unbound: " ^ pi (bad [1]))
