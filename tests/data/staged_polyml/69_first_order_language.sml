(* A staged interpreter for a first-order functional language with
   recursive function definitions (the classic staging example): each
   function body is compiled once into generated code; calls go through a
   lifted array of compiled functions, filled after generation, so
   recursion and mutual recursion work; arguments are an int list
   environment. Errors: unknown function or variable at generation time,
   wrong arity at run time. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Int of int | Var of string | Prim of string * exp * exp | If of exp * exp * exp | Call of string * exp list
type def = string * string list * exp
exception Unknown of string
exception Arity of string

fun position (x, xs) = let fun go (_, []) = raise Unknown x | go (i, y :: r) = if x = y then i else go (i + 1, r) in go (0, xs) end

fun compile (defs : def list) =
    let val names = map (fn (f, _, _) => f) defs
        val table : (int list -> int) array = Array.array (length defs, fn _ => 0)
        cogen tbl = lift table
        fun exp (params, Int n) = let cogen n' = lift n in code (fn (_ : int list) => n') end
          | exp (params, Var x) = let cogen i = lift (position (x, params)) in code (fn env => List.nth (env, i)) end
          | exp (params, Prim (p, a, b)) =
              let cogen x = exp (params, a) cogen y = exp (params, b)
                  cogen opr = (case p of "+" => code (op +) | "-" => code (op -) | "*" => code (op * )
                                       | "<" => code (fn (a, b) => if a < b then 1 else 0)
                                       | "=" => code (fn (a, b) => if a = b then 1 else 0)
                                       | _ => raise Unknown p)
              in code (fn env => opr (x env, y env)) end
          | exp (params, If (c, t, e)) =
              let cogen c' = exp (params, c) cogen t' = exp (params, t) cogen e' = exp (params, e)
              in code (fn env => if c' env <> 0 then t' env else e' env) end
          | exp (params, Call (f, args)) =
              let cogen i = lift (position (f, names))
                  cogen arity = lift (case List.nth (defs, position (f, names)) of (_, ps, _) => length ps)
                  cogen fname = lift f
                  cogen argv = exps (params, args)
              in code (fn env => let val vs = argv env
                                 in if length vs <> arity then raise Arity fname else Array.sub (tbl, i) vs end) end
        and exps (params, []) = code (fn (_ : int list) => [] : int list)
          | exps (params, e :: es) = let cogen h = exp (params, e) cogen t = exps (params, es) in code (fn env => h env :: t env) end
        val compiled = map (fn (_, params, body) => eval (exp (params, body))) defs
        val _ = ListPair.app (fn (i, f) => Array.update (table, i, f)) (List.tabulate (length defs, fn i => i), compiled)
    in fn (main : string) => let val i = position (main, names) in fn args => Array.sub (table, i) args end end

val prog =
  [("fact", ["n"], If (Prim ("<", Var "n", Int 1), Int 1, Prim ("*", Var "n", Call ("fact", [Prim ("-", Var "n", Int 1)])))),
   ("fib", ["n"], If (Prim ("<", Var "n", Int 2), Var "n", Prim ("+", Call ("fib", [Prim ("-", Var "n", Int 1)]), Call ("fib", [Prim ("-", Var "n", Int 2)])))),
   ("even", ["n"], If (Prim ("=", Var "n", Int 0), Int 1, Call ("odd", [Prim ("-", Var "n", Int 1)]))),
   ("odd", ["n"], If (Prim ("=", Var "n", Int 0), Int 0, Call ("even", [Prim ("-", Var "n", Int 1)]))),
   ("ack", ["m", "n"], If (Prim ("=", Var "m", Int 0), Prim ("+", Var "n", Int 1),
                           If (Prim ("=", Var "n", Int 0), Call ("ack", [Prim ("-", Var "m", Int 1), Int 1]),
                               Call ("ack", [Prim ("-", Var "m", Int 1), Call ("ack", [Var "m", Prim ("-", Var "n", Int 1)])])))),
   ("bad", ["x"], Call ("fact", [Var "x", Var "x"]))]
val run = compile prog
val _ = pr (String.concatWith " " (map (fn n => pi (run "fact" [n])) [0, 1, 5, 10, 20]))
val _ = pr (String.concatWith " " (map (fn n => pi (run "fib" [n])) [0, 1, 2, 10, 15]))
val _ = pr (String.concatWith " " (map (fn n => pi (run "even" [n]) ^ pi (run "odd" [n])) [0, 1, 7, 100]))
val _ = pr (pi (run "ack" [2, 3]) ^ " " ^ pi (run "ack" [3, 2]))
val _ = pr ((pi (run "bad" [3])) handle Arity f => "arity error calling " ^ f)
val _ = pr ((ignore (compile [("f", [], Var "y")]); "compiled") handle Unknown x => "unknown " ^ x)
val _ = pr ((ignore (compile [("f", [], Call ("g", []))]); "compiled") handle Unknown x => "unknown " ^ x)
val _ = pr ((ignore (compile [("f", ["a"], Prim ("/", Var "a", Var "a"))]); "compiled") handle Unknown x => "unknown primitive " ^ x)
val _ = pr ((pi (run "nope" [])) handle Unknown x => "no function " ^ x)
