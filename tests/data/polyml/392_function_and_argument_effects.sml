(* Effects in the function position, in curried applications, partial
   application and composition: what runs, and when. *)
fun say s = print (s ^ " ")
fun nl () = print "\n"
fun add x y = (say ("add " ^ Int.toString x ^ " " ^ Int.toString y); x + y)
val add1 = (say "making add1"; add 1)
val _ = nl ()
val _ = add1 (say "arg"; 2)
val _ = nl ()
fun staged x = (say ("staged got " ^ Int.toString x); fn y => (say ("then " ^ Int.toString y); x * y))
val s2 = staged 2
val _ = nl ()
val _ = s2 5
val _ = s2 6
val _ = nl ()
val _ = (say "fun"; staged) (say "x"; 3) (say "y"; 4)
val _ = nl ()
(* composition applies right to left, each function once *)
val f = (fn x => (say "f"; x + 1)) o (fn x => (say "g"; x * 2)) o (fn x => (say "h"; x - 3))
val _ = say (Int.toString (f 10))
val _ = nl ()
(* building the composition evaluates its operands but calls nothing *)
val h = (say "left"; fn x : int => x) o (say "right"; fn x => x)
val _ = nl ()
(* before: the left value, after both effects *)
val v = (say "first"; 1) before say "second"
val _ = say (Int.toString v)
val _ = nl ()
val w = ((say "raising"; raise Fail "left") before say "never") handle Fail m => (say m; 0)
val _ = nl ()
(* closures capture the value at creation, refs the cell *)
val fs = List.tabulate (4, fn i => fn () => i * i)
val _ = app (fn g => say (Int.toString (g ()))) fs
val _ = nl ()
val cell = ref 0
val gs = List.tabulate (3, fn i => (cell := i; fn () => !cell))
val _ = app (fn g => say (Int.toString (g ()))) gs
val _ = nl ()
(* a while loop building closures over a counter *)
val i = ref 0
val acc = ref []
val _ = while !i < 3 do (let val k = !i in acc := (fn () => k) :: !acc end; i := !i + 1)
val _ = app (fn g => say (Int.toString (g ()))) (!acc)
val _ = nl ()
(* arguments of a constructor and of a tuple-taking function, right after the function *)
datatype t = T of int * int
fun pr (T (a, b)) = say (Int.toString a ^ "/" ^ Int.toString b)
val _ = pr (T ((say "a"; 1), (say "b"; 2)))
val _ = nl ()
(* mutual recursion with effects *)
fun even 0 = (say "e0"; true) | even n = (say ("e" ^ Int.toString n); odd (n - 1))
and odd 0 = (say "o0"; false) | odd n = (say ("o" ^ Int.toString n); even (n - 1))
val _ = say (Bool.toString (even 5))
val _ = nl ()
(* op-sections applied through higher-order functions *)
val _ = say (Int.toString (foldl (op -) 100 [1, 2, 3]))
val _ = say (Int.toString (foldr (op -) 100 [1, 2, 3]))
val _ = say (String.concat (map (fn (a, b) => a ^ b) [("x", "y"), ("z", "w")]))
val _ = nl ()
