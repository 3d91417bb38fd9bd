(* The online-PE paper's fused_iterate: an "interpreter" that takes an
   iteration scheme and a static list of loop bodies and, specialised,
   becomes one fused loop calling every body at each index.  The scheme
   is a generator too: a plain range, or the paper's vectorize, here a
   strip-mined loop that unrolls the bodies four times per turn and
   finishes with a remainder loop.  A counter of loop tests shows the
   fusion; the arrays show that all versions compute the same. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showArr a = String.concatWith " " (List.tabulate (Array.length a, fn i => pi (Array.sub (a, i))))

val tests = ref 0
fun test b = (tests := !tests + 1; b)

(* the bodies, over three arrays given to the generated code *)
type arrays = int array * int array * int array
type bodyGen = [arrays * int -> unit]
val square : bodyGen = code (fn ((a, _, _), i) => Array.update (a, i, i * i))
val double : bodyGen = code (fn ((a, b, _), i) => Array.update (b, i, 2 * Array.sub (a, i)))
val mix : bodyGen = code (fn ((a, b, c), i) => Array.update (c, i, Array.sub (b, i) - Array.sub (a, i) + i))

(* all bodies at one index, in order: unrolled over the static list *)
fun atIndex ([] : bodyGen list) : [arrays * int -> unit] = code (fn _ => ())
  | atIndex (b :: bs) = let cogen first = b cogen rest = atIndex bs in code (fn (arrs, i) => (first (arrs, i); rest (arrs, i))) end

(* iteration schemes: given the per-index code, loop over 0 .. n-1 *)
type scheme = [arrays * int -> unit] -> [arrays * int -> unit]
fun range (body : [arrays * int -> unit]) : [arrays * int -> unit] =
    let cogen f = body
    in code (fn (arrs, n) => let fun go i = if test (i < n) then (f (arrs, i); go (i + 1)) else () in go 0 end) end
fun vectorize width (body : [arrays * int -> unit]) : [arrays * int -> unit] =
    let fun unrolled k : [arrays * int -> unit] =
            if k = width then code (fn _ => ())
            else let cogen f = body cogen kk = lift k cogen more = unrolled (k + 1)
                 in code (fn (arrs, i) => (f (arrs, i + kk); more (arrs, i))) end
        cogen block = unrolled 0
        cogen f = body
        cogen w = lift width
    in code (fn (arrs, n) =>
               let fun blocks i = if test (i + w <= n) then (block (arrs, i); blocks (i + w)) else i
                   fun tail i = if test (i < n) then (f (arrs, i); tail (i + 1)) else ()
               in tail (blocks 0) end)
    end

fun fusedIterate (iterate : scheme, bodies) = iterate (atIndex bodies)
fun unfused (iterate : scheme, bodies) =
    foldr (fn (b, rest) => let cogen loop = iterate b cogen others = rest
                           in code (fn (arrs, n) => (loop (arrs, n); others (arrs, n))) end)
          (code (fn _ => ())) bodies

val bodies = [square, double, mix]
fun fresh n = (Array.array (n, 0), Array.array (n, 0), Array.array (n, 0))
fun runWith (label, gen, n) =
    let val f = eval gen
        val arrs as (a, b, c) = fresh n
        val _ = tests := 0
        val _ = f (arrs, n)
    in pr (label ^ ", n = " ^ pi n ^ ": " ^ pi (!tests) ^ " loop tests; c = " ^ showArr c) end

val _ = app (fn n => (runWith ("unfused range", unfused (range, bodies), n);
                      runWith ("fused range", fusedIterate (range, bodies), n);
                      runWith ("unfused vectorize 4", unfused (vectorize 4, bodies), n);
                      runWith ("fused vectorize 4", fusedIterate (vectorize 4, bodies), n)))
            [0, 3, 8, 11]

(* fusion is only valid when a body reads what earlier bodies wrote at the same index;
   a body reading a neighbour sees different values fused and unfused *)
val neighbour : bodyGen = code (fn ((a, _, c), i) => Array.update (c, i, if i + 1 < Array.length a then Array.sub (a, i + 1) else ~1))
val _ = runWith ("unfused with a neighbour read", unfused (range, [square, neighbour]), 6)
val _ = runWith ("fused with a neighbour read", fusedIterate (range, [square, neighbour]), 6)

(* the unstaged version of the three bodies *)
fun plain n = let val (a, b, c) = fresh n
                  fun go i = if i < n then (Array.update (a, i, i * i); Array.update (b, i, 2 * i * i);
                                            Array.update (c, i, i * i + i); go (i + 1)) else ()
              in go 0; c end
val _ = pr ("unstaged, n = 11: c = " ^ showArr (plain 11))
