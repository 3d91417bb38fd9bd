(* Specialising lookups in a binary search tree known at generation time:
   the tree is unrolled into nested comparisons (a decision tree in the
   generated code) for membership, for a map from keys to values, and for
   range counting; an update to the tree needs new code, while lifting
   the tree instead of unrolling it keeps one generic loop. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype tree = Leaf | Node of tree * int * string * tree
fun insert (Leaf, k, v) = Node (Leaf, k, v, Leaf)
  | insert (t as Node (l, k', v', r), k, v) =
      if k < k' then Node (insert (l, k, v), k', v', r)
      else if k > k' then Node (l, k', v', insert (r, k, v))
      else Node (l, k, v, r)
fun fromList kvs = foldl (fn ((k, v), t) => insert (t, k, v)) Leaf kvs

fun memberGen Leaf = code (fn (_ : int) => false)
  | memberGen (Node (l, k, _, r)) =
    let cogen lo = memberGen l cogen hi = memberGen r cogen k' = lift k
    in code (fn x => if x < k' then lo x else if x > k' then hi x else true) end

fun lookupGen Leaf = code (fn (_ : int) => NONE : string option)
  | lookupGen (Node (l, k, v, r)) =
    let cogen lo = lookupGen l cogen hi = lookupGen r cogen k' = lift k cogen v' = lift v
    in code (fn x => if x = k' then SOME v' else if x < k' then lo x else hi x) end

(* count keys in [a, b]: subtrees entirely inside the range are counted at generation time *)
fun size Leaf = 0 | size (Node (l, _, _, r)) = size l + 1 + size r
fun countGen Leaf = code (fn (_ : int, _ : int) => 0)
  | countGen (Node (l, k, _, r)) =
    let cogen lo = countGen l cogen hi = countGen r cogen k' = lift k
    in code (fn (a, b) => (if a <= k' andalso k' <= b then 1 else 0) + (if a < k' then lo (a, b) else 0) + (if b > k' then hi (a, b) else 0)) end

(* the generic alternative: the tree lifted, one loop *)
val liftedLookup = fn t => let cogen tr = lift t
                           in code (fn x => let fun go Leaf = NONE
                                                  | go (Node (l, k, v, r)) = if x = k then SOME v else if x < k then go l else go r
                                            in go tr end) end

val t = fromList [(50, "fifty"), (30, "thirty"), (70, "seventy"), (20, "twenty"), (40, "forty"), (60, "sixty"), (80, "eighty"), (35, "thirty-five")]
val mem = eval (memberGen t)
val look = eval (lookupGen t)
val cnt = eval (countGen t)
val look2 = eval (liftedLookup t)
val probes = [20, 35, 36, 50, 80, 81, 0, ~5]
val _ = pr (String.concatWith " " (map (fn x => if mem x then "y" else "n") probes))
val _ = pr (String.concatWith " " (map (fn x => getOpt (look x, "-")) probes))
val _ = pr (if List.all (fn x => look x = look2 x) probes then "unrolled and lifted agree" else "disagree")
val _ = pr (String.concatWith " " (map (fn (a, b) => pi (cnt (a, b))) [(0, 100), (30, 50), (36, 39), (80, 80), (90, 10), (35, 35)]))
(* a bigger tree: 500 keys, balanced by insertion order *)
fun balanced (lo, hi) = if lo > hi then [] else let val m = (lo + hi) div 2 in (m * 2, pi m) :: balanced (lo, m - 1) @ balanced (m + 1, hi) end
val big = fromList (balanced (1, 500))
val bigMem = eval (memberGen big)
val bigCnt = eval (countGen big)
val _ = pr (pi (size big) ^ " " ^ pi (length (List.filter bigMem (List.tabulate (1002, fn i => i)))) ^ " " ^ pi (bigCnt (100, 200)))
(* the generated code is a snapshot: inserting later does not change it *)
val t2 = insert (t, 45, "forty-five")
val _ = pr (Bool.toString (mem 45) ^ " " ^ Bool.toString (eval (memberGen t2) 45))
