(* A small imperative language -- assignments, while and for loops, blocks
   declaring local variables that shadow outer ones, parameterless
   procedures and output -- interpreted over an environment, then compiled by
   staging the same interpreter: names are resolved to slots of a frame at
   generation time, and each statement becomes a generated function over
   the frame. *)

datatype exp = Num of int | Var of string | Add of exp * exp | Sub of exp * exp
             | Mul of exp * exp | Quot of exp * exp | Less of exp * exp | Eq of exp * exp | Not of exp
datatype stm = Assign of string * exp | Seq of stm list | If of exp * stm * stm | While of exp * stm
             | For of string * exp * exp * stm   (* for x := a to b do s *)
             | Block of (string * exp) list * stm
             | Call of string | Print of exp

exception Unbound of string

(* ---- the interpreter: environment of refs, procedures by name ---- *)
fun lookup (x, []) = raise Unbound x
  | lookup (x, (y, v) :: env) = if x = y then v else lookup (x, env)

fun evalE env e =
  case e of
    Num n => n
  | Var x => ! (lookup (x, env))
  | Add (a, b) => evalE env a + evalE env b
  | Sub (a, b) => evalE env a - evalE env b
  | Mul (a, b) => evalE env a * evalE env b
  | Quot (a, b) => evalE env a div evalE env b
  | Less (a, b) => if evalE env a < evalE env b then 1 else 0
  | Eq (a, b) => if evalE env a = evalE env b then 1 else 0
  | Not a => if evalE env a = 0 then 1 else 0

fun exec procs env out s =
  case s of
    Assign (x, e) => lookup (x, env) := evalE env e
  | Seq ss => app (exec procs env out) ss
  | If (c, a, b) => if evalE env c <> 0 then exec procs env out a else exec procs env out b
  | While (c, b) => while evalE env c <> 0 do exec procs env out b
  | For (x, a, b, body) =>
      let val r = lookup (x, env)
          val hi = evalE env b
      in r := evalE env a;
         while !r <= hi do (exec procs env out body; r := !r + 1)
      end
  | Block (decls, body) =>
      exec procs (foldl (fn ((x, e), env') => (x, ref (evalE env' e)) :: env') env decls) out body
  | Call p => exec procs env out (lookup (p, procs))
  | Print e => out := Int.toString (evalE env e) :: !out

fun interpret (procs, globals, main) =
  let val env = map (fn x => (x, ref 0)) globals
      val out = ref []
  in exec procs env out main; String.concatWith " " (rev (!out)) end

(* ---- the compiler: the same walk, staged ----
   A frame is an int array; env maps a name to its slot; the next free
   slot is static. Procedures see the globals only (dynamic scoping would
   need the caller's frame layout), so they are compiled once, against the
   global environment, and kept in a table of code. *)
type frame = int array

fun slot (x, env) = lookup (x, env)

fun compE (env : (string * int) list) (e : exp) : [frame -> int] =
  let fun bin (a, b, k) = let cogen a' = compE env a cogen b' = compE env b in k (a', b') end
  in case e of
       Num n => let cogen n' = lift n in code (fn _ => n') end
     | Var x => let cogen i = lift (slot (x, env)) in code (fn fr => Array.sub (fr, i)) end
     | Add (a, b) => let cogen a' = compE env a cogen b' = compE env b in code (fn fr => a' fr + b' fr) end
     | Sub (a, b) => let cogen a' = compE env a cogen b' = compE env b in code (fn fr => a' fr - b' fr) end
     | Mul (a, b) => let cogen a' = compE env a cogen b' = compE env b in code (fn fr => a' fr * b' fr) end
     | Quot (a, b) => let cogen a' = compE env a cogen b' = compE env b in code (fn fr => a' fr div b' fr) end
     | Less (a, b) => let cogen a' = compE env a cogen b' = compE env b
                      in code (fn fr => if a' fr < b' fr then 1 else 0) end
     | Eq (a, b) => let cogen a' = compE env a cogen b' = compE env b
                    in code (fn fr => if a' fr = b' fr then 1 else 0) end
     | Not a => let cogen a' = compE env a in code (fn fr => if a' fr = 0 then 1 else 0) end
  end

fun compS (procs : (string * [frame * string list ref -> unit]) list) env (next : int)
          (s : stm) : [frame * string list ref -> unit] =
  case s of
    Assign (x, e) =>
      let cogen i = lift (slot (x, env)) cogen e' = compE env e
      in code (fn (fr, _) => Array.update (fr, i, e' fr)) end
  | Seq [] => code (fn _ => ())
  | Seq [s1] => compS procs env next s1
  | Seq (s1 :: rest) =>
      let cogen a = compS procs env next s1 cogen b = compS procs env next (Seq rest)
      in code (fn st => (a st; b st)) end
  | If (c, a, b) =>
      let cogen c' = compE env c cogen a' = compS procs env next a cogen b' = compS procs env next b
      in code (fn (st as (fr, _)) => if c' fr <> 0 then a' st else b' st) end
  | While (c, b) =>
      let cogen c' = compE env c cogen b' = compS procs env next b
      in code (fn (st as (fr, _)) => while c' fr <> 0 do b' st) end
  | For (x, a, b, body) =>
      let cogen i = lift (slot (x, env))
          cogen a' = compE env a cogen b' = compE env b
          cogen body' = compS procs env next body
      in code (fn (st as (fr, _)) =>
           let val hi = b' fr
           in Array.update (fr, i, a' fr);
              while Array.sub (fr, i) <= hi do (body' st; Array.update (fr, i, Array.sub (fr, i) + 1))
           end)
      end
  | Block ([], body) => compS procs env next body
  | Block ((x, e) :: decls, body) =>
      (* each initialiser sees the declarations before it, as in let star; the new slot is the next free one *)
      let cogen e' = compE env e
          cogen i = lift next
          cogen rest = compS procs ((x, next) :: env) (next + 1) (Block (decls, body))
      in code (fn (st as (fr, _)) => (Array.update (fr, i, e' fr); rest st)) end
  | Call p => lookup (p, procs)
  | Print e => let cogen e' = compE env e in code (fn (fr, out) => out := Int.toString (e' fr) :: !out) end

(* the largest frame a statement needs *)
fun depth (Block (ds, b)) = length ds + depth b
  | depth (Seq ss) = foldl Int.max 0 (map depth ss)
  | depth (If (_, a, b)) = Int.max (depth a, depth b)
  | depth (While (_, b)) = depth b
  | depth (For (_, _, _, b)) = depth b
  | depth _ = 0

fun compile (procDefs, globals, main) : [unit -> string] =
  let val genv = ListPair.zip (globals, List.tabulate (length globals, fn i => i))
      val g = length globals
      (* procedures are compiled in order; each may call the earlier ones *)
      val procs = foldl (fn ((p, body), ps) => (p, compS ps genv g body) :: ps) [] procDefs
      cogen m = compS procs genv g main
      cogen size = lift (g + foldl Int.max (depth main) (map (depth o #2) procDefs))
  in code (fn () =>
       let val fr = Array.array (size, 0)
           val out = ref []
       in m (fr, out); String.concatWith " " (rev (!out)) end)
  end

fun run (name, prog as (procDefs, globals, main)) =
  let val i = interpret (procDefs, globals, main)
      val c = eval (compile prog) ()
  in print (name ^ ": " ^ c ^ (if c = i then "" else "  INTERPRETER SAYS " ^ i) ^ "\n") end

(* factorials and sums with for loops *)
val p1 = ([], ["n", "f", "i"],
          For ("n", Num 1, Num 10,
            Seq [Assign ("f", Num 1),
                 For ("i", Num 1, Var "n", Assign ("f", Mul (Var "f", Var "i"))),
                 Print (Var "f")]))

(* Euclid with a procedure, gcd of several pairs *)
val p2 = ([("gcd", While (Not (Eq (Var "b", Num 0)),
                     Block ([("t", Var "b")],
                            Seq [Assign ("b", Sub (Var "a", Mul (Quot (Var "a", Var "b"), Var "b"))),
                                 Assign ("a", Var "t")])))],
          ["a", "b"],
          Seq [Assign ("a", Num 1071), Assign ("b", Num 462), Call "gcd", Print (Var "a"),
               Assign ("a", Num 832040), Assign ("b", Num 514229), Call "gcd", Print (Var "a"),
               Assign ("a", Num 360), Assign ("b", Num 84), Call "gcd", Print (Var "a")])

(* shadowing: an inner x hides the global one, and the global is unchanged after *)
val p3 = ([], ["x", "y"],
          Seq [Assign ("x", Num 5),
               Block ([("x", Add (Var "x", Num 100)), ("y2", Var "x")],
                      Seq [Print (Var "x"), Print (Var "y2"), Assign ("x", Num 0), Assign ("y", Var "x")]),
               Print (Var "x"), Print (Var "y"),
               Block ([("x", Num 1)], Block ([("x", Add (Var "x", Num 1))], Print (Var "x"))),
               Print (Var "x")])

(* primes below 60 by trial division, procedures calling procedures *)
val p4 = ([("isPrime", Seq [Assign ("p", Num 1), Assign ("d", Num 2),
                            While (Less (Mul (Var "d", Var "d"), Add (Var "k", Num 1)),
                                   Seq [If (Eq (Mul (Quot (Var "k", Var "d"), Var "d"), Var "k"),
                                            Assign ("p", Num 0), Seq []),
                                        Assign ("d", Add (Var "d", Num 1))])]),
           ("report", Seq [Call "isPrime", If (Var "p", Print (Var "k"), Seq [])])],
          ["k", "p", "d"],
          For ("k", Num 2, Num 60, Call "report"))

(* collatz lengths: nested loops and blocks in a loop body *)
val p5 = ([], ["n", "steps", "best", "arg"],
          Seq [For ("n", Num 1, Num 30,
                    Block ([("m", Var "n"), ("c", Num 0)],
                           Seq [While (Not (Eq (Var "m", Num 1)),
                                       Seq [If (Eq (Mul (Quot (Var "m", Num 2), Num 2), Var "m"),
                                                Assign ("m", Quot (Var "m", Num 2)),
                                                Assign ("m", Add (Mul (Var "m", Num 3), Num 1))),
                                            Assign ("c", Add (Var "c", Num 1))]),
                                If (Less (Var "best", Var "c"), Seq [Assign ("best", Var "c"), Assign ("arg", Var "n")], Seq [])])),
               Print (Var "arg"), Print (Var "best")])

val _ = app run [("factorials", p1), ("gcd", p2), ("shadowing", p3), ("primes", p4), ("collatz", p5)]

(* the compiled program is a value: run it many times *)
val collatz = eval (compile p5)
val _ = print ("ten runs: " ^ String.concatWith "|" (List.tabulate (10, fn _ => collatz ())) ^ "\n")

(* an unbound variable is found at generation time, before anything runs *)
val _ = (eval (compile ([], ["a"], Seq [Print (Num 1), Print (Var "zz")])) (); print "not reached\n")
        handle Unbound x => print ("unbound at generation: " ^ x ^ "\n")
(* division by zero happens when the generated code runs *)
val dz = eval (compile ([], ["a"], Seq [Assign ("a", Num 7), Print (Quot (Var "a", Sub (Var "a", Num 7)))]))
val _ = print "generated\n"
val _ = print (dz () handle Div => "Div at run time\n")
