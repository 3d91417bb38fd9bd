(* Staged stream fusion after Kiselyov, Biboudis, Palladinos and
   Smaragdakis, "Stream Fusion, to Completeness" (POPL 2017, strymonas):
   stream combinators (map, filter, take, flatMap, zipWith-index) are
   composed at generation time and produce one loop with no intermediate
   lists or closures per element. Streams here are push streams: a stream
   maps the code of a consumer (returning false to stop early) to the code
   of a loop over a run-time array. Per-run state (take's counter) is
   allocated in the generated code when the loop starts. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type 'a stream = ['a -> bool] -> [int array -> unit]
fun ofArray (k : [int -> bool]) : [int array -> unit] =
    let cogen k' = k
    in code (fn arr => let val k = k'
                           fun loop i = if i < Array.length arr andalso k (Array.sub (arr, i)) then loop (i + 1) else ()
                       in loop 0 end) end
fun smap (f : ['a -> 'b]) (s : 'a stream) : 'b stream =
    fn k => s (let cogen f' = f cogen k' = k in code (let val k = k' in fn x => k (f' x) end) end)
fun sfilter (p : ['a -> bool]) (s : 'a stream) : 'a stream =
    fn k => s (let cogen p' = p cogen k' = k in code (let val k = k' in fn x => if p' x then k x else true end) end)
fun stake (n : int) (s : 'a stream) : 'a stream =
    fn k => s (let cogen k' = k cogen n' = lift n
               in code (let val k = k' val seen = ref 0
                        in fn x => if !seen >= n' then false else (seen := !seen + 1; k x andalso !seen < n') end) end)
fun sflatMap (f : ['a -> 'b list]) (s : 'a stream) : 'b stream =
    fn k => s (let cogen f' = f cogen k' = k
               in code (let val k = k' fun each [] = true | each (y :: ys) = k y andalso each ys in fn x => each (f' x) end) end)
fun sindexed (s : 'a stream) : (int * 'a) stream =
    fn k => s (let cogen k' = k in code (let val k = k' val i = ref 0 in fn x => (i := !i + 1; k (!i - 1, x)) end) end)

(* terminal operations: the result goes through a global cell *)
val total = ref 0
fun sum (s : int stream) : [int array -> int] =
    let cogen loop = s (code (fn x => (total := !total + x; true))) in code (fn arr => (total := 0; loop arr; !total)) end
val collected = ref ([] : string list)
fun toStrings (show : ['a -> string]) (s : 'a stream) : [int array -> string list] =
    let cogen loop = s (let cogen sh = show in code (fn x => (collected := sh x :: !collected; true)) end)
    in code (fn arr => (collected := []; loop arr; rev (!collected))) end

val data = Array.fromList [3, 8, 1, 9, 4, 7, 2, 6, 5, 10, 0]
val squaresOfEvens = eval (sum (smap (code (fn x => x * x)) (sfilter (code (fn x => x mod 2 = 0)) ofArray)))
val _ = pr ("sum of squares of evens: " ^ pi (squaresOfEvens data))
val firstThreeOdd = eval (toStrings (code Int.toString) (stake 3 (sfilter (code (fn x => x mod 2 = 1)) ofArray)))
val _ = pr ("first three odd: " ^ String.concatWith " " (firstThreeOdd data))
val _ = pr ("again (take's counter is per run): " ^ String.concatWith " " (firstThreeOdd data))
val pairs = eval (toStrings (code (fn (i, x) => pi i ^ ":" ^ pi x)) (stake 4 (sindexed (sfilter (code (fn x => x > 4)) ofArray))))
val _ = pr ("indexed: " ^ String.concatWith " " (pairs data))
val expanded = eval (sum (stake 10 (sflatMap (code (fn x => List.tabulate (x, fn i => i))) ofArray)))
val _ = pr ("flatMap then take 10: " ^ pi (expanded data))
val polyChain = eval (toStrings (code (fn s => s)) (smap (code (fn n => if n > 5 then "big" else "small")) (stake 5 ofArray)))
val _ = pr ("to strings: " ^ String.concatWith "," (polyChain data))
val _ = pr ("take 0: " ^ pi (eval (sum (stake 0 ofArray)) data) ^ ", empty array: " ^ pi (squaresOfEvens (Array.fromList [])))
(* a long pipeline composed from a list of stages at generation time *)
val stages = [smap (code (fn x => x + 1)), sfilter (code (fn x => x mod 3 <> 0)), smap (code (fn x => 2 * x)), stake 1000]
val pipeline = eval (sum (foldl (fn (st, s) => st s) ofArray stages))
val big = Array.tabulate (3000, fn i => i)
val _ = pr ("pipeline over 3000: " ^ pi (pipeline big))
(* an exception raised by a stage's function stops the loop; handled outside *)
val divBy = eval (sum (smap (code (fn x => 100 div x)) ofArray))
val _ = pr ("100 div: " ^ (pi (divBy (Array.fromList [1, 2, 5])) ^ " / " ^ (pi (divBy data) handle Div => "Div from the fused loop")))
