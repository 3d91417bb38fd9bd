(* A staged compiler for a small imperative language with procedures,
   loops and exceptions (throw/try) into generated code: variables are
   resolved to array slots at generation time, procedures are compiled
   once into a generation-time table and called through a run-time
   table filled after generation (so they can be recursive), `throw`
   becomes an ML exception carrying the thrown value, `try` a handler in
   the generated code. Programs run with recursion 10^4 deep. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = N of int | V of string | Plus of exp * exp | Minus of exp * exp | Times of exp * exp | Less of exp * exp | Call of string * exp list
datatype stmt = Assign of string * exp | Seq of stmt list | If of exp * stmt * stmt | While of exp * stmt
              | Return of exp | Throw of exp | Try of stmt * string * stmt | Print of exp
datatype proc = Proc of string * string list * string list * stmt    (* name, parameters, locals, body *)

exception Thrown of int
exception Returned of int
exception Unknown of string
val out : string list ref = ref []
(* the run-time procedure table: filled after generation *)
val procs : (string * (int list -> int)) list ref = ref []
fun callProc (name, args) = case List.find (fn (n, _) => n = name) (!procs) of SOME (_, f) => f args | NONE => raise Unknown name

fun slot (x, vars) = let fun go (_, []) = raise Unknown x | go (i, y :: r) = if x = y then i else go (i + 1, r) in go (0, vars) end

fun compE (e : exp, vars : string list) : [int array -> int] =
    case e of
        N n => let cogen n' = lift n in code (fn _ => n') end
      | V x => let cogen i = lift (slot (x, vars)) in code (fn fr => Array.sub (fr, i)) end
      | Plus (a, b) => let cogen ca = compE (a, vars) cogen cb = compE (b, vars) in code (fn fr => ca fr + cb fr) end
      | Minus (a, b) => let cogen ca = compE (a, vars) cogen cb = compE (b, vars) in code (fn fr => ca fr - cb fr) end
      | Times (a, b) => let cogen ca = compE (a, vars) cogen cb = compE (b, vars) in code (fn fr => ca fr * cb fr) end
      | Less (a, b) => let cogen ca = compE (a, vars) cogen cb = compE (b, vars) in code (fn fr => if ca fr < cb fr then 1 else 0) end
      | Call (f, args) =>
          let fun argsCode [] = code (fn (_ : int array) => ([] : int list))
                | argsCode (a :: r) = let cogen ca = compE (a, vars) cogen cr = argsCode r in code (fn fr => let val v = ca fr in v :: cr fr end) end
              cogen cargs = argsCode args cogen f' = lift f
          in code (fn fr => callProc (f', cargs fr)) end

fun compS (s : stmt, vars : string list) : [int array -> unit] =
    case s of
        Assign (x, e) => let cogen i = lift (slot (x, vars)) cogen ce = compE (e, vars) in code (fn fr => Array.update (fr, i, ce fr)) end
      | Seq [] => code (fn _ => ())
      | Seq (s1 :: rest) => let cogen c1 = compS (s1, vars) cogen cr = compS (Seq rest, vars) in code (fn fr => (c1 fr; cr fr)) end
      | If (c, t, f) => let cogen cc = compE (c, vars) cogen ct = compS (t, vars) cogen cf = compS (f, vars)
                        in code (fn fr => if cc fr <> 0 then ct fr else cf fr) end
      | While (c, body) => let cogen cc = compE (c, vars) cogen cb = compS (body, vars)
                           in code (fn fr => let fun loop () = if cc fr <> 0 then (cb fr; loop ()) else () in loop () end) end
      | Return e => let cogen ce = compE (e, vars) in code (fn fr => raise Returned (ce fr)) end
      | Throw e => let cogen ce = compE (e, vars) in code (fn fr => raise Thrown (ce fr)) end
      | Try (body, x, handler) =>
          let cogen cb = compS (body, vars) cogen i = lift (slot (x, vars)) cogen ch = compS (handler, vars)
          in code (fn fr => cb fr handle Thrown v => (Array.update (fr, i, v); ch fr)) end
      | Print e => let cogen ce = compE (e, vars) in code (fn fr => out := pi (ce fr) :: !out) end

fun compP (Proc (name, params, locals, body)) : [int list -> int] =
    let val vars = params @ locals
        cogen cb = compS (body, vars) cogen size = lift (length vars) cogen arity = lift (length params) cogen n = lift name
    in code (fn args => if length args <> arity then raise Unknown ("arity of " ^ n)
                        else let val fr = Array.array (size, 0)
                             in List.app (fn (i, a) => Array.update (fr, i, a)) (ListPair.zip (List.tabulate (arity, fn i => i), args));
                                (cb fr; 0) handle Returned v => v end) end

fun load (ps : proc list) = procs := map (fn p as Proc (name, _, _, _) => (name, eval (compP p))) ps
fun run (name, args) = (out := []; let val r = (pi (callProc (name, args))) handle Thrown v => "uncaught throw " ^ pi v | Unknown x => "unknown " ^ x
                                   in pr (name ^ "(" ^ String.concatWith "," (map pi args) ^ ") = " ^ r ^ (if null (!out) then "" else "  printed " ^ String.concatWith " " (rev (!out)))) end)

val program = [
  Proc ("fact", ["n"], [], If (Less (V "n", N 2), Return (N 1), Return (Times (V "n", Call ("fact", [Minus (V "n", N 1)]))))),
  Proc ("sumTo", ["n"], ["s", "i"], Seq [Assign ("s", N 0), Assign ("i", N 1), While (Less (V "i", Plus (V "n", N 1)), Seq [Assign ("s", Plus (V "s", V "i")), Assign ("i", Plus (V "i", N 1))]), Return (V "s")]),
  Proc ("depth", ["n"], [], If (Less (V "n", N 1), Return (N 0), Return (Plus (N 1, Call ("depth", [Minus (V "n", N 1)]))))),
  Proc ("check", ["x"], [], Seq [If (Less (V "x", N 0), Throw (Times (V "x", N 100)), Seq []), Return (V "x")]),
  Proc ("safe", ["x"], ["e"], Seq [Try (Return (Call ("check", [V "x"])), "e", Seq [Print (V "e"), Return (N ~1)])]),
  Proc ("firstNeg", ["a", "b", "c"], ["e"], Seq [Try (Seq [Print (Call ("check", [V "a"])), Print (Call ("check", [V "b"])), Print (Call ("check", [V "c"]))], "e", Return (V "e")), Return (N 0)]),
  Proc ("deepThrow", ["n"], [], If (Less (V "n", N 1), Throw (N 42), Return (Call ("deepThrow", [Minus (V "n", N 1)])))),
  Proc ("catchDeep", ["n"], ["e"], Seq [Try (Return (Call ("deepThrow", [V "n"])), "e", Return (Plus (V "e", V "n")))]),
  Proc ("collatz", ["n"], ["steps"], Seq [While (Less (N 1, V "n"), Seq [Assign ("steps", Plus (V "steps", N 1)),
                                          If (Minus (V "n", Times (N 2, Call ("half", [V "n"]))), Assign ("n", Plus (Times (N 3, V "n"), N 1)), Assign ("n", Call ("half", [V "n"])))]),
                                          Return (V "steps")]),
  Proc ("half", ["n"], ["h"], Seq [Assign ("h", N 0), While (Less (Times (N 2, Plus (V "h", N 1)), Plus (V "n", N 1)), Assign ("h", Plus (V "h", N 1))), Return (V "h")])]
val _ = load program
val _ = List.app run [("fact", [10]), ("fact", [20]), ("sumTo", [100]), ("depth", [10000]), ("safe", [5]), ("safe", [~3]),
                      ("firstNeg", [1, ~2, ~3]), ("firstNeg", [1, 2, 3]), ("check", [~7]), ("catchDeep", [5000]), ("collatz", [7]),
                      ("nope", []), ("fact", [1, 2])]
val _ = (load [Proc ("bad", [], [], Return (V "y"))]; pr "loaded") handle Unknown x => pr ("compile error: unknown variable " ^ x)
