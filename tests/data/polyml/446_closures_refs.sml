(* Closures and refs together: a list of closures each capturing its own
   loop value, closures sharing one ref, a ref holding a function that is
   replaced (late binding), an object with methods as a tuple of
   closures, ref equality against value equality, and memo tables
   captured in closures. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun ints xs = String.concatWith " " (map pi xs)

val fs = List.tabulate (5, fn i => fn x => x * 10 + i)
val _ = pr ("own values: " ^ ints (map (fn f => f 7) fs))

val shared = ref 0
val adders = List.tabulate (4, fn i => fn () => (shared := !shared + i; !shared))
val _ = pr ("shared: " ^ ints (map (fn f => f ()) adders) ^ " then " ^ ints (map (fn f => f ()) (rev adders)))

(* late binding through a ref *)
val hook : (int -> int) ref = ref (fn x => x)
fun useHook n = !hook n + 1
val _ = pr ("hook id: " ^ pi (useHook 10))
val _ = hook := (fn x => x * x)
val _ = pr ("hook square: " ^ pi (useHook 10))
(* recursion tied through a ref *)
val factRef : (int -> int) ref = ref (fn _ => 0)
val _ = factRef := (fn n => if n <= 1 then 1 else n * !factRef (n - 1))
val _ = pr ("fact via ref: " ^ pi (!factRef 12))

(* a bank account object *)
exception Insufficient of int
fun account initial =
    let val balance = ref initial
        val history = ref []
        fun record s = history := s :: !history
    in (fn n => (balance := !balance + n; record ("+" ^ pi n)),
        fn n => if n > !balance then raise Insufficient (!balance)
                else (balance := !balance - n; record ("-" ^ pi n)),
        fn () => !balance,
        fn () => rev (!history))
    end
val (deposit, withdraw, balance, history) = account 100
val (deposit2, _, balance2, _) = account 5
val _ = (deposit 50; withdraw 30; deposit2 1)
val _ = pr ("balances: " ^ pi (balance ()) ^ " " ^ pi (balance2 ()))
val _ = pr ("overdraw: " ^ ((withdraw 500; "ok") handle Insufficient b => "Insufficient, have " ^ pi b))
val _ = withdraw 120
val _ = pr ("history: " ^ String.concatWith " " (history ()) ^ " -> " ^ pi (balance ()))

(* ref equality is identity, contents equality is structural *)
val r1 = ref 3
val r2 = ref 3
val r3 = r1
val _ = pr ("r1 = r2: " ^ Bool.toString (r1 = r2) ^ ", r1 = r3: " ^ Bool.toString (r1 = r3) ^ ", !r1 = !r2: " ^ Bool.toString (!r1 = !r2))
val _ = r3 := 4
val _ = pr ("after r3 := 4: !r1 = " ^ pi (!r1) ^ ", [r1] = [r3]: " ^ Bool.toString ([r1] = [r3]))
val pairOfRefs = (ref 1, ref 2)
val (ra, rb) = pairOfRefs
val _ = (ra := 10; rb := !ra + !rb)
val _ = pr ("through pattern: " ^ pi (!(#1 pairOfRefs)) ^ " " ^ pi (!(#2 pairOfRefs)))
fun bump (ref n) = n + 1
val _ = pr ("ref pattern: " ^ pi (bump r2))

(* a memoiser in a closure *)
fun memo f =
    let val table = ref [] val misses = ref 0
        fun get x = case List.find (fn (k, _) => k = x) (!table) of
                        SOME (_, v) => v
                      | NONE => let val v = f x in misses := !misses + 1; table := (x, v) :: !table; v end
    in (get, fn () => !misses) end
val (slowSquare, misses) = memo (fn x => (pr ("  computing " ^ pi x); x * x))
val _ = pr ("memo: " ^ ints (map slowSquare [3, 4, 3, 3, 5, 4]) ^ ", misses " ^ pi (misses ()))

(* generators: a closure producing successive values *)
fun counterFrom n = let val c = ref (n - 1) in fn () => (c := !c + 1; !c) end
fun takeN (g, 0) = [] | takeN (g, k) = let val v = g () in v :: takeN (g, k - 1) end
val g1 = counterFrom 10
val g2 = counterFrom 100
val _ = pr ("interleaved: " ^ ints [g1 (), g2 (), g1 (), g2 (), g1 ()])
val _ = pr ("then: " ^ ints (takeN (g1, 3)))
fun fibGen () = let val a = ref 0 val b = ref 1 in fn () => let val r = !a in a := !b; b := r + !b; r end end
val _ = pr ("fibGen: " ^ ints (takeN (fibGen (), 12)))
val cell = ref (fn () => "first")
val before1 = !cell
val _ = cell := (fn () => "second")
val _ = pr ("captured old: " ^ before1 () ^ ", current: " ^ (!cell) ())
