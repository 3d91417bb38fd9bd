(* Closures: capture of values and refs at creation time, partial
   application, closures in lists and data, shadowing after capture,
   generators of closures, currying and uncurrying *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val x = 10
fun addX y = x + y
val x = 20
val _ = p (i (addX 1) ^ " " ^ i x)
fun makeCounter start = let val c = ref start in (fn () => (c := !c + 1; !c), fn () => !c) end
val (incA, getA) = makeCounter 0
val (incB, getB) = makeCounter 100
val _ = (incA (); incA (); incB ())
val _ = p (i (getA ()) ^ " " ^ i (getB ()))
val adders = map (fn k => fn n => n + k) [1, 10, 100]
val _ = p (String.concat (map (fn f => i (f 5) ^ " ") adders))
fun compose [] = (fn v => v) | compose (f :: fs) = f o compose fs
val _ = p (i (compose adders 0) ^ " " ^ i (compose (rev adders) 1))
fun curry f a b = f (a, b)
fun uncurry f (a, b) = f a b
val minus = curry (op -)
val _ = p (i (minus 10 3) ^ " " ^ i (uncurry minus (3, 10)) ^ " " ^ i (List.foldl (uncurry (fn a => fn b => a * 10 + b)) 0 [1, 2, 3]))
val partial = List.map (fn s => s ^ "!")
val _ = p (String.concat (partial ["a", "b"]))
fun power 0 = (fn _ => 1) | power n = let val f = power (n - 1) in fn b => b * f b end
val cube = power 3
val _ = p (i (cube 3) ^ " " ^ i (power 10 2))
val shared = ref 0
val fs = [fn () => shared := !shared + 1, fn () => shared := !shared * 10]
val _ = (app (fn f => f ()) fs; app (fn f => f ()) fs)
val _ = p (i (!shared))
datatype 'a stream = Cons of 'a * (unit -> 'a stream)
fun from n = Cons (n, fn () => from (n + 1))
fun take (_, 0) = [] | take (Cons (v, rest), n) = v :: take (rest (), n - 1)
fun smap f (Cons (v, rest)) = Cons (f v, fn () => smap f (rest ()))
fun sfilter pr (Cons (v, rest)) = if pr v then Cons (v, fn () => sfilter pr (rest ())) else sfilter pr (rest ())
val _ = p (String.concat (map (fn n => i n ^ " ") (take (sfilter (fn n => n mod 3 = 0) (smap (fn n => n * n) (from 1)), 6))))
fun sieve (Cons (pr, rest)) = Cons (pr, fn () => sieve (sfilter (fn n => n mod pr <> 0) (rest ())))
val _ = p (String.concat (map (fn n => i n ^ " ") (take (sieve (from 2), 15))))
val memo = let val cache = ref [] in fn n => (case List.filter (fn (k, _) => k = n) (!cache) of
                                                (_, v) :: _ => "cached " ^ i v
                                              | [] => (cache := (n, n * n) :: !cache; "computed " ^ i (n * n))) end
val _ = p (memo 4 ^ ", " ^ memo 5 ^ ", " ^ memo 4)
fun twice f = f o f
val _ = p (i (twice twice (fn n => n + 1) 0) ^ " " ^ i (twice (twice twice) (fn n => n * 2) 1))
val k = fn a => fn _ => a
val s = fn f => fn g => fn v => f v (g v)
val _ = p (i (s k k 42))
fun delay v = fn () => (p ("forced " ^ i v); v)
val thunks = map delay [1, 2, 3]
val _ = p "thunks built"
val _ = p (i (foldr (fn (t, acc) => t () + acc) 0 thunks))
val captureLoop = let val r = ref [] val n = ref 0
                  in while !n < 3 do (let val v = !n in r := (fn () => v) :: !r end; n := !n + 1); map (fn f => f ()) (!r) end
val _ = p (String.concat (map i captureLoop))
