(* Exception aliases matched in generated code, exceptions declared inside code generative at each run, a handler from one run given a raiser from another: dies of the local exception *)
fun say s = print (s ^ "\n")
exception A of int
exception B = A
exception C
exception D = C
val g = code (fn f => (f (); "none") handle B n => "B" ^ Int.toString n | D => "D")
val _ = say ((eval g) (fn () => raise A 3))
val _ = say ((eval g) (fn () => raise C))
val g2 = code (let exception L of string exception M = L in (raise M "m") handle L s => s ^ "!" end)
val _ = say (eval g2)
val g3 = code (let exception L in fn b => if b then raise L else (fn () => raise L) end)
val _ = say (((eval g3) false (); "x") handle _ => "caught")
val g4 = code (fn () => let exception L in (raise L) handle L => "own" end)
val _ = say ((eval g4) ())
val gen = code (let exception L in fn () => (raise L) handle L => 1 end)
val r1 = eval gen
val r2 = eval gen
val _ = say (Int.toString (r1 () + r2 ()))
val cross = code (let exception L in (fn () => raise L, fn f => (f (); false) handle L => true) end)
val (ra, _) = eval cross
val (_, cb) = eval cross
val _ = say (Bool.toString (cb ra))
val (ra2, cb2) = eval cross
val _ = say (Bool.toString (cb2 ra2))
