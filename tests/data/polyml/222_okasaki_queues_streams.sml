(* Queues in the style of Okasaki's "Purely Functional Data Structures":
   the batched queue of section 5.2 and a banker's queue (section 6.3.2)
   over streams whose suspensions are memoised with references (the book
   uses $-notation; here a susp is a ref to either a thunk or a value, a
   common encoding in SML without lazy extensions). *)

(* Batched queue *)
datatype 'a queue = Q of 'a list * 'a list
val emptyQ = Q ([], [])
fun isEmptyQ (Q (f, _)) = null f
fun checkf (Q ([], r)) = Q (rev r, [])
  | checkf q = q
fun snoc (Q (f, r), x) = checkf (Q (f, x :: r))
exception EMPTY
fun head (Q ([], _)) = raise EMPTY
  | head (Q (x :: _, _)) = x
fun tail (Q ([], _)) = raise EMPTY
  | tail (Q (_ :: f, r)) = checkf (Q (f, r))

(* Memoised suspensions *)
datatype 'a thunk = Delayed of unit -> 'a | Forced of 'a
type 'a susp = 'a thunk ref
val forced = ref 0
fun delay f : 'a susp = ref (Delayed f)
fun force (s : 'a susp) =
  case !s of
      Forced v => v
    | Delayed f => let val v = f () in forced := !forced + 1; s := Forced v; v end

datatype 'a cell = Nil | Cons of 'a * 'a stream
withtype 'a stream = 'a cell susp

fun sappend (s, t) = delay (fn () =>
  case force s of
      Nil => force t
    | Cons (x, s') => Cons (x, sappend (s', t)))
fun sreverse s = delay (fn () =>
  let fun rev' (s, acc) = case force s of
                              Nil => acc
                            | Cons (x, s') => rev' (s', Cons (x, delay (fn () => acc)))
  in rev' (s, Nil) end)

(* Banker's queue: front stream, its length, rear stream, its length *)
datatype 'a bqueue = BQ of int * 'a stream * int * 'a stream
fun bempty () = BQ (0, delay (fn () => Nil), 0, delay (fn () => Nil))
fun bcheck (q as BQ (lenf, f, lenr, r)) =
  if lenr <= lenf then q else BQ (lenf + lenr, sappend (f, sreverse r), 0, delay (fn () => Nil))
fun bsnoc (BQ (lenf, f, lenr, r), x) = bcheck (BQ (lenf, f, lenr + 1, delay (fn () => Cons (x, r))))
fun bhead (BQ (_, f, _, _)) = case force f of Nil => raise EMPTY | Cons (x, _) => x
fun btail (BQ (lenf, f, lenr, r)) =
  case force f of Nil => raise EMPTY | Cons (_, f') => bcheck (BQ (lenf - 1, f', lenr, r))

fun drainQ q = if isEmptyQ q then [] else head q :: drainQ (tail q)
fun drainB (q as BQ (lenf, _, _, _)) = if lenf = 0 then [] else bhead q :: drainB (btail q)

fun show xs = String.concatWith " " (map Int.toString xs)
val nums = List.tabulate (12, fn i => i * i)
val q1 = foldl (fn (x, q) => snoc (q, x)) emptyQ nums
val _ = print (show (drainQ q1) ^ "\n")
val b1 = foldl (fn (x, q) => bsnoc (q, x)) (bempty ()) nums
val _ = print (show (drainB b1) ^ "\n")
val _ = print ("suspensions forced: " ^ Int.toString (!forced) ^ "\n")

(* persistence: using an old version twice does not redo forced work *)
val before2 = !forced
val b2 = btail (btail b1)
val _ = print (show (drainB b2) ^ " / " ^ show (drainB b2) ^ "\n")
val _ = print ("forced again: " ^ Int.toString (!forced - before2) ^ "\n")

(* interleaving snoc and tail *)
fun churn (q, 0) = q
  | churn (q, n) = churn (btail (bsnoc (bsnoc (q, n), ~n)), n - 1)
val _ = print (show (drainB (churn (bempty (), 6))) ^ "\n")
val _ = head (tail (snoc (emptyQ, 1)))
