(* An online partial evaluator for a first-order language with a
   two-argument function f(s, d): the static argument s is known, d is
   not. Values at specialisation time are either known numbers or code;
   known conditionals are decided, known calls unfolded (up to a depth),
   the rest emitted as code over d. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype t = Cst of int | S | D | Add of t * t | Mul of t * t | Sub of t * t
           | IfZ of t * t * t | Call of t * t   (* Call (s', d'): recursive call of f *)

(* f's body: if s = 0 then d else d * f(s-1, d) + s   (a dynamic power-like sum) *)
val body = IfZ (S, D, Add (Mul (D, Call (Sub (S, Cst 1), D)), S))
(* a body whose recursion is dynamic: g(s, d) = if d = 0 then s else g(s + 1, d - 1) *)
val body2 = IfZ (D, S, Call (Add (S, Cst 1), Sub (D, Cst 1)))

(* the interpreter *)
fun ev (b, s, d) =
  let fun e (Cst n) = n | e S = s | e D = d
        | e (Add (x, y)) = e x + e y | e (Mul (x, y)) = e x * e y | e (Sub (x, y)) = e x - e y
        | e (IfZ (c, x, y)) = if e c = 0 then e x else e y
        | e (Call (x, y)) = ev (b, e x, e y)
  in e b end

datatype pv = K of int | C of [int -> int]   (* code over the dynamic argument's value *)
fun toCode (K n) = let cogen n' = lift n in code (fn d => n') end
  | toCode (C c) = c

fun arith (f, gen) (K a, K b) = K (f (a, b))
  | arith (f, gen) (a, b) = let cogen x = toCode a cogen y = toCode b cogen g = gen in C (code (fn d => g (x d, y d))) end

val unfolded = ref 0
exception NotStatic
exception Unfolding   (* online unfolding under a dynamic test need not stop *)
(* d : the dynamic argument as code; the call is unfolded when its static
   argument is known; the dynamic argument of a call is substituted *)
fun pe (b, s : int, dv : pv) =
  let fun p (Cst n) = K n | p S = K s | p D = dv
        | p (Add (x, y)) = arith (op +, code (fn (a, b) => a + b)) (p x, p y)
        | p (Mul (x, y)) = (case (p x, p y) of (K 0, _) => K 0 | (_, K 0) => K 0 | (K 1, v) => v | (v, K 1) => v
                                              | (a, c) => arith (op *, code (fn (a, b) => a * b)) (a, c))
        | p (Sub (x, y)) = arith (op -, code (fn (a, b) => a - b)) (p x, p y)
        | p (IfZ (c, x, y)) = (case p c of K 0 => p x | K _ => p y
                                 | C cc => let cogen cv = cc cogen cx = toCode (p x) cogen cy = toCode (p y)
                                           in C (code (fn d => if cv d = 0 then cx d else cy d)) end)
        | p (Call (x, y)) = (case p x of K s' => (unfolded := !unfolded + 1;
                                                       if !unfolded > 200 then raise Unfolding else pe (b, s', p y))
                                       | C _ => raise NotStatic)
  in p b end

fun specialise (b, s) = eval (toCode (pe (b, s, C (code (fn d => d)))))

val _ = List.app (fn s =>
  let val f = specialise (body, s)
      val ok = List.all (fn d => f d = ev (body, s, d)) [~2, 0, 1, 3, 10]
  in pr ("body at s=" ^ pi s ^ ": f 3 = " ^ pi (f 3) ^ (if ok then " agree" else " DISAGREE") ^ ", unfolded " ^ pi (!unfolded)) end) [0, 1, 2, 5]

(* body2's recursion is controlled by d: the static argument is always
   known, so every call is unfolded, and under the dynamic test both
   branches are specialised: unfolding would never stop. A bound on
   unfolding, as online specialisers keep, stops it. *)
val _ = unfolded := 0
val _ = (ignore (specialise (body2, 3)); pr "body2 specialised")
        handle Unfolding => pr ("body2: unfolding stopped after " ^ pi (!unfolded) ^ " calls (the test on d is dynamic)")
val _ = pr ("body2 by the interpreter: " ^ pi (ev (body2, 3, 4)))
val _ = unfolded := 0

(* a fully static call folds to a constant at specialisation time *)
val _ = case pe (body, 4, K 2) of K n => pr ("fully static: " ^ pi n ^ " = " ^ pi (ev (body, 4, 2))) | C _ => pr "not folded"

val f6 = specialise (body, 6)
fun benchUnstaged () = List.app (fn d => ignore (ev (body, 6, d))) (List.tabulate (40, fn d => d mod 4))
fun benchStaged () = List.app (fn d => ignore (f6 d)) (List.tabulate (40, fn d => d mod 4))
val _ = (benchUnstaged (); benchStaged (); pr "done")
