(* A tiny JIT: generated code that, when it runs, counts how often each
   argument is seen and, once an argument is hot, generates, evaluates
   and caches a specialised function for it (eval of generated code
   inside generated code).  The cache is a memo table of generated
   functions in an array of options created at generation time and
   lifted, so every generated dispatcher shares it; a second table
   memoises the generators themselves (code, not functions), which are
   combined into bigger generators. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* the slow general function: x to the power e, by repeated multiplication mod m *)
val m = 1000003
fun powmod (x, 0) = 1
  | powmod (x, e) = x * powmod (x, e - 1) mod m

(* a memo table of generators: genPow e is built once per e from smaller ones *)
val genTable : [int -> int] option array = Array.array (64, NONE)
val built = ref 0
fun genPow e : [int -> int] =
  case Array.sub (genTable, e) of
    SOME g => g
  | NONE =>
      let val g = if e = 0 then code (fn x => 1)
                  else if e mod 2 = 0 then let cogen h = genPow (e div 2) in code (fn x => let val y = h x in y * y mod 1000003 end) end
                  else let cogen h = genPow (e - 1) in code (fn x => x * h x mod 1000003) end
      in built := !built + 1; Array.update (genTable, e, SOME g); g end

(* the JIT: one dispatcher per threshold; the caches are shared arrays *)
val hotCounts = Array.array (64, 0)
val compiled : (int -> int) option array = Array.array (64, NONE)
val jitted = ref 0
fun genDispatcher (threshold : int) : [int * int -> int] =
  let cogen counts = lift hotCounts cogen cache = lift compiled cogen t = lift threshold cogen j = lift jitted
  in code (fn (x, e) =>
       case Array.sub (cache, e) of
         SOME f => f x
       | NONE =>
           (Array.update (counts, e, Array.sub (counts, e) + 1);
            if Array.sub (counts, e) >= t
            then let val f = eval (genPow e)   (* generation at run time of generated code *)
                 in j := !j + 1; Array.update (cache, e, SOME f); f x end
            else powmod (x, e)))
  end

val dispatch = eval (genDispatcher 3)
val calls = List.tabulate (200, fn i => (i * 7 mod 50 + 2, (i * i) mod 9 + (if i mod 4 = 0 then 40 else 3)))
val results = map dispatch calls
val expected = map powmod calls
val _ = pr ("agree " ^ Bool.toString (results = expected) ^ ", jitted " ^ pi (!jitted) ^ ", generators built " ^ pi (!built))
val _ = pr ("first results " ^ String.concatWith " " (map pi (List.take (results, 8))))
val _ = pr ("hot exponents " ^ String.concatWith "," (List.mapPartial (fn e => if isSome (Array.sub (compiled, e)) then SOME (pi e) else NONE) (List.tabulate (64, fn e => e))))

(* a second dispatcher with another threshold shares both caches: no new jitting for hot exponents *)
val dispatch2 = eval (genDispatcher 1)
val before2 = !jitted
val r2 = map dispatch2 [(5, 40), (5, 41), (6, 60), (7, 3)]
val _ = pr ("second dispatcher " ^ String.concatWith " " (map pi r2) ^ ", newly jitted " ^ pi (!jitted - before2) ^ ", agree " ^ Bool.toString (r2 = map powmod [(5, 40), (5, 41), (6, 60), (7, 3)]))

(* code of code: a generator of dispatchers, evaluated inside generated code *)
val metaGen : [int -> int * int -> int] = code (fn t => eval (genDispatcher t))
val mk = eval metaGen
val d3 = mk 100
val _ = pr ("meta: " ^ pi (d3 (3, 62)) ^ " = " ^ pi (powmod (3, 62)))

(* generators from the memo table combined: sum of powers, generated once *)
fun genSum [] = code (fn x : int => 0)
  | genSum (e :: es) = let cogen p = genPow e cogen r = genSum es in code (fn x => (p x + r x) mod 1000003) end
val before3 = !built
val sumPows = eval (genSum [10, 20, 30, 40, 50, 60, 63])
val _ = pr ("sum of powers of 2: " ^ pi (sumPows 2) ^ ", new generators " ^ pi (!built - before3))
val _ = pr ("check " ^ pi (foldl (fn (e, s) => (powmod (2, e) + s) mod m) 0 [10, 20, 30, 40, 50, 60, 63]))
