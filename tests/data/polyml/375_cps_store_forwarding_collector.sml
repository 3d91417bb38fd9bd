(* A store of mutable cells evaluated in continuation-passing style, with a
   copying collector that leaves forwarding cells behind, after Dan Wang's
   safe-object test in the MLKit suite: ref patterns (`ref (Pair ...)`),
   layered ref patterns, functions stored in cells, continuations as
   ordinary functions, and a heap threaded through every step. *)
datatype obj = Nil | Bool of bool | Int of int
             | Pair of obj ref * obj ref
             | Fun of obj ref -> ((int * obj ref list) * obj ref -> (int * obj ref list) * obj ref)
                              -> ((int * obj ref list) * obj ref -> (int * obj ref list) * obj ref)
             | Moved of obj ref

type cell = obj ref
type heap = int * cell list
type cont = heap * cell -> heap * cell
type exp = cont -> cont

val limit = ref 0
val collections = ref 0
val copied = ref 0

fun moveAtomic ((n, cells), r : cell) =
  let val fresh = ref (!r) in r := Moved fresh; copied := !copied + 1; ((n + 1, fresh :: cells), fresh) end
fun move (h, r as ref (Pair (a, b))) =
      let val (h1, a') = move (h, a)
          val (h2, b') = move (h1, b)
          val fresh = ref (Pair (a', b'))
      in r := Moved fresh; copied := !copied + 1;
         ((#1 h2 + 1, fresh :: #2 h2), fresh) end
  | move (h, ref (Moved to)) = (h, to)
  | move (h, r) = moveAtomic (h, r)

fun collectIfFull (k : cont) ((n, cells), root) =
  if n < !limit then k ((n, cells), root)
  else (collections := !collections + 1; k (move ((0, []), root)))

fun alloc v (k : cont) : cont = fn ((n, cells), _) => let val r = ref v in k ((n + 1, r :: cells), r) end
fun bind f (e : exp) (k : cont) = e (fn v => f v k)

val NIL : exp = alloc Nil
fun B b : exp = alloc (Bool b)
fun N i : exp = alloc (Int i)
fun CONS (e1 : exp, e2 : exp) : exp = fn k =>
  e1 (fn v1 => e2 (fn v2 => alloc (Pair (#2 v1, #2 v2)) k v2) v1)
fun VAR (c : cell) : exp = fn k => fn (h, _) => k (h, c)
fun LAM f : exp = alloc (Fun f)

fun IF (e, yes : exp, no : exp) = bind (fn (v as (_, ref (Bool b))) => (fn k => (if b then yes k else no k) v)
                                         | _ => raise Fail "if: not a boolean") e
fun CAR e = bind (fn (h, ref (Pair (a, _))) => (fn k => k (h, a)) | _ => raise Fail "car: not a pair") e
fun CDR e = bind (fn (h, ref (Pair (_, b))) => (fn k => k (h, b)) | _ => raise Fail "cdr: not a pair") e
fun APP (f : exp, a : exp) : exp = fn k =>
  f (fn (v as (_, ref (Fun body))) => a (fn arg => body (#2 arg) (collectIfFull k) arg) v
      | _ => raise Fail "apply: not a function")
fun PRIM2 (g : int * int -> obj) (e1 : exp, e2 : exp) : exp = fn k =>
  e1 (fn (v1 as (_, ref (Int x))) =>
           e2 (fn (v2 as (_, ref (Int y))) => alloc (g (x, y)) k v2 | _ => raise Fail "not an int") v1
       | _ => raise Fail "not an int")
val ADD = PRIM2 (fn (x, y) => Int (x + y))
val LT = PRIM2 (fn (x, y) => Bool (x < y))
fun ISNIL e = bind (fn (v as (_, ref Nil)) => (fn k => B true k v) | v => (fn k => B false k v)) e

fun eval lim (e : exp) = (limit := lim; collections := 0; copied := 0; e (fn x => x) ((0, []), ref Nil))

fun show (ref Nil) = "()"
  | show (ref (Bool b)) = if b then "#t" else "#f"
  | show (ref (Int i)) = Int.toString i
  | show (ref (Pair (a, b))) = "(" ^ show a ^ showTail b
  | show (ref (Fun _)) = "#<procedure>"
  | show (ref (Moved r)) = "#<moved " ^ show r ^ ">"
and showTail (ref Nil) = ")"
  | showTail (ref (Pair (a, b))) = " " ^ show a ^ showTail b
  | showTail c = " . " ^ show c ^ ")"

(* recursion through a cell holding the function itself *)
fun fix (f : cell -> cell -> exp) : exp = fn k => fn (h, _) =>
  let val self = ref Nil
      val (h', c) = alloc (Fun (fn x => f self x)) (fn x => x) (h, self)
  in self := !c; k (h', c) end

(* (range i n): the list i, i+1, ..., n-1 *)
fun range (i, n) =
  APP (APP (fix (fn self => fn lo => LAM (fn hi =>
         IF (LT (VAR lo, VAR hi), CONS (VAR lo, APP (APP (VAR self, ADD (VAR lo, N 1)), VAR hi)), NIL))), N i), N n)
(* (sum l) *)
val sum = fix (fn self => fn l => IF (ISNIL (VAR l), N 0, ADD (CAR (VAR l), APP (VAR self, CDR (VAR l)))))
(* (map f l) *)
fun mapE (f : exp) (l : exp) =
  APP (APP (fix (fn self => fn g => LAM (fn xs =>
         IF (ISNIL (VAR xs), NIL, CONS (APP (VAR g, CAR (VAR xs)), APP (APP (VAR self, VAR g), CDR (VAR xs)))))), f), l)
val double = LAM (fn x => ADD (VAR x, VAR x))

fun report name lim e =
  let val ((n, cells), result) = eval lim e
  in print (name ^ " = " ^ show result ^ "   [" ^ Int.toString n ^ " live, "
            ^ Int.toString (length cells) ^ " cells, " ^ Int.toString (!collections) ^ " collections, "
            ^ Int.toString (!copied) ^ " copied]\n")
  end handle Fail msg => print (name ^ ": error: " ^ msg ^ "\n")

val _ = report "pair" 1000 (CONS (N 1, CONS (B true, NIL)))
val _ = report "range" 1000 (range (0, 10))
val _ = report "sum" 1000 (APP (sum, range (1, 51)))
val _ = report "sum, small heap" 40 (APP (sum, range (1, 51)))
val _ = report "map" 1000 (mapE double (range (0, 12)))
val _ = report "map, small heap" 25 (mapE double (range (0, 12)))
val _ = report "dotted" 1000 (CONS (N 1, N 2))
val _ = report "car of int" 1000 (CAR (N 3))
val _ = report "if of int" 1000 (IF (N 3, N 1, N 2))
val _ = report "function" 1000 double
