(* Boolean formulae compiled three ways: the formula's tree walked by
   generated code (short-circuit and/or, a test per variable occurrence);
   a reduced ordered BDD built at generation time (hash-consed in a table)
   and emitted as nested ifs, one test per variable on any path; and the
   same BDD emitted with its shared nodes generated once, as functions in
   an array.  All three are checked against the interpreter on every
   assignment. *)

datatype formula = V of int | T | F | Not of formula | And of formula * formula
                 | Or of formula * formula | Xor of formula * formula | Imp of formula * formula

fun evalF (env : bool vector) f =
  case f of
    V i => Vector.sub (env, i) | T => true | F => false | Not a => not (evalF env a)
  | And (a, b) => evalF env a andalso evalF env b | Or (a, b) => evalF env a orelse evalF env b
  | Xor (a, b) => evalF env a <> evalF env b | Imp (a, b) => not (evalF env a) orelse evalF env b

(* 1. the formula's own shape *)
fun direct (f : formula) : [bool vector -> bool] =
  case f of
    V i => let cogen i' = lift i in code (fn env => Vector.sub (env, i')) end
  | T => code (fn _ => true)
  | F => code (fn _ => false)
  | Not a => let cogen a' = direct a in code (fn env => not (a' env)) end
  | And (a, b) => let cogen a' = direct a cogen b' = direct b in code (fn env => a' env andalso b' env) end
  | Or (a, b) => let cogen a' = direct a cogen b' = direct b in code (fn env => a' env orelse b' env) end
  | Xor (a, b) => let cogen a' = direct a cogen b' = direct b in code (fn env => a' env <> b' env) end
  | Imp (a, b) => let cogen a' = direct a cogen b' = direct b in code (fn env => not (a' env) orelse b' env) end

(* 2. ROBDD: node 0 is false, 1 is true, others (var, low, high) in a table *)
type bdd = int
val table : (int * int * int) list ref = ref []   (* newest first; node k at position size - 1 - k + 2 *)
val count = ref 2
fun node (k : int) : int * int * int = List.nth (!table, !count - 1 - k)
fun mk (v, lo, hi) =
  if lo = hi then lo
  else let fun find ([], _) = NONE
             | find ((v', l', h') :: rest, k) = if v = v' andalso lo = l' andalso hi = h' then SOME k else find (rest, k - 1)
       in case find (!table, !count - 1) of
            SOME k => k
          | NONE => (table := (v, lo, hi) :: !table; count := !count + 1; !count - 1)
       end
fun var (b : bdd) = if b < 2 then 1000000 else #1 (node b)
fun cofactors (b : bdd, v) = if var b = v then let val (_, l, h) = node b in (l, h) end else (b, b)
fun apply (op' : bool * bool -> bool) (a : bdd, b : bdd) : bdd =
  if a < 2 andalso b < 2 then (if op' (a = 1, b = 1) then 1 else 0)
  else let val v = Int.min (var a, var b)
           val (al, ah) = cofactors (a, v)
           val (bl, bh) = cofactors (b, v)
       in mk (v, apply op' (al, bl), apply op' (ah, bh)) end
fun build f : bdd =
  case f of
    V i => mk (i, 0, 1) | T => 1 | F => 0
  | Not a => apply (fn (x, _) => not x) (build a, 0)
  | And (a, b) => apply (fn (x, y) => x andalso y) (build a, build b)
  | Or (a, b) => apply (fn (x, y) => x orelse y) (build a, build b)
  | Xor (a, b) => apply (fn (x, y) => x <> y) (build a, build b)
  | Imp (a, b) => apply (fn (x, y) => not x orelse y) (build a, build b)

fun reachable (b : bdd) : int list =
  let fun go (b, seen) = if b < 2 orelse List.exists (fn s => s = b) seen then seen
                         else let val (_, l, h) = node b in go (h, go (l, b :: seen)) end
  in go (b, []) end

fun asTree (b : bdd) : [bool vector -> bool] =
  if b = 0 then code (fn _ => false)
  else if b = 1 then code (fn _ => true)
  else let val (v, lo, hi) = node b
           cogen v' = lift v cogen l = asTree lo cogen h = asTree hi
       in code (fn env => if Vector.sub (env, v') then h env else l env) end

(* shared: slot k of an array holds node k's function; each node is generated once *)
fun asShared (root : bdd) : [bool vector -> bool] =
  let val nodes = reachable root
      fun target k : [(bool vector -> bool) array * bool vector -> bool] =
        if k = 0 then code (fn _ => false) else if k = 1 then code (fn _ => true)
        else let cogen k' = lift k in code (fn (tbl, env) => Array.sub (tbl, k') env) end
      fun fill [] : [(bool vector -> bool) array -> unit] = code (fn _ => ())
        | fill (k :: ks) =
            let val (v, lo, hi) = node k
                cogen k' = lift k cogen v' = lift v
                cogen l = target lo cogen h = target hi
                cogen rest = fill ks
            in code (fn tbl => (Array.update (tbl, k', fn env => if Vector.sub (env, v') then h (tbl, env) else l (tbl, env));
                                rest tbl)) end
      cogen setup = fill nodes
      cogen size = lift (!count)
      cogen go = target root
  in code (let val tbl = Array.array (size, fn _ => false) in setup tbl; fn env => go (tbl, env) end) end

fun assignments n = List.tabulate (Word.toInt (Word.<< (0w1, Word.fromInt n)), fn m =>
  Vector.tabulate (n, fn i => Word.andb (Word.fromInt m, Word.<< (0w1, Word.fromInt i)) <> 0w0))

fun check (name, n, f) =
  let val b = build f
      val d = eval (direct f) val t = eval (asTree b) val s = eval (asShared b)
      val envs = assignments n
      val ok = List.all (fn env => let val x = evalF env f in d env = x andalso t env = x andalso s env = x end) envs
      val models = length (List.filter s envs)
  in print (name ^ ": " ^ Int.toString (length (reachable b)) ^ " bdd nodes, " ^ Int.toString models ^ " of "
            ^ Int.toString (length envs) ^ " assignments true" ^ (if ok then "" else ", MISMATCH") ^ "\n") end

(* the n-bit equality of x (vars 0..n-1) and y (vars n..2n-1), in the bad order, and interleaved *)
fun eqBits n = List.foldl (fn (i, acc) => And (acc, Not (Xor (V i, V (n + i))))) T (List.tabulate (n, fn i => i))
fun eqInterleaved n = List.foldl (fn (i, acc) => And (acc, Not (Xor (V (2 * i), V (2 * i + 1))))) T (List.tabulate (n, fn i => i))
val parity = List.foldl (fn (i, acc) => Xor (acc, V i)) F (List.tabulate (7, fn i => i))
val majority = Or (Or (And (V 0, V 1), And (V 1, V 2)), And (V 0, V 2))
val tautology = Imp (And (Imp (V 0, V 1), Imp (V 1, V 2)), Imp (V 0, V 2))
val contradiction = And (V 3, Not (Or (V 3, V 1)))

val _ = app check [("majority", 3, majority), ("parity7", 7, parity), ("transitivity", 3, tautology),
                   ("contradiction", 4, contradiction), ("eq4 blocked", 8, eqBits 4), ("eq4 interleaved", 8, eqInterleaved 4)]
val _ = print ("table: " ^ Int.toString (!count) ^ " nodes made in all\n")
