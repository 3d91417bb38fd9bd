(* Let-insertion as an LMS or MetaOCaml user would want it, emulated in
   closed modal code: where those systems bind a generated expression to a
   fresh variable and hand the variable to the rest of the generator, here
   the generator emits `let val t = e in k t end` where k is the code of a
   function receiving the bound value.  The example is the classic one: an
   expression language with shared subterms (a DAG), compiled naively
   (each use of a shared node copies its code and recomputes it) and with
   let-insertion (each shared node bound once, in dependence order). *)

datatype node = X | Y | Const of int | Add of int * int | Mul of int * int | Sub of int * int
(* a DAG: node i refers only to nodes below i; the last node is the result *)

val evals = ref 0   (* how many node evaluations the generated code does *)

fun interp (dag : node vector) (x, y) =
  let fun ev i = (evals := !evals + 1;
                  case Vector.sub (dag, i) of
                    X => x | Y => y | Const c => c
                  | Add (a, b) => ev a + ev b | Mul (a, b) => ev a * ev b | Sub (a, b) => ev a - ev b)
  in ev (Vector.length dag - 1) end

(* naive: the code of a node is spliced at every use *)
fun naive (dag : node vector) (i : int) : [int * int -> int] =
  case Vector.sub (dag, i) of
    X => code (fn (x, _) => (evals := !evals + 1; x))
  | Y => code (fn (_, y) => (evals := !evals + 1; y))
  | Const c => let cogen c' = lift c in code (fn _ => (evals := !evals + 1; c')) end
  | Add (a, b) => let cogen a' = naive dag a cogen b' = naive dag b
                  in code (fn p => (evals := !evals + 1; a' p + b' p)) end
  | Mul (a, b) => let cogen a' = naive dag a cogen b' = naive dag b
                  in code (fn p => (evals := !evals + 1; a' p * b' p)) end
  | Sub (a, b) => let cogen a' = naive dag a cogen b' = naive dag b
                  in code (fn p => (evals := !evals + 1; a' p - b' p)) end

(* with let-insertion: node i's value is kept in slot i of an environment
   array; the generator emits one `let` per node, in order, each computing
   its node from slots already filled.  The environment is what the fresh
   variables of LMS would be. *)
fun nodeCode (n : node) : [int * int * int array -> int] =
  case n of
    X => code (fn (x, _, _) => (evals := !evals + 1; x))
  | Y => code (fn (_, y, _) => (evals := !evals + 1; y))
  | Const c => let cogen c' = lift c in code (fn _ => (evals := !evals + 1; c')) end
  | Add (a, b) => let cogen a' = lift a cogen b' = lift b
                  in code (fn (_, _, env) => (evals := !evals + 1; Array.sub (env, a') + Array.sub (env, b'))) end
  | Mul (a, b) => let cogen a' = lift a cogen b' = lift b
                  in code (fn (_, _, env) => (evals := !evals + 1; Array.sub (env, a') * Array.sub (env, b'))) end
  | Sub (a, b) => let cogen a' = lift a cogen b' = lift b
                  in code (fn (_, _, env) => (evals := !evals + 1; Array.sub (env, a') - Array.sub (env, b'))) end

fun withLets (dag : node vector) : [int * int -> int] =
  let val n = Vector.length dag
      fun from i : [int * int * int array -> int] =
        if i = n then let cogen last = lift (n - 1) in code (fn (_, _, env) => Array.sub (env, last)) end
        else let cogen here = nodeCode (Vector.sub (dag, i))
                 cogen i' = lift i
                 cogen rest = from (i + 1)
             in code (fn (st as (_, _, env)) => let val t = here st in Array.update (env, i', t); rest st end) end
      cogen body = from 0
      cogen size = lift n
  in code (fn (x, y) => body (x, y, Array.array (size, 0))) end

(* let-insertion in CPS: the continuation receives the generator of the
   bound value, which here can only be the code of a function of the
   environment, so the binding is again a slot; what CPS buys is that the
   bindings come out in the order the generator meets the nodes, only for
   nodes reachable from the root *)
fun cpsGen (dag : node vector) : [int * int -> int] =
  let val n = Vector.length dag
      val bound = Array.array (n, false)
      fun gen (i : int) (k : unit -> [int * int * int array -> int]) : [int * int * int array -> int] =
        if Array.sub (bound, i) then k ()
        else (Array.update (bound, i, true);
              case Vector.sub (dag, i) of
                Add (a, b) => gen a (fn () => gen b (fn () => bind i k))
              | Mul (a, b) => gen a (fn () => gen b (fn () => bind i k))
              | Sub (a, b) => gen a (fn () => gen b (fn () => bind i k))
              | _ => bind i k)
      and bind i k =
        let cogen here = nodeCode (Vector.sub (dag, i))
            cogen i' = lift i
            cogen rest = k ()
        in code (fn (st as (_, _, env)) => (Array.update (env, i', here st); rest st)) end
      cogen last = lift (n - 1)
      cogen body = gen (n - 1) (fn () => code (fn (_, _, env) => Array.sub (env, last)))
      cogen size = lift n
  in code (fn (x, y) => body (x, y, Array.array (size, 0))) end

(* (x + y)^2^k built by repeated squaring: a chain where each node is used twice *)
fun squares k =
  Vector.fromList ([X, Y, Add (0, 1)] @ List.tabulate (k, fn j => Mul (j + 2, j + 2)))
(* a polynomial with shared powers of x, and unused nodes *)
val poly = Vector.fromList [X, Const 3, Mul (0, 0), Mul (2, 0), Mul (1, 3), Const 99, Add (4, 2), Sub (6, 0), Y, Mul (7, 7)]

fun measure name (f : int * int -> int) p =
  (evals := 0; let val r = f p in name ^ " " ^ Int.toString r ^ " (" ^ Int.toString (!evals) ^ " evals)" end)

val _ = app (fn (dname, dag) =>
  let val nv = eval (naive dag (Vector.length dag - 1))
      val wl = eval (withLets dag)
      val cp = eval (cpsGen dag)
  in print (dname ^ ":\n  " ^ measure "interp" (interp dag) (2, ~1) ^ "\n  " ^ measure "naive" nv (2, ~1)
            ^ "\n  " ^ measure "lets" wl (2, ~1) ^ "\n  " ^ measure "cps" cp (2, ~1) ^ "\n") end)
  [("squares 4", squares 4), ("squares 10", squares 10), ("poly", poly)]

val f = eval (cpsGen poly)
val _ = print ("poly over a grid: " ^ String.concatWith " " (List.tabulate (6, fn i => Int.toString (f (i - 3, i)))) ^ "\n")
