(* The dynamic-staging paper's staged for loop (Listing 8) and fragment
   chaining (Listing 7): a loop whose bounds are known at generation time
   is unrolled into a chain of fragments, one per index, each specialised
   to its index; past a threshold of iterations the loop is left in the
   generated code and its body gets the index at run time.  A body is
   given in both forms.  Container functions f1, f2, f3 are chained into
   one generated procedure over an array. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showArr a = "[" ^ String.concatWith "," (List.tabulate (Array.length a, fn i => pi (Array.sub (a, i)))) ^ "]"

type frag = [int array -> unit]
(* a loop body: specialised to a known index, or taking it at run time *)
type body = (int -> frag) * [int -> int array -> unit]

val unrolledBodies = ref 0
val residualLoops = ref 0

fun seq (f : frag, g : frag) : frag = let cogen a = f cogen b = g in code (fn arr => (a arr; b arr)) end
val skip : frag = code (fn _ => ())

fun sfor (threshold, from, to, (stat, dyn) : body) : frag =
    if to - from <= threshold then
      let fun unroll i = if i >= to then skip
                         else (unrolledBodies := !unrolledBodies + 1; seq (stat i, unroll (i + 1)))
      in unroll from end
    else
      let cogen lo = lift from
          cogen hi = lift to
          cogen step = dyn
      in residualLoops := !residualLoops + 1;
         code (fn arr => let fun loop i = if i < hi then (step i arr; loop (i + 1)) else ()
                         in loop lo end)
      end

(* body 1: a[i] := i * i + k *)
fun squares k : body =
    (fn i => let cogen ii = lift i cogen v = lift (i * i + k)
             in code (fn arr => Array.update (arr, ii, v)) end,
     let cogen kk = lift k in code (fn i => fn arr => Array.update (arr, i, i * i + kk)) end)

(* body 2: a[i] := a[i] + a[i-1] (prefix sums), from index 1 *)
val prefix : body =
    (fn i => let cogen ii = lift i
             in code (fn arr => Array.update (arr, ii, Array.sub (arr, ii) + Array.sub (arr, ii - 1))) end,
     code (fn i => fn arr => Array.update (arr, i, Array.sub (arr, i) + Array.sub (arr, i - 1))))

(* body 3: negate the odd positions; known indices decide at generation time *)
val negOdd : body =
    (fn i => if i mod 2 = 0 then skip
             else let cogen ii = lift i in code (fn arr => Array.update (arr, ii, ~ (Array.sub (arr, ii)))) end,
     code (fn i => fn arr => if i mod 2 = 1 then Array.update (arr, i, ~ (Array.sub (arr, i))) else ()))

(* the chain f1; f2; f3 over an array of length n *)
fun pipeline (threshold, n, k) =
    let val f1 = sfor (threshold, 0, n, squares k)
        val f2 = sfor (threshold, 1, n, prefix)
        val f3 = sfor (threshold, 0, n, negOdd)
    in seq (f1, seq (f2, f3)) end

(* the same computation without staging *)
fun plain (n, k) =
    let val a = Array.array (n, 0)
        fun each (lo, f) = let fun go i = if i < n then (f i; go (i + 1)) else () in go lo end
    in each (0, fn i => Array.update (a, i, i * i + k));
       each (1, fn i => Array.update (a, i, Array.sub (a, i) + Array.sub (a, i - 1)));
       each (0, fn i => if i mod 2 = 1 then Array.update (a, i, ~ (Array.sub (a, i))) else ());
       a
    end

fun try (threshold, n, k) =
    let val _ = (unrolledBodies := 0; residualLoops := 0)
        val proc = eval (pipeline (threshold, n, k))
        val a = Array.array (n, 0)
        val _ = proc a
        val b = plain (n, k)
        val same = Array.foldli (fn (i, v, ok) => ok andalso v = Array.sub (b, i)) true a
    in pr ("threshold " ^ pi threshold ^ ", n = " ^ pi n ^ ", k = " ^ pi k ^ ": " ^ showArr a ^
           "  unrolled bodies " ^ pi (!unrolledBodies) ^ ", residual loops " ^ pi (!residualLoops) ^
           (if same then "" else "  MISMATCH " ^ showArr b))
    end

val _ = try (8, 6, 0)
val _ = try (8, 6, 1)
val _ = try (4, 6, 1)
val _ = try (5, 6, 1)
val _ = try (0, 6, 1)
val _ = try (8, 1, 3)
val _ = try (8, 0, 3)
val _ = try (3, 12, ~5)
val _ = try (100, 12, ~5)

(* one unrolled procedure applied to several arrays: it overwrites them all the same way *)
val proc = eval (pipeline (10, 5, 2))
val arrays = [Array.fromList [9, 9, 9, 9, 9], Array.fromList [0, 0, 0, 0, 0]]
val _ = app (fn a => (proc a; pr ("reused: " ^ showArr a))) arrays

(* a shorter array than the unrolled indices: the specialised code raises Subscript *)
val _ = pr ("array too short: " ^ ((proc (Array.array (3, 0)); "ok") handle Subscript => "Subscript"))
