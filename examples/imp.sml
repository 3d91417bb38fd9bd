(* A staged interpreter for a small imperative language: the classic
   example of staging, where specialising an interpreter to a program
   compiles the program.

   IMP has integer variables, arithmetic, comparisons, assignment,
   sequences, conditionals and while loops. `exec` interprets a program:
   each time it runs a command it dispatches on the command's constructor
   and looks its variables up by name in the environment. Its staged twin
   `compCmd` does the dispatching and the name lookups once, while
   generating code; the code it emits reads and writes the store's slots
   by number and loops with ML's `while`. Which variable a
   name denotes is fixed before the program runs (the environment is
   known at generation time); the values in the store are not.

   A variable that is not declared is found while generating the code, so
   a bad program is refused before any of it runs. *)
fun pr s = print (s ^ "\n")

datatype exp =
    Num of int
  | Var of string
  | Add of exp * exp
  | Sub of exp * exp
  | Mul of exp * exp
  | Mod of exp * exp

datatype test =
    Less of exp * exp
  | Equal of exp * exp
  | Not of test

datatype cmd =
    Assign of string * exp
  | Block of cmd list
  | If of test * cmd * cmd
  | While of test * cmd

(* A program: its parameters, its other variables, its body, and the
   expression whose value it returns. Every variable starts at 0, the
   parameters at their arguments. *)
type program = string list * string list * cmd * exp

(* ---------------------------------------------------------- environments *)

(* The environment maps a variable to its slot in the store: its position
   in the list of the program's variables. *)
exception Undeclared of string

fun slot (x, env) =
    let fun find ([], _) = raise Undeclared x
          | find (y :: ys, i) = if x = y then i else find (ys, i + 1)
    in find (env, 0) end

fun newStore (params, locals) args =
    let val store = Array.array (length params + length locals, 0)
    in List.foldl (fn (a, i) => (Array.update (store, i, a); i + 1)) 0 args;
       store
    end

(* ----------------------------------------------------------- interpreter *)

fun evalExp (env, Num n, store) = n
  | evalExp (env, Var x, store) = Array.sub (store, slot (x, env))
  | evalExp (env, Add (a, b), store) = evalExp (env, a, store) + evalExp (env, b, store)
  | evalExp (env, Sub (a, b), store) = evalExp (env, a, store) - evalExp (env, b, store)
  | evalExp (env, Mul (a, b), store) = evalExp (env, a, store) * evalExp (env, b, store)
  | evalExp (env, Mod (a, b), store) = evalExp (env, a, store) mod evalExp (env, b, store)

fun evalTest (env, Less (a, b), store) = evalExp (env, a, store) < evalExp (env, b, store)
  | evalTest (env, Equal (a, b), store) = evalExp (env, a, store) = evalExp (env, b, store)
  | evalTest (env, Not t, store) = not (evalTest (env, t, store))

fun exec (env, Assign (x, e), store) = Array.update (store, slot (x, env), evalExp (env, e, store))
  | exec (env, Block cs, store) = app (fn c => exec (env, c, store)) cs
  | exec (env, If (t, c1, c2), store) =
      if evalTest (env, t, store) then exec (env, c1, store) else exec (env, c2, store)
  | exec (env, cmd as While (t, body), store) =
      if evalTest (env, t, store) then (exec (env, body, store); exec (env, cmd, store)) else ()

(* run the program on its arguments; the value of its result expression *)
fun interpret ((params, locals, body, result) : program) args =
    let val env = params @ locals
        val store = newStore (params, locals) args
    in exec (env, body, store); evalExp (env, result, store) end

(* ----------------------------------------------------------- staged twin *)

(* compExp (env, e) : a generator of fn store => the value of e. The slot of
   a variable is computed here and lifted into the code as a constant. Each
   operand's code is spliced into its operator's (`ca store` applies a
   code variable, so its `fn` is beta-reduced while generating): an
   expression's code has no call in it. *)
fun compExp (env, Num n) = let cogen n' = lift n in code (fn store => n') end
  | compExp (env, Var x) =
      let cogen i = lift (slot (x, env))
      in code (fn store => Array.sub (store, i)) end
  | compExp (env, Add (a, b)) =
      let cogen ca = compExp (env, a)
          cogen cb = compExp (env, b)
      in code (fn store => ca store + cb store) end
  | compExp (env, Sub (a, b)) =
      let cogen ca = compExp (env, a)
          cogen cb = compExp (env, b)
      in code (fn store => ca store - cb store) end
  | compExp (env, Mul (a, b)) =
      let cogen ca = compExp (env, a)
          cogen cb = compExp (env, b)
      in code (fn store => ca store * cb store) end
  | compExp (env, Mod (a, b)) =
      let cogen ca = compExp (env, a)
          cogen cb = compExp (env, b)
      in code (fn store => ca store mod cb store) end

fun compTest (env, Less (a, b)) =
      let cogen ca = compExp (env, a)
          cogen cb = compExp (env, b)
      in code (fn store => ca store < cb store) end
  | compTest (env, Equal (a, b)) =
      let cogen ca = compExp (env, a)
          cogen cb = compExp (env, b)
      in code (fn store => ca store = cb store) end
  | compTest (env, Not t) =
      let cogen ct = compTest (env, t)
      in code (fn store => not (ct store)) end

fun compCmd (env, Assign (x, e)) =
      let cogen i = lift (slot (x, env))
          cogen ce = compExp (env, e)
      in code (fn store => Array.update (store, i, ce store)) end
  | compCmd (env, Block []) = code (fn store => ())
  | compCmd (env, Block (c :: cs)) =
      let cogen first = compCmd (env, c)
          cogen rest = compCmd (env, Block cs)
      in code (fn store => (first store; rest store)) end
  | compCmd (env, If (t, c1, c2)) =
      let cogen ct = compTest (env, t)
          cogen cc1 = compCmd (env, c1)
          cogen cc2 = compCmd (env, c2)
      in code (fn store => if ct store then cc1 store else cc2 store) end
  | compCmd (env, While (t, body)) =
      (* IMP's loop becomes ML's, with the test's and the body's code
         spliced into it: the generated loop interprets nothing. *)
      let cogen ct = compTest (env, t)
          cogen cbody = compCmd (env, body)
      in code (fn store => while ct store do cbody store) end

(* compile program : a generator of the program as an ML function of its
   arguments. The store is made afresh for every run. *)
fun compile ((params, locals, body, result) : program) =
    let val env = params @ locals
        cogen cbody = compCmd (env, body)
        cogen cresult = compExp (env, result)
        cogen vars = lift (params, locals)
    in code (fn args =>
               let val store = newStore vars args
               in cbody store; cresult store end)
    end

(* The program as an ML function, generated once: int list -> int. *)
fun specialise program = eval (compile program)

(* ------------------------------------------------------------- programs *)

(* n! *)
val factorial : program =
    (["n"], ["r"],
     Block [Assign ("r", Num 1),
            While (Less (Num 0, Var "n"),
                   Block [Assign ("r", Mul (Var "r", Var "n")),
                          Assign ("n", Sub (Var "n", Num 1))])],
     Var "r")

(* the greatest common divisor of a and b, by Euclid's algorithm *)
val gcd : program =
    (["a", "b"], ["t"],
     While (Not (Equal (Var "b", Num 0)),
            Block [Assign ("t", Mod (Var "a", Var "b")),
                   Assign ("a", Var "b"),
                   Assign ("b", Var "t")]),
     Var "a")

(* how many primes are below n, by trial division: nested loops *)
val primesBelow : program =
    (["n"], ["count", "p", "d", "prime"],
     Block [Assign ("p", Num 2),
            While (Less (Var "p", Var "n"),
                   Block [Assign ("d", Num 2),
                          Assign ("prime", Num 1),
                          While (Less (Mul (Var "d", Var "d"), Add (Var "p", Num 1)),
                                 Block [If (Equal (Mod (Var "p", Var "d"), Num 0),
                                            Assign ("prime", Num 0),
                                            Block []),
                                        Assign ("d", Add (Var "d", Num 1))]),
                          Assign ("count", Add (Var "count", Var "prime")),
                          Assign ("p", Add (Var "p", Num 1))])],
     Var "count")

(* ------------------------------------------------------------------ demo *)

(* The same answers three ways: interpreted, by the generated code, and by
   the same algorithm written directly in ML. *)
fun mlFactorial 0 = 1
  | mlFactorial n = n * mlFactorial (n - 1)

fun mlGcd (a, 0) = a
  | mlGcd (a, b) = mlGcd (b, a mod b)

fun mlPrimesBelow n =
    let fun isPrime p = let fun noDivisor d = d * d > p orelse (p mod d <> 0 andalso noDivisor (d + 1))
                        in noDivisor 2 end
    in length (List.filter isPrime (List.tabulate (Int.max (n - 2, 0), fn i => i + 2))) end

fun show (name, program, args, direct) =
    let val compiled = specialise program
    in pr (StringCvt.padRight #" " 20 (name ^ " " ^ String.concatWith " " (map Int.toString args))
           ^ "interpreted " ^ Int.toString (interpret program args)
           ^ ", compiled " ^ Int.toString (compiled args)
           ^ ", in ML " ^ Int.toString direct)
    end

val _ = show ("factorial", factorial, [10], mlFactorial 10)
val _ = show ("gcd", gcd, [1071, 462], mlGcd (1071, 462))
val _ = show ("primesBelow", primesBelow, [100], mlPrimesBelow 100)

(* One compiled program, many runs: the code is generated once. *)
val compiledGcd = specialise gcd
val _ = pr ("gcd of 360 with 1..12: "
            ^ String.concatWith " " (map (fn b => Int.toString (compiledGcd [360, b])) (List.tabulate (12, fn i => i + 1))))

(* An undeclared variable stops the generation, before anything runs. *)
val broken : program = (["x"], [], Assign ("y", Var "x"), Var "x")
val _ = pr ("compile broken: " ^ ((ignore (compile broken); "generated") handle Undeclared x => "undeclared variable " ^ x))
