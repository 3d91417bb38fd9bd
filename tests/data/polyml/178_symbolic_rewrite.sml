(* Symbolic algebra: differentiation, a simplifier of many overlapping
   rules (constants, negative literals, nested constructors, layered
   and ref patterns), polynomial normal forms, and a rule-count table. *)

datatype expr =
    N of int
  | X of string
  | Plus of expr * expr
  | Times of expr * expr
  | Minus of expr
  | Pow of expr * int
  | Fn of string * expr

val ruleHits = Array.array (16, 0)
fun hit k = Array.update (ruleHits, k, Array.sub (ruleHits, k) + 1)

fun show e =
  let
    fun prec (Plus _) = 1 | prec (Times _) = 2 | prec (Minus _) = 3 | prec (Pow _) = 4 | prec _ = 5
    fun wrap p e = if prec e < p then "(" ^ show e ^ ")" else show e
  in
    case e of
      N n => if n < 0 then "~" ^ Int.toString (~n) else Int.toString n
    | X v => v
    | Plus (a, Minus b) => wrap 1 a ^ " - " ^ wrap 2 b
    | Plus (a, b) => wrap 1 a ^ " + " ^ wrap 2 b
    | Times (N ~1, b) => "-" ^ wrap 3 b
    | Times (a, b) => wrap 2 a ^ "*" ^ wrap 3 b
    | Minus a => "-" ^ wrap 3 a
    | Pow (a, k) => wrap 5 a ^ "^" ^ Int.toString k
    | Fn (f, a) => f ^ "(" ^ show a ^ ")"
  end

fun deriv v e =
  case e of
    N _ => N 0
  | X w => if v = w then N 1 else N 0
  | Plus (a, b) => Plus (deriv v a, deriv v b)
  | Times (a, b) => Plus (Times (deriv v a, b), Times (a, deriv v b))
  | Minus a => Minus (deriv v a)
  | Pow (a, k) => Times (Times (N k, Pow (a, k - 1)), deriv v a)
  | Fn ("sin", a) => Times (Fn ("cos", a), deriv v a)
  | Fn ("cos", a) => Times (Minus (Fn ("sin", a)), deriv v a)
  | Fn ("exp", a) => Times (Fn ("exp", a), deriv v a)
  | Fn ("ln", a) => Times (Pow (a, ~1), deriv v a)
  | Fn (f, _) => raise Fail ("cannot differentiate " ^ f)

(* One bottom-up pass of rewriting; iterate to a fixed point. *)
fun simp1 e =
  case e of
    Plus (a, b) =>
      (case (simp1 a, simp1 b) of
         (N 0, b') => (hit 0; b')
       | (a', N 0) => (hit 0; a')
       | (N x, N y) => (hit 1; N (x + y))
       | (N x, Plus (N y, c)) => (hit 2; Plus (N (x + y), c))
       | (a' as X u, Times (N k, X w)) => if u = w then (hit 3; Times (N (k + 1), a')) else Plus (a', Times (N k, X w))
       | (a', b' as N _) => (hit 4; Plus (b', a'))         (* constants to the front *)
       | (a', Minus b') => if a' = b' then (hit 5; N 0) else Plus (a', Minus b')
       | (a', b') => if a' = b' then (hit 6; Times (N 2, a')) else Plus (a', b'))
  | Times (a, b) =>
      (case (simp1 a, simp1 b) of
         (N 0, _) => (hit 7; N 0)
       | (_, N 0) => (hit 7; N 0)
       | (N 1, b') => (hit 8; b')
       | (a', N 1) => (hit 8; a')
       | (N x, N y) => (hit 9; N (x * y))
       | (N x, Times (N y, c)) => (hit 9; Times (N (x * y), c))
       | (a', b' as N _) => (hit 4; Times (b', a'))
       | (Pow (a', j), Pow (b', k)) => if a' = b' then (hit 10; Pow (a', j + k)) else Times (Pow (a', j), Pow (b', k))
       | (a', Pow (b', k)) => if a' = b' then (hit 10; Pow (a', k + 1)) else Times (a', Pow (b', k))
       | (a', b') => if a' = b' then (hit 10; Pow (a', 2)) else Times (a', b'))
  | Minus a =>
      (case simp1 a of
         N n => (hit 11; N (~n))
       | Minus b => (hit 11; b)
       | Times (N k, b) => (hit 11; Times (N (~k), b))
       | a' => Times (N ~1, a'))
  | Pow (a, k) =>
      (case (simp1 a, k) of
         (_, 0) => (hit 12; N 1)
       | (a', 1) => (hit 12; a')
       | (N 1, _) => (hit 12; N 1)
       | (N n, k) => if k > 0 then (hit 13; N (foldl op* 1 (List.tabulate (k, fn _ => n)))) else Pow (N n, k)
       | (Pow (b, j), k) => (hit 13; Pow (b, j * k))
       | (a', k) => Pow (a', k))
  | Fn ("ln", Fn ("exp", a)) => (hit 14; simp1 a)
  | Fn ("exp", N 0) => (hit 14; N 1)
  | Fn ("sin", N 0) => (hit 14; N 0)
  | Fn ("cos", N 0) => (hit 14; N 1)
  | Fn (f, a) => Fn (f, simp1 a)
  | atom => atom

fun simplify e =
  let val rounds = ref 0
      fun loop e = let val e' = simp1 e in rounds := !rounds + 1; if e' = e then e else loop e' end
      val r = loop e
  in (r, !rounds) end

fun simplified e = let val (s, _) = simplify e in s end

(* Evaluation at integer points, for checking that simplification keeps values. *)
fun eval env e =
  case e of
    N n => n
  | X v => (case List.find (fn (w, _) => v = w) env of SOME (_, n) => n | NONE => raise Fail ("unbound " ^ v))
  | Plus (a, b) => eval env a + eval env b
  | Times (a, b) => eval env a * eval env b
  | Minus a => ~ (eval env a)
  | Pow (a, k) => if k < 0 then raise Domain else foldl op* 1 (List.tabulate (k, fn _ => eval env a))
  | Fn (f, _) => raise Fail ("no value for " ^ f)

val x = X "x" and y = X "y"
infix 6 ++
infix 7 **
fun a ++ b = Plus (a, b)
fun a ** b = Times (a, b)

val polys = [
  N 3 ** x ** x ++ N 2 ** x ++ N ~7,
  Pow (x ++ N 1, 3),
  x ** y ++ y ** x ++ Minus (x ** y),
  Pow (Pow (x, 2), 3) ** x,
  Minus (Minus (x ++ N 0)) ** N 1,
  (x ++ N 0) ** (N 1 ** y) ++ Minus (N 4)
]

val () = List.app (fn p =>
  let val (s, r) = simplify p
      val (d, _) = simplify (deriv "x" p)
      val pts = [(~2, 3), (0, 1), (5, ~1)]
      val same = List.all (fn (a, b) => eval [("x", a), ("y", b)] p = eval [("x", a), ("y", b)] s) pts
  in print (show p ^ "\n   = " ^ show s ^ "   [" ^ Int.toString r ^ " rounds, values kept " ^ Bool.toString same ^ "]\n" ^
            "   d/dx = " ^ show d ^ "\n")
  end) polys

val trig = [Fn ("sin", x ** x), Fn ("exp", N 2 ** x), Fn ("ln", Fn ("exp", x ++ N 0)), Fn ("cos", N 0 ** x) ++ Fn ("sin", N 0)]
val () = List.app (fn e => let val (s, _) = simplify e val (d, _) = simplify (deriv "x" e)
                           in print (show e ^ "  =  " ^ show s ^ ";  d/dx = " ^ show d ^ "\n") end) trig

val () = print ("rule hits: " ^ String.concatWith " " (Array.foldri (fn (i, n, acc) => if n > 0 then (Int.toString i ^ ":" ^ Int.toString n) :: acc else acc) [] ruleHits) ^ "\n")

(* ref patterns: a memo cell that counts its uses *)
val cell = ref (N 0, 0)
fun memoSimplify e =
  case cell of
    ref (e', uses) => if e' = e then (cell := (e', uses + 1); e')
                      else (cell := (simplified e, 0); memoSimplify e)
val _ = memoSimplify (N 1)
val () = print ("memo uses: " ^ (case !cell of (_, u) => Int.toString u) ^ "\n")
val () = print (show (simplified (deriv "x" (Fn ("tan", x)))) ^ "\n")
