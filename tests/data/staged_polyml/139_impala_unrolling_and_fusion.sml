(* Examples of Leissa, Boesche, Hack, Membarth and Slusallek, "Shallow
   Embedding of DSLs via Online Partial Evaluation" (GPCE 2015):
   - §2.4/§3: count(i, N) = if i < N then count(i+1, N) else i; an
     aggressive specialiser unfolds count(0, N) forever when N is dynamic.
     Here the generator unfolds a bounded number of steps (the fuel) and
     then emits the loop, so it terminates for every N;
   - §1: fused_iterate(iterate, bodies): `for i in iterate() for body in
     @each(bodies) body(i)` specialised to one loop running all bodies;
   - §5.1 "Loop Unrolling": `for i in @range(0, unroll_factor)` inside a
     dynamic loop: each iteration of the generated loop does unroll_factor
     pixels, then a remainder loop. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun count (i, n) = if i < n then count (i + 1, n) else i
(* unfold `fuel` steps at generation time; the residual loop takes the rest *)
fun countGen (fuel : int) (i : int) : [int -> int] =
    let cogen i' = lift i in
      if fuel = 0 then code (fn n => count (i', n))
      else let cogen next = countGen (fuel - 1) (i + 1) in code (fn n => if i' < n then next n else i') end
    end
val c5 = eval (countGen 5 0)
val _ = pr ("count: " ^ String.concatWith " " (map (fn n => pi (c5 n) ^ "/" ^ pi (count (0, n))) [~1, 0, 3, 5, 6, 1000]))

(* fused iteration: the iteration scheme and the bodies are generators *)
type body = [int array * int -> unit]
fun range (a, b) (bodyAll : [int array * int -> unit]) : [int array -> unit] =
    let cogen a' = lift a cogen b' = lift b cogen f = bodyAll
    in code (fn arr => let fun loop i = if i >= b' then () else (f (arr, i); loop (i + 1)) in loop a' end) end
(* steps of 4, the four calls unrolled, then the remainder *)
fun blocked4 (a, b) (bodyAll : [int array * int -> unit]) : [int array -> unit] =
    let cogen a' = lift a cogen b' = lift b cogen f = bodyAll
        fun unrolled k : [int array * int -> unit] =
            if k = 4 then code (fn _ => ())
            else let cogen k' = lift k cogen rest = unrolled (k + 1) in code (fn (arr, i) => (f (arr, i + k'); rest (arr, i))) end
        cogen four = unrolled 0
    in code (fn arr =>
         let fun loop i = if i + 4 > b' then rem i else (four (arr, i); loop (i + 4))
             and rem i = if i >= b' then () else (f (arr, i); rem (i + 1))
         in loop a' end)
    end
fun fusedIterate (iterate : body -> [int array -> unit]) (bodies : body list) : [int array -> unit] =
    iterate (foldr (fn (b, rest) => let cogen b' = b cogen r = rest in code (fn p => (b' p; r p)) end)
                   (code (fn _ => ())) bodies)

val trace = ref ([] : string list)
fun scale k : body = let cogen k' = lift k in code (fn (arr, i) => Array.update (arr, i, k' * Array.sub (arr, i))) end
fun addIndex () : body = code (fn (arr, i) => Array.update (arr, i, Array.sub (arr, i) + i))
fun log name : body = let cogen n' = lift name in code (fn (_, i) => if i mod 5 = 0 then trace := (n' ^ pi i) :: !trace else ()) end
fun show arr = String.concatWith " " (map pi (Array.foldr (op ::) [] arr))
val bodies = [scale 3, addIndex (), log "at", scale ~1]
val a1 = Array.tabulate (11, fn i => i)
val a2 = Array.tabulate (11, fn i => i)
val _ = eval (fusedIterate (range (0, 11)) bodies) a1
val t1 = rev (!trace)
val _ = trace := []
val _ = eval (fusedIterate (blocked4 (0, 11)) bodies) a2
val _ = pr ("range:   " ^ show a1 ^ " / " ^ String.concatWith "," t1)
val _ = pr ("blocked: " ^ show a2 ^ " / " ^ String.concatWith "," (rev (!trace)))
(* a sub-range, and no bodies at all *)
val a3 = Array.array (9, 1)
val _ = eval (fusedIterate (blocked4 (2, 9)) [addIndex (), addIndex ()]) a3
val _ = eval (fusedIterate (range (0, 9)) []) a3
val _ = pr ("sub-range: " ^ show a3)
(* a range past the array: Subscript from the generated loop after the valid part *)
val a4 = Array.array (6, 2)
val _ = eval (fusedIterate (blocked4 (0, 8)) [scale 5]) a4 handle Subscript => pr ("Subscript: " ^ show a4)
