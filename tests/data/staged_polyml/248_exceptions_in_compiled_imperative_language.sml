(* An interpreter for a small imperative language with exceptions: raise,
   try/handle, division that fails, and while loops over a store of
   variables. The staged version compiles a program to code in which the
   language's exceptions are ML exceptions raised and handled by the
   generated code, and variables are indices into a run-time array. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype e = N of int | V of int | Plus of e * e | Minus of e * e | DivE of e * e | Less of e * e
datatype s = Set of int * e | Seq of s list | While of e * s | If of e * s * s
           | Throw of e | Try of s * int * s    (* Try (body, var, handler): the thrown value goes to var *)

exception Thrown of int

fun ev st (N n) = n
  | ev st (V i) = Array.sub (st, i)
  | ev st (Plus (a, b)) = ev st a + ev st b
  | ev st (Minus (a, b)) = ev st a - ev st b
  | ev st (DivE (a, b)) = let val d = ev st b in if d = 0 then raise Thrown ~1 else ev st a div d end
  | ev st (Less (a, b)) = if ev st a < ev st b then 1 else 0

fun ex st (Set (i, x)) = Array.update (st, i, ev st x)
  | ex st (Seq ss) = List.app (ex st) ss
  | ex st (w as While (c, b)) = if ev st c <> 0 then (ex st b; ex st w) else ()
  | ex st (If (c, t, f)) = if ev st c <> 0 then ex st t else ex st f
  | ex st (Throw x) = raise Thrown (ev st x)
  | ex st (Try (b, i, h)) = ex st b handle Thrown v => (Array.update (st, i, v); ex st h)

fun ce (N n) = let cogen n' = lift n in code (fn st : int array => n') end
  | ce (V i) = let cogen i' = lift i in code (fn st => Array.sub (st, i')) end
  | ce (Plus (a, b)) = let cogen x = ce a cogen y = ce b in code (fn st => x st + y st) end
  | ce (Minus (a, b)) = let cogen x = ce a cogen y = ce b in code (fn st => x st - y st) end
  | ce (DivE (a, b)) = let cogen x = ce a cogen y = ce b in
      code (fn st => let val d = y st in if d = 0 then raise Thrown ~1 else x st div d end) end
  | ce (Less (a, b)) = let cogen x = ce a cogen y = ce b in code (fn st => if x st < y st then 1 else 0) end

fun cs (Set (i, x)) = let cogen i' = lift i cogen v = ce x in code (fn st => Array.update (st, i', v st)) end
  | cs (Seq []) = code (fn st => ())
  | cs (Seq (s1 :: rest)) = let cogen a = cs s1 cogen b = cs (Seq rest) in code (fn st => (a st; b st)) end
  | cs (While (c, b)) = let cogen t = ce c cogen body = cs b in
      code (fn st => let fun loop () = if t st <> 0 then (body st; loop ()) else () in loop () end) end
  | cs (If (c, t, f)) = let cogen x = ce c cogen a = cs t cogen b = cs f in code (fn st => if x st <> 0 then a st else b st) end
  | cs (Throw x) = let cogen v = ce x in code (fn st => raise Thrown (v st)) end
  | cs (Try (b, i, h)) = let cogen body = cs b cogen i' = lift i cogen hd = cs h in
      code (fn st => body st handle Thrown v => (Array.update (st, i', v); hd st)) end

(* v0 = n; sums 100 div k for k = v0 down to -2, stopping at the division by zero *)
val p1 = Seq [Set (1, N 0), Try (While (Less (N ~3, V 0), Seq [Set (1, Plus (V 1, DivE (N 100, V 0))), Set (0, Minus (V 0, N 1))]), 2, Set (1, Plus (V 1, N 1000)))]
(* throws from inside a nested try, handler rethrows a bigger value *)
val p2 = Try (Seq [Set (1, N 5), Try (If (Less (V 0, N 10), Throw (V 0), Set (1, N 7)), 2, Throw (Plus (V 2, N 100)))], 3, Set (1, V 3))
(* uncaught Thrown when v0 >= 50 *)
val p3 = If (Less (V 0, N 50), Set (1, Plus (V 0, V 0)), Throw (V 0))

fun runU (p, n) = let val st = Array.array (4, 0) in Array.update (st, 0, n); ex st p; Array.foldr op:: [] st end
val compiled = map (fn p => eval (cs p)) [p1, p2, p3]
fun runS (f, n) = let val st = Array.array (4, 0) in Array.update (st, 0, n); f st; Array.foldr op:: [] st end

fun show f = ("[" ^ String.concatWith "," (map pi (f ())) ^ "]") handle Thrown v => "uncaught Thrown " ^ pi v
val _ = List.app (fn (name, p, f) => List.app (fn n =>
  let val u = show (fn () => runU (p, n)) val s = show (fn () => runS (f, n))
  in pr (name ^ " " ^ pi n ^ ": " ^ u ^ (if u = s then " agree" else " DISAGREE " ^ s)) end) [5, 12, 60])
  [("p1", p1, List.nth (compiled, 0)), ("p2", p2, List.nth (compiled, 1)), ("p3", p3, List.nth (compiled, 2))]

val f1 = hd compiled
fun benchUnstaged () = List.app (fn n => ignore (runU (p1, n))) [10, 20, 30]
fun benchStaged () = List.app (fn n => ignore (runS (f1, n))) [10, 20, 30]
val _ = (benchUnstaged (); benchStaged (); pr "done")
(* the program ends with the language's exception escaping generated code *)
val _ = runS (List.nth (compiled, 2), 77)
val _ = pr "not reached"
