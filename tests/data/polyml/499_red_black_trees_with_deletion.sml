(* Red-black trees with insertion (Okasaki) and deletion (Kahrs' balance
   after removal), polymorphic in key and value, with an invariant checker
   that raises an exception naming the broken invariant. *)
datatype color = R | B
datatype ('k, 'v) tree = E | T of color * ('k, 'v) tree * 'k * 'v * ('k, 'v) tree

exception Invariant of string

fun balance (B, T (R, T (R, a, xk, xv, b), yk, yv, c), zk, zv, d) = T (R, T (B, a, xk, xv, b), yk, yv, T (B, c, zk, zv, d))
  | balance (B, T (R, a, xk, xv, T (R, b, yk, yv, c)), zk, zv, d) = T (R, T (B, a, xk, xv, b), yk, yv, T (B, c, zk, zv, d))
  | balance (B, a, xk, xv, T (R, T (R, b, yk, yv, c), zk, zv, d)) = T (R, T (B, a, xk, xv, b), yk, yv, T (B, c, zk, zv, d))
  | balance (B, a, xk, xv, T (R, b, yk, yv, T (R, c, zk, zv, d))) = T (R, T (B, a, xk, xv, b), yk, yv, T (B, c, zk, zv, d))
  | balance t = T t

fun insert cmp (k, v) t =
  let fun ins E = T (R, E, k, v, E)
        | ins (T (c, a, k', v', b)) =
            case cmp (k, k') of
                LESS => balance (c, ins a, k', v', b)
              | GREATER => balance (c, a, k', v', ins b)
              | EQUAL => T (c, a, k, v, b)
  in case ins t of T (_, a, k, v, b) => T (B, a, k, v, b) | E => raise Invariant "empty after insert" end

(* Kahrs' deletion *)
fun redden (T (B, a, k, v, b)) = T (R, a, k, v, b)
  | redden _ = raise Invariant "redden"
fun balleft (T (R, a, k, v, b), yk, yv, c) = T (R, T (B, a, k, v, b), yk, yv, c)
  | balleft (bl, k, v, T (B, a, yk, yv, b)) = balance (B, bl, k, v, T (R, a, yk, yv, b))
  | balleft (bl, k, v, T (R, T (B, a, yk, yv, b), zk, zv, c)) =
      T (R, T (B, bl, k, v, a), yk, yv, balance (B, b, zk, zv, redden c))
  | balleft _ = raise Invariant "balleft"
fun balright (a, k, v, T (R, b, yk, yv, c)) = T (R, a, k, v, T (B, b, yk, yv, c))
  | balright (T (B, a, k, v, b), yk, yv, bl) = balance (B, T (R, a, k, v, b), yk, yv, bl)
  | balright (T (R, a, k, v, T (B, b, yk, yv, c)), zk, zv, bl) =
      T (R, balance (B, redden a, k, v, b), yk, yv, T (B, c, zk, zv, bl))
  | balright _ = raise Invariant "balright"
fun app2 (E, x) = x
  | app2 (x, E) = x
  | app2 (T (R, a, k, v, b), T (R, c, k2, v2, d)) =
      (case app2 (b, c) of
           T (R, b', k3, v3, c') => T (R, T (R, a, k, v, b'), k3, v3, T (R, c', k2, v2, d))
         | bc => T (R, a, k, v, T (R, bc, k2, v2, d)))
  | app2 (T (B, a, k, v, b), T (B, c, k2, v2, d)) =
      (case app2 (b, c) of
           T (R, b', k3, v3, c') => T (R, T (B, a, k, v, b'), k3, v3, T (B, c', k2, v2, d))
         | bc => balleft (a, k, v, T (B, bc, k2, v2, d)))
  | app2 (a, T (R, b, k, v, c)) = T (R, app2 (a, b), k, v, c)
  | app2 (T (R, a, k, v, b), c) = T (R, a, k, v, app2 (b, c))

fun delete cmp x t =
  let fun del E = E
        | del (T (_, a, k, v, b)) =
            case cmp (x, k) of
                LESS => delL (a, k, v, b)
              | GREATER => delR (a, k, v, b)
              | EQUAL => app2 (a, b)
      and delL (a as T (B, _, _, _, _), k, v, b) = balleft (del a, k, v, b)
        | delL (a, k, v, b) = T (R, del a, k, v, b)
      and delR (a, k, v, b as T (B, _, _, _, _)) = balright (a, k, v, del b)
        | delR (a, k, v, b) = T (R, a, k, v, del b)
  in case del t of T (_, a, k, v, b) => T (B, a, k, v, b) | E => E end

fun lookup cmp x E = NONE
  | lookup cmp x (T (_, a, k, v, b)) =
      case cmp (x, k) of LESS => lookup cmp x a | GREATER => lookup cmp x b | EQUAL => SOME v

(* black height, checking no red node has a red child and order *)
fun check cmp t =
  let fun bh E = 1
        | bh (T (c, a, _, _, b)) =
            let val _ = case (c, a, b) of
                            (R, T (R, _, _, _, _), _) => raise Invariant "red-red left"
                          | (R, _, T (R, _, _, _, _)) => raise Invariant "red-red right"
                          | _ => ()
                val ha = bh a val hb = bh b
            in if ha <> hb then raise Invariant "black height" else ha + (if c = B then 1 else 0) end
      fun keys E acc = acc
        | keys (T (_, a, k, _, b)) acc = keys a (k :: keys b acc)
      fun sorted (a :: (rest as b :: _)) = cmp (a, b) = LESS andalso sorted rest
        | sorted _ = true
      val h = bh t
  in if sorted (keys t []) then h else raise Invariant "order" end

fun size E = 0 | size (T (_, a, _, _, b)) = size a + 1 + size b
fun toList E = [] | toList (T (_, a, k, v, b)) = toList a @ (k, v) :: toList b

(* a pseudo-random permutation of 0..n-1 *)
fun perm n = List.tabulate (n, fn i => (i * 37 + 11) mod n)

val n = 200
val t1 = foldl (fn (k, t) => insert Int.compare (k, k * k) t) E (perm n)
val _ = print ("size " ^ Int.toString (size t1) ^ ", black height " ^ Int.toString (check Int.compare t1) ^ "\n")
fun evens t = List.foldl (fn (k, t) => let val t' = delete Int.compare k t in ignore (check Int.compare t'); t' end) t (List.filter (fn k => k mod 2 = 0) (perm n))
val t2 = evens t1
val _ = print ("after deleting evens: size " ^ Int.toString (size t2) ^ ", bh " ^ Int.toString (check Int.compare t2) ^ "\n")
val _ = print ("lookup 37: " ^ (case lookup Int.compare 37 t2 of SOME v => Int.toString v | NONE => "none")
               ^ ", lookup 38: " ^ (case lookup Int.compare 38 t2 of SOME v => Int.toString v | NONE => "none") ^ "\n")
val _ = print ("first keys: " ^ String.concatWith "," (map (Int.toString o #1) (List.take (toList t2, 8))) ^ "\n")
val t3 = foldl (fn (k, t) => delete Int.compare k t) t2 (List.tabulate (n + 5, fn i => i))
val _ = print ("after deleting all: size " ^ Int.toString (size t3) ^ "\n")

(* strings, with a descending comparison *)
fun desc (a, b) = String.compare (b, a)
val words = String.tokens Char.isSpace "the quick brown fox jumps over the lazy dog and the quick cat"
val ts = foldl (fn (w, t) => insert desc (w, (case lookup desc w t of SOME c => c + 1 | NONE => 1)) t) E words
val _ = print (String.concatWith " " (map (fn (w, c) => w ^ "=" ^ Int.toString c) (toList ts)) ^ "\n")
val ts2 = delete desc "the" (delete desc "zebra" ts)
val _ = print (String.concatWith " " (map #1 (toList ts2)) ^ ", bh " ^ Int.toString (check desc ts2) ^ "\n")
val _ = (check Int.compare (T (R, T (R, E, 1, 1, E), 2, 2, E)); ())
        handle Invariant s => print ("broken: " ^ s ^ "\n")
val _ = (check Int.compare (T (B, T (B, E, 1, 1, E), 2, 2, E)); ())
        handle Invariant s => print ("broken: " ^ s ^ "\n")
