(* Code generation in continuation-passing style with naming of
   intermediate results: the generator of an arithmetic expression
   stores every computed subexpression in a numbered slot of a run-time
   array, and later occurrences of the same subexpression (found with a
   generation-time memo table) read the slot instead of recomputing it.
   Generation-time continuations receive the generator of an operand and
   build the rest of the straight-line code around it. A counter of
   run-time operations compares with plain generation. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = X | Y | K of int | Add of exp * exp | Mul of exp * exp | Sub of exp * exp

val operations = ref 0
fun tick () = operations := !operations + 1

(* plain generation: every occurrence generates its own code *)
fun plain (e : exp) : [int * int -> int] =
    case e of
        X => code (fn (x, _) => x)
      | Y => code (fn (_, y) => y)
      | K n => let cogen n' = lift n in code (fn _ => n') end
      | Add (a, b) => let cogen ca = plain a cogen cb = plain b in code (fn v => (tick (); ca v + cb v)) end
      | Mul (a, b) => let cogen ca = plain a cogen cb = plain b in code (fn v => (tick (); ca v * cb v)) end
      | Sub (a, b) => let cogen ca = plain a cogen cb = plain b in code (fn v => (tick (); ca v - cb v)) end

type operand = [int array * (int * int) -> int]
type memo = (exp * int) list
fun slotRead (s : int) : operand = let cogen s' = lift s in code (fn (slots, _) => Array.sub (slots, s')) end

(* gen (e, memo, next, k): generate e's computation, then continue with its operand *)
fun gen (e : exp, memo : memo, next : int, k : operand * memo * int -> [int array * (int * int) -> int]) : [int array * (int * int) -> int] =
    case List.find (fn (e', _) => e' = e) memo of
        SOME (_, s) => k (slotRead s, memo, next)
      | NONE =>
          case e of
              X => k (code (fn (_, (x, _)) => x), memo, next)
            | Y => k (code (fn (_, (_, y)) => y), memo, next)
            | K n => k (let cogen n' = lift n in code (fn _ => n') end, memo, next)
            | Add (a, b) => binop (e, a, b, code (op +), memo, next, k)
            | Mul (a, b) => binop (e, a, b, code (op * ), memo, next, k)
            | Sub (a, b) => binop (e, a, b, code (op -), memo, next, k)
and binop (e, a, b, f : [int * int -> int], memo, next, k) =
    gen (a, memo, next, fn (ca, memo1, next1) =>
    gen (b, memo1, next1, fn (cb, memo2, next2) =>
        let cogen ca' = ca cogen cb' = cb cogen f' = f cogen s = lift next2
            cogen rest = k (slotRead next2, (e, next2) :: memo2, next2 + 1)
        in code (fn (slots, v) => (tick (); Array.update (slots, s, f' (ca' (slots, v), cb' (slots, v))); rest (slots, v))) end))

val slotsUsed = ref 0
fun compile (e : exp) : [int * int -> int] =
    let cogen body = gen (e, [], 0, fn (result, _, n) => (slotsUsed := n; let cogen r = result in code (fn sv => r sv) end))
        cogen n = lift (!slotsUsed)
    in code (fn v => body (Array.array (Int.max (1, n), 0), v)) end

fun size (X) = 1 | size Y = 1 | size (K _) = 1
  | size (Add (a, b)) = 1 + size a + size b | size (Mul (a, b)) = 1 + size a + size b | size (Sub (a, b)) = 1 + size a + size b
fun measure (name, e, inputs) =
    let val p = eval (plain e)
        val c = eval (compile e)
        val _ = operations := 0
        val rp = map p inputs
        val opsPlain = !operations
        val _ = operations := 0
        val rc = map c inputs
        val opsShared = !operations
    in pr (name ^ ": size " ^ pi (size e) ^ ", slots " ^ pi (!slotsUsed) ^ ", results " ^ String.concatWith "," (map pi rc) ^
           (if rp = rc then " (same)" else " (DIFFERENT)") ^ ", operations " ^ pi opsPlain ^ " vs " ^ pi opsShared) end

val xy = Add (X, Y)
val sq = Mul (xy, xy)
val _ = measure ("(x+y)^2", sq, [(1, 2), (3, 4), (~5, 5)])
val _ = measure ("(x+y)^4 - (x+y)^2", Sub (Mul (sq, sq), sq), [(1, 1), (2, 3)])
fun powerE (b, 0) = K 1 | powerE (b, n) = Mul (b, powerE (b, n - 1))
val _ = measure ("x^6 + x^6", Add (powerE (X, 6), powerE (X, 6)), [(2, 0), (3, 0)])
(* repeated squaring: the expression tree is exponential, the named code linear *)
fun tower (e, 0) = e | tower (e, n) = let val t = tower (e, n - 1) in Mul (t, t) end
val _ = measure ("(x+1-y) squared 8 times", tower (Sub (Add (X, K 1), Y), 8), [(1, 1), (0, 1), (5, 7)])
fun sumTree 0 = X | sumTree n = Add (sumTree (n - 1), Sub (sumTree (n - 1), Y))
val _ = measure ("sum tree depth 10", sumTree 10, [(1, 0), (5, 3)])
(* the named code run many times *)
val fast = eval (compile (tower (Sub (X, Y), 12)))
val _ = operations := 0
val total = foldl (fn (i, acc) => (acc + fast (i mod 3, 1)) mod 1000003) 0 (List.tabulate (2000, fn i => i))
val _ = pr ("tower 12 run 2000 times: " ^ pi total ^ ", operations " ^ pi (!operations))
