(* An expression language with let, division, and named failures, compiled
   against a static environment layout: variables become array indices
   resolved at generation time, unbound variables are generation-time
   errors, and division by zero and explicit failures are run-time
   exceptions raised by the generated code, caught and re-raised with
   context by generated handlers. *)
datatype exp = Int of int | Var of string | Bin of char * exp * exp | Let of string * exp * exp
             | Fail of string | Try of exp * exp      (* Try (e, h): h if e fails *)

exception Unbound of string
exception RunFail of string

fun position (x, env) =
  let fun go (_, []) = raise Unbound x
        | go (i, y :: ys) = if x = y then i else go (i + 1, ys)
  in go (0, env) end

(* the interpreter: environment as a list of values *)
fun interp env vals e =
  case e of
      Int n => n
    | Var x => List.nth (vals, position (x, env))
    | Bin (c, a, b) =>
        let val x = interp env vals a val y = interp env vals b
        in case c of #"+" => x + y | #"-" => x - y | #"*" => x * y
                   | #"/" => (x div y handle Div => raise RunFail "division by zero")
                   | _ => raise RunFail ("operator " ^ str c)
        end
    | Let (x, a, b) => interp (x :: env) (interp env vals a :: vals) b
    | Fail m => raise RunFail m
    | Try (a, h) => (interp env vals a handle RunFail _ => interp env vals h)

(* the compiler: the environment's shape is static, values in a list *)
fun comp env e : [int list -> int] =
  case e of
      Int n => let cogen n' = lift n in code (fn _ => n') end
    | Var x => let cogen i = lift (position (x, env)) in code (fn vs => List.nth (vs, i)) end
    | Bin (c, a, b) =>
        let cogen ca = comp env a cogen cb = comp env b
        in case c of
               #"+" => code (fn vs => ca vs + cb vs)
             | #"-" => code (fn vs => ca vs - cb vs)
             | #"*" => code (fn vs => ca vs * cb vs)
             | #"/" => code (fn vs => let val x = ca vs val y = cb vs in x div y handle Div => raise RunFail "division by zero" end)
             | _ => let cogen s = lift ("operator " ^ str c) in code (fn vs => (ignore (ca vs); ignore (cb vs); raise RunFail s)) end
        end
    | Let (x, a, b) => let cogen ca = comp env a cogen cb = comp (x :: env) b in code (fn vs => cb (ca vs :: vs)) end
    | Fail m => let cogen m' = lift m in code (fn _ => raise RunFail m') end
    | Try (a, h) => let cogen ca = comp env a cogen ch = comp env h in code (fn vs => ca vs handle RunFail _ => ch vs) end

fun run name e inputs =
  let val env = ["x", "y"]
      val compiled = SOME (eval (comp env e)) handle Unbound v => (print (name ^ ": unbound " ^ v ^ " at generation\n"); NONE)
      fun show f vs = Int.toString (f vs) handle RunFail m => "fail(" ^ m ^ ")" | Unbound v => "unbound(" ^ v ^ ")"
  in case compiled of
         NONE => ()
       | SOME f => print (name ^ ": " ^ String.concatWith " " (map (fn vs =>
                     let val a = show (interp env vs) e val b = show f vs in if a = b then a else a ^ "/" ^ b end) inputs) ^ "\n")
  end

val inputs = [[1, 2], [0, 5], [7, 0], [~3, 3]]
val _ = run "sum" (Bin (#"+", Var "x", Var "y")) inputs
val _ = run "ratio" (Bin (#"/", Var "x", Var "y")) inputs
val _ = run "safe" (Try (Bin (#"/", Var "y", Var "x"), Int ~1)) inputs
val _ = run "let" (Let ("z", Bin (#"*", Var "x", Var "x"), Let ("x", Bin (#"+", Var "z", Var "y"), Bin (#"-", Var "x", Var "z")))) inputs
val _ = run "unbound" (Let ("z", Int 1, Bin (#"+", Var "z", Var "w"))) inputs
val _ = run "fail" (Try (Fail "boom", Try (Bin (#"%", Var "x", Var "y"), Bin (#"/", Int 100, Var "x")))) inputs
val _ = run "nested" (Let ("a", Try (Bin (#"/", Int 10, Var "y"), Fail "inner"), Bin (#"+", Var "a", Var "a"))) inputs

(* a deep expression: a chain of lets, compiled once and run many times *)
fun chain 0 = Var "x"
  | chain n = Let ("t" ^ Int.toString n, Bin (#"+", chain (n - 1), Int n), Bin (#"*", Var ("t" ^ Int.toString n), Int 1))
val deep = eval (comp ["x", "y"] (chain 60))
val _ = print ("deep: " ^ Int.toString (deep [0, 0]) ^ " = " ^ Int.toString (interp ["x", "y"] [0, 0] (chain 60)) ^ "; 2000 runs "
               ^ Int.toString (List.foldl (fn (i, s) => s + deep [i, 0]) 0 (List.tabulate (2000, fn i => i))) ^ "\n")
val _ = eval (comp ["x"] (Bin (#"/", Var "x", Bin (#"-", Var "x", Var "x")))) [4]
