(* Untyped lambda calculus with de Bruijn indices: shifting, substitution,
   normal-order reduction to normal form with a step budget, Church
   numerals and booleans, in the style of the TAPL-derived implementations
   (Pierce, "Types and Programming Languages", chapter 6 and 7, whose
   reference checker is in OCaml; SML ports of it are common course code). *)

datatype term = Var of int | Lam of string * term | App of term * term

fun shift d t =
  let fun walk c (Var k) = if k >= c then Var (k + d) else Var k
        | walk c (Lam (x, b)) = Lam (x, walk (c + 1) b)
        | walk c (App (f, a)) = App (walk c f, walk c a)
  in walk 0 t end

fun subst j s t =
  let fun walk c (Var k) = if k = j + c then shift c s else Var k
        | walk c (Lam (x, b)) = Lam (x, walk (c + 1) b)
        | walk c (App (f, a)) = App (walk c f, walk c a)
  in walk 0 t end

fun beta (body, arg) = shift ~1 (subst 0 (shift 1 arg) body)

exception NoRule

(* one step of normal-order reduction *)
fun step (App (Lam (_, b), a)) = beta (b, a)
  | step (App (f, a)) = (App (step f, a) handle NoRule => App (f, step a))
  | step (Lam (x, b)) = Lam (x, step b)
  | step (Var _) = raise NoRule

exception OutOfFuel of term

fun normalize fuel t =
  let fun go (0, t) = raise OutOfFuel t
        | go (n, t) = (case SOME (step t) handle NoRule => NONE of
                           NONE => (t, fuel - n)
                         | SOME t' => go (n - 1, t'))
  in go (fuel, t) end

fun show ctx t =
  case t of
      Var k => (List.nth (ctx, k) handle Subscript => "#" ^ Int.toString k)
    | Lam (x, b) =>
        let fun fresh x = if List.exists (fn y => y = x) ctx then fresh (x ^ "'") else x
            val x' = fresh x
        in "\\" ^ x' ^ ". " ^ show (x' :: ctx) b end
    | App (f, a) =>
        let val fs = case f of Lam _ => "(" ^ show ctx f ^ ")" | _ => show ctx f
            val as' = case a of Var _ => show ctx a | _ => "(" ^ show ctx a ^ ")"
        in fs ^ " " ^ as' end

val tru = Lam ("t", Lam ("f", Var 1))
val fls = Lam ("t", Lam ("f", Var 0))
fun church n = Lam ("s", Lam ("z", let fun go 0 = Var 0 | go k = App (Var 1, go (k - 1)) in go n end))
val succ = Lam ("n", Lam ("s", Lam ("z", App (Var 1, App (App (Var 2, Var 1), Var 0)))))
val plus = Lam ("m", Lam ("n", Lam ("s", Lam ("z", App (App (Var 3, Var 1), App (App (Var 2, Var 1), Var 0))))))
val times = Lam ("m", Lam ("n", Lam ("s", App (Var 2, App (Var 1, Var 0)))))
val iszro = Lam ("m", App (App (Var 0, Lam ("x", fls)), tru))
val omega = App (Lam ("x", App (Var 0, Var 0)), Lam ("x", App (Var 0, Var 0)))
val kI = App (Lam ("x", Lam ("y", Var 1)), Lam ("z", Var 0))

fun run name t =
  let val (nf, steps) = normalize 1000 t in
    print (name ^ " => " ^ show [] nf ^ "  (" ^ Int.toString steps ^ " steps)\n")
  end
  handle OutOfFuel _ => print (name ^ " => no normal form within fuel\n")

val _ = run "succ 2" (App (succ, church 2))
val _ = run "plus 2 3" (App (App (plus, church 2), church 3))
val _ = run "times 2 3" (App (App (times, church 2), church 3))
val _ = run "iszro 0" (App (iszro, church 0))
val _ = run "iszro 1" (App (iszro, church 1))
val _ = run "K I omega" (App (kI, omega))
val _ = run "omega" omega
val _ = run "capture" (App (Lam ("x", Lam ("y", App (Var 1, Var 0))), Var 5))
val _ = print (show [] (church 3) ^ "\n")
val _ = print (show [] (Lam ("x", Lam ("x", App (Var 0, Var 1)))) ^ "\n")
val _ = normalize 5 omega
