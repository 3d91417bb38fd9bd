(* Array iterators whose callback updates the array being iterated: each
   reads an element when it reaches it (no snapshot), as Poly/ML does *)
fun sI (x : int) = Int.toString x
fun show a = String.concatWith "," (Array.foldr (fn (x, l) => sI x :: l) [] a)
fun fresh () = Array.fromList [1, 2, 3, 4]
val a = fresh ()
val s = ref ""
val _ = Array.app (fn x => (s := !s ^ sI x; Array.update (a, 3, 99); Array.update (a, 0, 77))) a
val _ = print ("app " ^ !s ^ " " ^ show a ^ "\n")
val a = fresh () val s = ref ""
val _ = Array.appi (fn (i, x) => (s := !s ^ sI x; if i + 1 < 4 then Array.update (a, i + 1, x * 10) else ())) a
val _ = print ("appi " ^ !s ^ "\n")
val a = fresh ()
val r = Array.foldl (fn (x, acc) => (Array.update (a, 3, 50); x + acc)) 0 a
val _ = print ("foldl " ^ sI r ^ "\n")
val a = fresh ()
val r = Array.foldr (fn (x, acc) => (Array.update (a, 0, 50); x + acc)) 0 a
val _ = print ("foldr " ^ sI r ^ "\n")
val a = fresh ()
val r = Array.foldli (fn (i, x, acc) => (if i = 0 then Array.update (a, 2, 500) else (); x + acc)) 0 a
val _ = print ("foldli " ^ sI r ^ "\n")
val a = fresh ()
val r = Array.foldri (fn (i, x, acc) => (if i = 3 then Array.update (a, 1, 500) else (); x + acc)) 0 a
val _ = print ("foldri " ^ sI r ^ "\n")
val a = fresh ()
val _ = Array.modify (fn x => x + Array.sub (a, 0)) a
val _ = print ("modify " ^ show a ^ "\n")
val a = fresh ()
val _ = Array.modifyi (fn (i, x) => x + (if i > 0 then Array.sub (a, i - 1) else 0)) a
val _ = print ("modifyi " ^ show a ^ "\n")
val a = fresh ()
val r = Array.find (fn x => (Array.update (a, 2, 42); x = 42)) a
val _ = print ("find " ^ (case r of SOME x => sI x | NONE => "NONE") ^ "\n")
val a = fresh ()
val r = Array.findi (fn (i, x) => (Array.update (a, 3, 42); x = 42)) a
val _ = print ("findi " ^ (case r of SOME (i, x) => sI i | NONE => "NONE") ^ "\n")
val a = fresh ()
val r = Array.exists (fn x => (Array.update (a, 3, 42); x = 42)) a
val _ = print ("exists " ^ Bool.toString r ^ "\n")
val a = fresh ()
val r = Array.all (fn x => (Array.update (a, 3, 0); x > 0)) a
val _ = print ("all " ^ Bool.toString r ^ "\n")
val a = fresh () val b = fresh ()
val r = Array.collate (fn (x, y) => (Array.update (b, 2, 0); Int.compare (x, y))) (a, b)
val _ = print ("collate " ^ (case r of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER") ^ "\n")
val a = fresh ()
val v = Array.vector a
val _ = Array.update (a, 0, 9)
val _ = print ("vector " ^ sI (Vector.sub (v, 0)) ^ "\n")
