(* Memoising generated code: a cache (an association list in a ref) maps
   an exponent to the function generated for it, so each exponent is
   generated once; a second cache holds the generators themselves and
   splices them into larger code, so generation of x^n reuses the
   generators of smaller exponents. Counters show generation happening
   once per key. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val generated = ref 0
fun power n : [int -> int] =
    (generated := !generated + 1;
     if n = 0 then code (fn _ => 1)
     else let cogen p = power (n - 1) in code (fn x => x * p x) end)

val fnCache : (int * (int -> int)) list ref = ref []
fun powerFn n =
    case List.find (fn (k, _) => k = n) (!fnCache) of
      SOME (_, f) => f
    | NONE => let val f = eval (power n) in fnCache := (n, f) :: !fnCache; f end

val _ = pr (pi (powerFn 5 2) ^ " " ^ pi (powerFn 5 3) ^ " " ^ pi (powerFn 3 4) ^ " " ^ pi (powerFn 5 1))
val _ = pr ("generator calls: " ^ pi (!generated) ^ ", cached: " ^ pi (length (!fnCache)))

(* a cache of generators: power' n splices the cached generator for n div 2 *)
val genCache : (int * [int -> int]) list ref = ref []
val built = ref 0
fun power' n : [int -> int] =
    case List.find (fn (k, _) => k = n) (!genCache) of
      SOME (_, g) => g
    | NONE =>
        let val _ = built := !built + 1
            val g = if n = 0 then code (fn _ => 1)
                    else if n mod 2 = 1 then let cogen p = power' (n - 1) in code (fn x => x * p x) end
                    else let cogen h = power' (n div 2) in code (fn x => let val y = h x in y * y end) end
        in genCache := (n, g) :: !genCache; g end
val fs = map (fn n => eval (power' n)) [16, 8, 17, 32, 33, 4]
val _ = pr (String.concatWith " " (map (fn f => pi (f 2)) fs))
val _ = pr ("generators built: " ^ pi (!built) ^ " for " ^ pi (length (!genCache)) ^ " keys")
(* the cached generator emits fresh code each time it is evaluated; its side effects are at run time *)
val runs = ref 0
val counted = code (fn x => (runs := !runs + 1; x + 1))
val _ = genCache := []
fun viaCache () = case List.find (fn (k, _) => k = 99) (!genCache) of SOME (_, g) => g | NONE => (genCache := (99, counted) :: !genCache; counted)
val a = eval (viaCache ())
val b = eval (viaCache ())
val _ = pr (pi (a 1 + b 2 + a 3) ^ " runs " ^ pi (!runs))
(* memoised Fibonacci table, lifted once into the generated code *)
fun fibs n = let val t = Array.array (n + 1, 0)
                 fun fill i = if i > n then () else (Array.update (t, i, if i < 2 then i else Array.sub (t, i - 1) + Array.sub (t, i - 2)); fill (i + 1))
             in fill 0; t end
val fibG = let cogen t = lift (fibs 80) in code (fn i => Array.sub (t, i)) end
val fib = eval fibG
val _ = pr (pi (fib 10) ^ " " ^ pi (fib 50) ^ " " ^ pi (fib 80) ^ " " ^ ((pi (fib 81)) handle Subscript => "out of table"))
