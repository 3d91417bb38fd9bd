(* Staged loops with state at both stages: a loop unrolled at generation
   time over a lifted array (the generated code updates the same array,
   so later generations see what earlier runs wrote), a generator that
   counts its own generations in a ref, blocked unrolling (a residual
   while loop over blocks of k unrolled steps), a generated search that
   leaves by an exception declared outside, a handler in the generated
   code around spliced code that raises at run time, and a generator that
   raises while generating from inside a cogen chain, caught around eval. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val generations = ref 0
val shared = Array.fromList [1, 2, 3, 4]
cogen arr = lift shared

(* fully unrolled: one update per element, the indices constants *)
fun unrolledScale (i, n) : [int -> unit] =
    if i = n then code (fn _ => ())
    else let cogen rest = unrolledScale (i + 1, n)
             cogen ix = lift i
         in code (fn f => (Array.update (arr, ix, Array.sub (arr, ix) * f); rest f)) end
fun countedGen g = (generations := !generations + 1; g)
val scaleAll = eval (countedGen (unrolledScale (0, Array.length shared)))
val () = scaleAll 10
val () = scaleAll 2
val () = pr ("after scaling: " ^ String.concatWith " " (map pi (Array.foldr op:: [] shared)) ^ "; generations " ^ pi (!generations))

(* lift reads the array at generation time: a snapshot, unlike the shared array itself *)
fun snapshotSum () : [int] =
    let fun go i = if i = Array.length shared then code 0
                   else let cogen v = lift (Array.sub (shared, i)) cogen rest = go (i + 1) in code (v + rest) end
    in go 0 end
val snap = snapshotSum ()
val () = Array.update (shared, 0, 1000)
val () = pr ("snapshot taken before the update, generated after: " ^ pi (eval snap) ^ "; live sum " ^ pi (Array.foldl op+ 0 shared))

(* blocked unrolling: a residual loop over blocks of k unrolled steps, then the remainder *)
fun block (k : int) : [int ref -> int ref -> unit] =
    if k = 0 then code (fn _ => fn _ => ())
    else let cogen more = block (k - 1)
         in code (fn i => fn acc => (acc := !acc + !i * !i; i := !i + 1; more i acc)) end
fun sumSquaresGen k : [int -> int] =
    let cogen step = block k
        cogen one = block 1
        cogen kk = lift k
    in code (fn n =>
         let val i = ref 0 and acc = ref 0
         in while !i + kk <= n do step i acc;
            while !i < n do one i acc;
            !acc end)
    end
val sq4 = eval (sumSquaresGen 4)
val sq1 = eval (sumSquaresGen 1)
val () = pr ("sum of squares: " ^ String.concatWith " " (map (fn n => pi (sq4 n) ^ "/" ^ pi (sq1 n)) [0, 3, 4, 10, 101]))

(* leaving a generated search by an exception declared outside *)
exception Found of int * int
fun searchGen (target : int) : [int vector -> int] =
    let cogen t = lift target
    in code (fn v => (Vector.appi (fn (i, x) => if x = t then raise Found (i, x) else ()) v; ~1)
                     handle Found (i, _) => i)
    end
val find7 = eval (searchGen 7)
val () = pr ("search: " ^ String.concatWith " " (map (fn l => pi (find7 (Vector.fromList l))) [[], [7], [1, 2, 7, 7], [1, 2, 3]]))

(* a handler in generated code around spliced code that raises when run *)
fun risky (d : int) : [int -> int] = let cogen dd = lift d in code (fn x => x div dd) end
fun guarded (d : int) : [int -> string] =
    let cogen r = risky d
    in code (fn x => (pi (r x) handle Div => "Div at run time") ^ "|" ^ pi (r (x + 1)) handle Div => "outer Div") end
val () = pr ("guarded: " ^ eval (guarded 2) 9 ^ " " ^ eval (guarded 0) 9)

(* raising while generating, inside a chain of cogens *)
exception TooDeep of int
fun chain (n : int) : [int -> int] =
    if n > 5 then raise TooDeep n
    else if n = 0 then code (fn x => x)
    else let cogen below = chain (n - 1) cogen nn = lift n in code (fn x => below (x + nn)) end
fun tryChain n = (pi (eval (chain n) 0)) handle TooDeep d => "TooDeep " ^ pi d
val () = pr ("chains: " ^ String.concatWith " " (map tryChain [0, 3, 5, 6, 9]))
val deeper : [int] = code (let cogen c = chain 8 in c 1 end)
val () = pr ("generation inside a code's let happens when it is generated: " ^ ((pi (eval deeper)) handle TooDeep d => "TooDeep " ^ pi d))
