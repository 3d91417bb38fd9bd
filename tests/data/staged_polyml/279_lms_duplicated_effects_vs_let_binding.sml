(* The LMS paper's warning about syntactic staging: with
     val x = [[computeA()]];  power([[computeB() + $x]], 4)
   the generated code repeats computeB() + computeA() four times and
   calls computeB before computeA, although the unstaged program reads
   each once, A first.  Here computeA and computeB read the next value of
   an input stream.  The naive generator splices its argument at every
   multiplication; the let-bound versions bind each computation once, in
   the order of the unstaged program, as LMS's perform/accumulate does. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val input = ref [] : int list ref
val trace = ref [] : string list ref
fun next name = case !input of
                    v :: rest => (input := rest; trace := (name ^ "=" ^ pi v) :: !trace; v)
                  | [] => (trace := (name ^ "=eof") :: !trace; 0)
fun computeA () = next "A"
fun computeB () = next "B"
fun feed xs = (input := xs; trace := [])
fun log () = String.concatWith " " (rev (!trace))

(* unstaged *)
fun power (b, n) = if n = 0 then 1 else b * power (b, n - 1)
fun unstaged () = let val x = computeA () in power (computeB () + x, 4) end

(* naive: the argument is code, spliced at every step *)
fun powerN (b : [int], n) : [int] =
    if n = 0 then code 1
    else let cogen bb = b
             cogen rest = powerN (b, n - 1)
         in code (bb * rest) end
val naive = let cogen x = code (computeA ())
            in powerN (code (computeB () + x), 4) end

(* let-bound: power takes its argument at run time, the argument is computed once *)
fun powerL n : [int -> int] =
    if n = 0 then code (fn _ => 1)
    else let cogen rest = powerL (n - 1) in code (fn b => b * rest b) end
val bound = let cogen p4 = powerL 4
            in code (let val x1 = computeA ()
                         val x3 = computeB () + x1
                     in p4 x3 end)
            end

(* the better algorithm, squaring: naive splicing turns it into more work *)
fun sqrN (b : [int], n) : [int] =
    if n = 0 then code 1
    else if n mod 2 = 0 then let cogen y = sqrN (b, n div 2) in code (y * y) end
    else let cogen bb = b cogen rest = sqrN (b, n - 1) in code (bb * rest) end
fun sqrL n : [int -> int] =
    if n = 0 then code (fn _ => 1)
    else if n mod 2 = 0 then let cogen h = sqrL (n div 2) in code (fn b => let val y = h b in y * y end) end
    else let cogen rest = sqrL (n - 1) in code (fn b => b * rest b) end

val stream = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]

val _ = feed stream
val r0 = unstaged ()
val _ = pr ("unstaged:  " ^ pi r0 ^ "   reads " ^ log ())
val _ = feed stream
val r1 = eval naive
val _ = pr ("naive:     " ^ pi r1 ^ "   reads " ^ log ())
val _ = feed stream
val r2 = eval bound
val _ = pr ("let-bound: " ^ pi r2 ^ "   reads " ^ log ())
val _ = feed [5, 5, 5, 5, 5, 5, 5, 5, 5, 5]
val _ = pr ("constant stream: naive " ^ pi (eval naive) ^ ", let-bound " ^ (feed [5, 5]; pi (eval bound)))

(* squaring: reads per exponent, naive against let-bound *)
val _ = app (fn n =>
               let val _ = feed stream
                   val a = eval (let cogen x = code (computeA ()) in sqrN (code (computeB () + x), n) end)
                   val readsNaive = length (!trace)
                   val _ = feed stream
                   val b = eval (let cogen p = sqrL n
                                 in code (let val x1 = computeA () val x3 = computeB () + x1 in p x3 end) end)
                   val readsBound = length (!trace)
               in pr ("exponent " ^ pi n ^ ": naive " ^ pi a ^ " after " ^ pi readsNaive ^ " reads, let-bound " ^
                      pi b ^ " after " ^ pi readsBound ^ " reads")
               end) [0, 1, 2, 3, 4, 5, 8]

(* the generated code reads anew each time it runs *)
val _ = feed [1, 1, 2, 2, 3, 3]
val _ = pr ("three runs of the let-bound code: " ^ pi (eval bound) ^ " " ^ pi (eval bound) ^ " " ^ pi (eval bound)
            ^ "   reads " ^ log ())
