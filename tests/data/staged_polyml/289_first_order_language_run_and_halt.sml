(* An online specialiser for a small first-order language, steered as in
   the online-PE paper by annotations on calls: a Run call is unfolded at
   generation time (its static arguments propagate, its dynamic ones are
   bound once, let-inserted), a Halt call stays a residual call through
   the generated dispatcher.  Specialising the interpreter to a program
   compiles it (the first Futamura projection).  A Run annotation on a
   recursive call with a dynamic test would unfold forever (the paper's
   induced divergence): the specialiser's fuel runs out instead. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype ann = Run | Halt
datatype exp = Num of int | Arg of int | Add of exp * exp | Sub of exp * exp | Mul of exp * exp
             | If0 of exp * exp * exp | Call of ann * int * exp list

(* the plain interpreter *)
fun interp (prog : exp vector) (e, args : int list) =
    case e of
        Num n => n
      | Arg i => List.nth (args, i)
      | Add (a, b) => interp prog (a, args) + interp prog (b, args)
      | Sub (a, b) => interp prog (a, args) - interp prog (b, args)
      | Mul (a, b) => interp prog (a, args) * interp prog (b, args)
      | If0 (c, t, e) => if interp prog (c, args) = 0 then interp prog (t, args) else interp prog (e, args)
      | Call (_, f, es) => interp prog (Vector.sub (prog, f), map (fn a => interp prog (a, args)) es)

type dyn = [(int -> int list -> int) -> int list -> int]
datatype value = S of int | D of dyn
exception OutOfFuel of int

val unfolded = ref 0
fun dynOf (S n) : dyn = let cogen c = lift n in code (fn _ => fn _ => c) end
  | dynOf (D c) = c
fun binop (f : int * int -> int, fc : [int * int -> int]) (S a, S b) = S (f (a, b))
  | binop (f, fc) (x, y) = let cogen a = dynOf x cogen b = dynOf y cogen g = fc
                           in D (code (fn call => fn rt => g (a call rt, b call rt))) end

fun spec (prog : exp vector, fuel : int ref) (e, env : value list) : value =
    case e of
        Num n => S n
      | Arg i => List.nth (env, i)
      | Add (a, b) => binop (op +, code (fn (x, y) => x + y)) (spec (prog, fuel) (a, env), spec (prog, fuel) (b, env))
      | Sub (a, b) => binop (op -, code (fn (x, y) => x - y)) (spec (prog, fuel) (a, env), spec (prog, fuel) (b, env))
      | Mul (a, b) => binop (op *, code (fn (x, y) => x * y)) (spec (prog, fuel) (a, env), spec (prog, fuel) (b, env))
      | If0 (c, t, f) =>
          (case spec (prog, fuel) (c, env) of
               S n => if n = 0 then spec (prog, fuel) (t, env) else spec (prog, fuel) (f, env)
             | D cc => let cogen test = cc
                           cogen th = dynOf (spec (prog, fuel) (t, env))
                           cogen el = dynOf (spec (prog, fuel) (f, env))
                       in D (code (fn call => fn rt => if test call rt = 0 then th call rt else el call rt)) end)
      | Call (Halt, f, es) =>
          let val args = map (fn a => dynOf (spec (prog, fuel) (a, env))) es
              val argList = foldr (fn (a, rest) => let cogen h = a cogen t = rest in code (fn call => fn rt => h call rt :: t call rt) end)
                                  (code (fn _ => fn _ => [])) args
              cogen al = argList
              cogen ff = lift f
          in D (code (fn call => fn rt => call ff (al call rt))) end
      | Call (Run, f, es) =>
          let val _ = if !fuel = 0 then raise OutOfFuel f else fuel := !fuel - 1
              val _ = unfolded := !unfolded + 1
              val args = map (fn a => spec (prog, fuel) (a, env)) es
              (* dynamic arguments are evaluated once into a new run-time list; the body reads them from it *)
              val dyns = List.filter (fn S _ => false | D _ => true) args
              fun rebind ([], _) = []
                | rebind (S n :: rest, k) = S n :: rebind (rest, k)
                | rebind (D _ :: rest, k) = let cogen kk = lift k in D (code (fn _ => fn rt => List.nth (rt, kk))) :: rebind (rest, k + 1) end
              val body = spec (prog, fuel) (Vector.sub (prog, f), rebind (args, 0))
          in case (body, dyns) of
                 (S n, _) => S n
               | (D b, _) =>
                   let val argList = foldr (fn (a, rest) => let cogen h = dynOf a cogen t = rest in code (fn call => fn rt => h call rt :: t call rt) end)
                                           (code (fn _ => fn _ => [])) dyns
                       cogen al = argList
                       cogen bb = b
                   in D (code (fn call => fn rt => bb call (al call rt))) end
          end

(* compile every function of the program; calls go through a dispatcher over the compiled bodies *)
fun compile (prog : exp vector, fuelPerBody) : [int -> int list -> int] =
    let val n = Vector.length prog
        fun bodies i : [int -> (int -> int list -> int) -> int list -> int] =
            if i = n then code (fn f => fn _ => fn _ => raise Subscript)
            else let cogen b = dynOf (spec (prog, ref fuelPerBody) (Vector.sub (prog, i), List.tabulate (4, fn k =>
                                        let cogen kk = lift k in D (code (fn _ => fn rt => List.nth (rt, kk))) end)))
                     cogen others = bodies (i + 1)
                     cogen ii = lift i
                 in code (fn f => if f = ii then b else others f) end
        cogen table = bodies 0
    in code (let fun call f args = table f call args in call end) end

(* 0: fact n (recursive, halted); 1: square x; 2: sumsq a b = square a + square b (run calls);
   3: power x n with a recursive Halt call; 4: ack m n *)
val prog = Vector.fromList
  [ If0 (Arg 0, Num 1, Mul (Arg 0, Call (Halt, 0, [Sub (Arg 0, Num 1)]))),
    Mul (Arg 0, Arg 0),
    Add (Call (Run, 1, [Arg 0]), Call (Run, 1, [Add (Arg 1, Num 0)])),
    If0 (Arg 1, Num 1, Mul (Arg 0, Call (Halt, 3, [Arg 0, Sub (Arg 1, Num 1)]))),
    If0 (Arg 0, Add (Arg 1, Num 1),
         If0 (Arg 1, Call (Halt, 4, [Sub (Arg 0, Num 1), Num 1]),
              Call (Halt, 4, [Sub (Arg 0, Num 1), Call (Halt, 4, [Arg 0, Sub (Arg 1, Num 1)])]))) ]

val _ = unfolded := 0
val call = eval (compile (prog, 50))
val _ = pr ("compiled " ^ pi (Vector.length prog) ^ " functions, " ^ pi (!unfolded) ^ " calls unfolded")
val cases = [(0, [5]), (0, [10]), (1, [~7]), (2, [3, 4]), (3, [2, 10]), (3, [~3, 3]), (4, [2, 3]), (4, [3, 3])]
val _ = app (fn (f, args) =>
               pr ("f" ^ pi f ^ " " ^ String.concatWith " " (map pi args) ^ " = " ^ pi (call f args) ^
                   " / " ^ pi (interp prog (Vector.sub (prog, f), args)))) cases

(* a main expression with some static arguments: folded where possible *)
fun specMain (e, fuel) = spec (prog, ref fuel) (e, [D (code (fn _ => fn rt => hd rt))])
fun showV (S n) = "static " ^ pi n
  | showV (D _) = "dynamic"
val mains = [Call (Run, 2, [Num 3, Num 4]), Call (Run, 2, [Arg 0, Num 5]), Call (Run, 1, [Call (Run, 1, [Arg 0])]),
             Call (Halt, 3, [Arg 0, Num 3])]
val _ = app (fn e =>
               case specMain (e, 10) of
                   S n => pr ("main folds to " ^ pi n)
                 | D c => let val f = eval c
                          in pr ("main residual: at 2 -> " ^ pi (f call [2]) ^ ", at ~3 -> " ^ pi (f call [~3]) ^
                                 " (interpreted " ^ pi (interp prog (e, [2])) ^ ", " ^ pi (interp prog (e, [~3])) ^ ")") end) mains

(* a Run annotation on a recursive call: with a static argument it folds, with a dynamic one fuel runs out *)
val runFact = Vector.fromList [If0 (Arg 0, Num 1, Mul (Arg 0, Call (Run, 0, [Sub (Arg 0, Num 1)])))]
val _ = pr ("run-annotated fact 6, static: " ^ showV (spec (runFact, ref 100) (Call (Run, 0, [Num 6]), [])))
val _ = pr ("run-annotated fact n, dynamic: " ^
            (showV (spec (runFact, ref 100) (Call (Run, 0, [Arg 0]), [D (code (fn _ => fn rt => hd rt))]))
             handle OutOfFuel f => "out of fuel unfolding f" ^ pi f))
