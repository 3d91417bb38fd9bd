(* Dynamic staging's central idea, that the caller and not the function
   decides when each input becomes known, in ML-box: one generic
   evaluator of arithmetic expressions takes a plan saying, for each
   variable, whether it is known now (stage 0), when the first generated
   code runs (stage 1) or when the code that code generates runs (stage
   2).  Each operation happens at the latest stage of its operands: a
   stage-1 value is lifted into the stage-2 code as a constant.  The
   result has type [int list -> [int list -> int]]; counters record how
   many operations each stage performs. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Lit of int | Var of string | Plus of exp * exp | Times of exp * exp | Max of exp * exp
datatype when = Now of int | First of int | Second of int   (* a value, or an index into that stage's inputs *)

type v2 = [int list -> [int list -> int]]
datatype value = V0 of int | V1 of [int list -> int] | V2 of v2

val opsAt = Array.array (3, 0)
fun count k = Array.update (opsAt, k, Array.sub (opsAt, k) + 1)
fun countOps () = String.concatWith "/" (List.tabulate (3, fn k => pi (Array.sub (opsAt, k))))

fun to1 (V0 n) : [int list -> int] = let cogen c = lift n in code (fn _ => c) end
  | to1 (V1 c) = c
  | to1 (V2 _) = raise Fail "stage 2 value used at stage 1"
fun to2 (V2 c) : v2 = c
  | to2 v = let cogen c1 = to1 v
            in code (fn e1 => let cogen k = lift (c1 e1) in code (fn _ => k) end) end

fun stageOf (V0 _) = 0 | stageOf (V1 _) = 1 | stageOf (V2 _) = 2

fun combine (f : int * int -> int, fc : [int * int -> int]) (a, b) =
    case Int.max (stageOf a, stageOf b) of
        0 => (count 0; case (a, b) of (V0 x, V0 y) => V0 (f (x, y)) | _ => raise Fail "impossible")
      | 1 => let cogen x = to1 a cogen y = to1 b cogen g = fc
             in V1 (code (fn e1 => (count 1; g (x e1, y e1)))) end
      | _ => let cogen x = to2 a cogen y = to2 b cogen g = fc
             in V2 (code (fn e1 => let cogen xs = x e1 cogen ys = y e1
                                   in code (fn e2 => (count 2; g (xs e2, ys e2))) end)) end

fun evalPlan (plan : (string * when) list) e =
    case e of
        Lit n => V0 n
      | Var x => (case List.find (fn (y, _) => y = x) plan of
                      SOME (_, Now n) => V0 n
                    | SOME (_, First i) => let cogen ii = lift i in V1 (code (fn e1 => List.nth (e1, ii))) end
                    | SOME (_, Second i) => let cogen ii = lift i in V2 (code (fn _ => code (fn e2 => List.nth (e2, ii)))) end
                    | NONE => raise Fail ("unbound " ^ x))
      | Plus (a, b) => combine (op +, code (fn (x, y) => x + y)) (evalPlan plan a, evalPlan plan b)
      | Times (a, b) => combine (op *, code (fn (x, y) => x * y)) (evalPlan plan a, evalPlan plan b)
      | Max (a, b) => combine (Int.max, code Int.max) (evalPlan plan a, evalPlan plan b)

(* the unstaged evaluator, for comparison *)
fun direct env e =
    case e of
        Lit n => n
      | Var x => #2 (valOf (List.find (fn (y, _) => y = x) env))
      | Plus (a, b) => direct env a + direct env b
      | Times (a, b) => direct env a * direct env b
      | Max (a, b) => Int.max (direct env a, direct env b)

(* (x * y + z) * max(x, 3) + y * y *)
val e = Plus (Times (Plus (Times (Var "x", Var "y"), Var "z"), Max (Var "x", Lit 3)), Times (Var "y", Var "y"))

fun run (label, plan, inputs1, inputs2) =
    let val _ = Array.modify (fn _ => 0) opsAt
        val staged = to2 (evalPlan plan e)
        val after0 = countOps ()
        val second = eval staged inputs1
        val after1 = countOps ()
        val f = eval second
        val r = f inputs2
        val r' = f inputs2
        val env = map (fn (x, Now n) => (x, n) | (x, First i) => (x, List.nth (inputs1, i)) | (x, Second i) => (x, List.nth (inputs2, i))) plan
    in pr (label ^ ": " ^ pi r ^ " (direct " ^ pi (direct env e) ^ "); operations per stage after generation " ^ after0 ^
           ", after stage 1 " ^ after1 ^ ", after two runs " ^ countOps ())
    end

val _ = run ("all now", [("x", Now 4), ("y", Now 5), ("z", Now 6)], [], [])
val _ = run ("x now, y z first", [("x", Now 4), ("y", First 0), ("z", First 1)], [5, 6], [])
val _ = run ("x first, y z second", [("x", First 0), ("y", Second 0), ("z", Second 1)], [4], [5, 6])
val _ = run ("x y first, z second", [("x", First 0), ("y", First 1), ("z", Second 0)], [4, 5], [6])
val _ = run ("all second", [("x", Second 0), ("y", Second 1), ("z", Second 2)], [], [4, 5, 6])
val _ = run ("x second, y z now", [("x", Second 0), ("y", Now 5), ("z", Now 6)], [], [4])

(* one stage-1 run serves many stage-2 inputs *)
val plan = [("x", First 0), ("y", Second 0), ("z", First 1)]
val specialised = eval (eval (to2 (evalPlan plan e)) [2, 10])
val _ = pr ("x = 2, z = 10, y = 0..5: " ^ String.concatWith " " (map (fn y => pi (specialised [y])) [0, 1, 2, 3, 4, 5]))
val _ = pr ("unbound variable: " ^ ((ignore (evalPlan [] e); "ok") handle Fail m => m))
