(* Staged memoisation: generation-time memo tables of generated code
   (one generator per key, built once and shared), and generated code
   that carries its own run-time memo table in an array allocated when
   the generated function is built, or in a ref lifted from generation
   time and shared by every function generated from it. Counters show
   how often each stage computes. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* generation-time memo: power generators keyed by exponent, reused *)
val built = ref 0
val table : (int * [int -> int]) list ref = ref []
fun powerGen (n : int) : [int -> int] =
    case List.find (fn (k, _) => k = n) (!table) of
        SOME (_, g) => g
      | NONE =>
          let val g = if n = 0 then code (fn _ => 1)
                      else if n mod 2 = 0 then let cogen h = powerGen (n div 2) in code (fn x => let val y = h x in y * y end) end
                      else let cogen h = powerGen (n - 1) in code (fn x => x * h x) end
          in built := !built + 1; table := (n, g) :: !table; g end
val p = List.map (fn n => eval (powerGen n)) [10, 20, 21, 40, 3]
val _ = pr (String.concatWith " " (map (fn f => pi (f 2)) p) ^ " built " ^ pi (!built))

(* a run-time memo table sized at generation time: fib mod m *)
fun memoFib (size : int, m : int) : [unit -> int -> int] =
    let cogen sz = lift size cogen m' = lift m
    in code (fn () =>
            let val memo = Array.array (sz, ~1)
                val calls = ref 0
                fun fib n = if n < 2 then n
                            else if Array.sub (memo, n) >= 0 then Array.sub (memo, n)
                            else let val v = (fib (n - 1) + fib (n - 2)) mod m' in calls := !calls + 1; Array.update (memo, n, v); v end
            in fn n => fib n end) end
val mk = eval (memoFib (1001, 1000000007))
val f1 = mk ()
val f2 = mk ()
val _ = pr (pi (f1 90) ^ " " ^ pi (f1 1000) ^ " " ^ pi (f2 50) ^ " " ^ pi (f1 50))

(* a memo table shared across generated functions: a lifted ref *)
val shared : (int * int) list ref = ref []
val hits = ref 0
fun collatzLen (limit : int) : [int -> int] =
    let cogen tbl = lift shared cogen lim = lift limit
    in code (fn n0 =>
            let fun len 1 = 1
                  | len n = case List.find (fn (k, _) => k = n) (!tbl) of
                                SOME (_, l) => (hits := !hits + 1; l)
                              | NONE => let val l = 1 + len (if n mod 2 = 0 then n div 2 else 3 * n + 1)
                                        in if n < lim then tbl := (n, l) :: !tbl else (); l end
            in len n0 end) end
val c1 = eval (collatzLen 50)
val c2 = eval (collatzLen 50)
val _ = pr (String.concatWith " " (map (pi o c1) [1, 7, 27, 9]) ^ " hits " ^ pi (!hits) ^ " table " ^ pi (length (!shared)))
val _ = pr (String.concatWith " " (map (pi o c2) [27, 9, 6]) ^ " hits " ^ pi (!hits) ^ " table " ^ pi (length (!shared)))

(* edit distance with the first word known at generation time: one
   generated row update per character of it *)
fun editFrom (w : string) : [string -> int] =
    let val n = size w
        fun rows (i : int) : [int array * string -> unit] =
            if i > n then code (fn _ => ())
            else let cogen c = lift (String.sub (w, i - 1)) cogen i' = lift i cogen rest = rows (i + 1)
                 in code (fn (row, t) =>
                        let val m = size t
                            val prevDiag = ref (Array.sub (row, 0))
                        in Array.update (row, 0, i');
                           List.app (fn j => let val above = Array.sub (row, j)
                                                 val cost = if String.sub (t, j - 1) = c then 0 else 1
                                                 val v = Int.min (Int.min (above + 1, Array.sub (row, j - 1) + 1), !prevDiag + cost)
                                             in prevDiag := above; Array.update (row, j, v) end)
                                    (List.tabulate (m, fn k => k + 1));
                           rest (row, t) end) end
        cogen all = rows 1
        cogen n' = lift n
    in code (fn t => let val row = Array.tabulate (size t + 1, fn j => j) in all (row, t); Array.sub (row, size t) end) end
val fromKitten = eval (editFrom "kitten")
val _ = pr (String.concatWith " " (map (fn t => t ^ "=" ^ pi (fromKitten t)) ["sitting", "kitten", "", "mitten", "kit", "knitting"]))
val fromEmpty = eval (editFrom "")
val _ = pr (pi (fromEmpty "abc") ^ " " ^ pi (fromEmpty ""))

(* memoised generation of generators: each (a, b) pair's code built once *)
val genCount = ref 0
val cache : ((int * int) * [[int -> int]]) list ref = ref []
fun linear (a : int, b : int) : [[int -> int]] =
    case List.find (fn (k, _) => k = (a, b)) (!cache) of
        SOME (_, g) => g
      | NONE => let val _ = genCount := !genCount + 1
                    cogen a' = lift a cogen b' = lift b
                    val g = code (let cogen ab = lift (a' * b') in code (fn x => ab * x + b') end)
                in cache := ((a, b), g) :: !cache; g end
val results = List.tabulate (40, fn i => eval (eval (linear (i mod 4, i mod 3))) i)
val _ = pr (pi (foldl op+ 0 results) ^ " from " ^ pi (!genCount) ^ " generators")
