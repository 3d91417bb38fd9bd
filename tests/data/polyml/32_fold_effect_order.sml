(* The order in which map, app, foldl, foldr, filter, exists, all and
   Array.tabulate call their function, and how many calls happen before an
   exception raised part-way stops them *)
val log = ref ""
fun note s = log := !log ^ s
fun flush label = (print (label ^ ": " ^ !log ^ "\n"); log := "")
exception Stop of int
fun i n = Int.toString n
val xs = [1, 2, 3, 4, 5]
val _ = map (fn x => note (i x)) xs
val _ = flush "map"
val _ = List.map (fn x => (note (i x); if x = 3 then raise Stop x else x)) xs handle Stop n => (note ("!" ^ i n); [])
val _ = flush "map stopped"
val _ = app (fn x => note (i x)) xs
val _ = flush "app"
val _ = app (fn x => if x = 4 then raise Stop x else note (i x)) xs handle Stop n => note ("!" ^ i n)
val _ = flush "app stopped"
val r = foldl (fn (x, acc) => (note (i x); acc * 10 + x)) 0 xs
val _ = flush ("foldl " ^ i r)
val r = foldr (fn (x, acc) => (note (i x); acc * 10 + x)) 0 xs
val _ = flush ("foldr " ^ i r)
val _ = foldr (fn (x, acc) => if x = 2 then raise Stop x else (note (i x); acc)) 0 xs handle Stop n => (note ("!" ^ i n); 0)
val _ = flush "foldr stopped"
val _ = List.foldl (fn (x, acc) => if x = 2 then raise Stop x else (note (i x); acc)) 0 xs handle Stop n => (note ("!" ^ i n); 0)
val _ = flush "foldl stopped"
val kept = List.filter (fn x => (note (i x); x mod 2 = 1)) xs
val _ = flush ("filter " ^ String.concat (map i kept))
val _ = List.exists (fn x => (note (i x); x = 3)) xs
val _ = flush "exists"
val _ = List.all (fn x => (note (i x); x < 3)) xs
val _ = flush "all"
val _ = List.exists (fn x => (note (i x); false)) xs
val _ = List.all (fn x => (note (i x); true)) xs
val _ = flush "exists/all full"
val a = Array.tabulate (4, fn k => (note (i k); k * k))
val _ = flush ("tabulate " ^ i (Array.sub (a, 3)))
val _ = Array.tabulate (4, fn k => if k = 2 then raise Stop k else note (i k)) handle Stop n => (note ("!" ^ i n); Array.fromList [])
val _ = flush "tabulate stopped"
(* map's function and list are evaluated before any element *)
val _ = (note "f"; map) (fn x => note (i x)) (note "l"; [7, 8])
val _ = flush "map args"
val _ = (note "g"; foldl) (fn (x, _) => note (i x)) (note "z"; ()) (note "l"; [7, 8])
val _ = flush "foldl args"
(* nested folds *)
val grid = [[1, 2], [3], [], [4, 5, 6]]
val total = foldl (fn (row, acc) => foldr (fn (x, a) => (note (i x); a + x)) acc row) 0 grid
val _ = flush ("nested " ^ i total)
val _ = map (fn f => f ()) [fn () => note "a", fn () => note "b", fn () => note "c"]
val _ = flush "thunks"
val _ = app (fn x => (note (i x); app (fn y => note (i (x * y))) [10, 20])) [1, 2]
val _ = flush "nested app"
