(* Array.update (a, i, v): the tuple's components are evaluated left to
   right before the update, and a raising component stops the rest. *)
fun opaque x = ! (ref x)
val log = ref ""
fun tag s v = (log := !log ^ s; v)
fun report what = (print (what ^ " [" ^ !log ^ "]\n"); log := "")
val a = Array.array (3, 0)
val _ = Array.update (tag "A" a, tag "I" 1, tag "V" 7)
val _ = report ("update " ^ Int.toString (Array.sub (a, 1)))
val _ = (Array.update (tag "A" a, tag "I" 5, tag "V" 9)) handle Subscript => report "bad index, value still computed"
val _ = (Array.update (tag "A" a, tag "I" (1 div opaque 0), tag "V" 9)) handle Div => report "index raised Div"
val _ = (Array.update (tag "A" a, tag "I" 0, tag "V" (raise Fail "v"))) handle Fail m => report ("value raised " ^ m)
val _ = print (Int.toString (Array.sub (a, 0)) ^ "\n")
val _ = Array.sub (tag "A" a, tag "I" 2)
val _ = report "sub"
val _ = (Array.sub (tag "A" a, tag "I" (opaque ~1))) handle Subscript => (report "sub ~1"; 0)
val _ = (Array.array (tag "N" (opaque ~1), tag "X" 0)) handle Size => (report "array ~1 is Size"; a)
val v = Vector.fromList [tag "a" 1, tag "b" 2, tag "c" 3]
val _ = report "Vector.fromList"
val _ = Array.tabulate (3, fn i => tag (Int.toString i) i)
val _ = report "Array.tabulate"
val _ = List.tabulate (4, fn i => tag (Int.toString i) i)
val _ = report "List.tabulate"
val _ = Vector.tabulate (3, fn i => tag (Int.toString i) i)
val _ = report "Vector.tabulate"
val _ = map (fn x => tag (Int.toString x) x) [1, 2, 3]
val _ = report "map"
val _ = List.filter (fn x => tag (Int.toString x) true) [1, 2, 3]
val _ = report "filter"
val _ = foldr (fn (x, acc) => tag (Int.toString x) acc) 0 [1, 2, 3]
val _ = report "foldr"
val _ = foldl (fn (x, acc) => tag (Int.toString x) acc) 0 [1, 2, 3]
val _ = report "foldl"
val _ = List.exists (fn x => tag (Int.toString x) (x = 2)) [1, 2, 3]
val _ = report "exists"
val _ = List.all (fn x => tag (Int.toString x) (x < 2)) [1, 2, 3]
val _ = report "all"
val _ = Array.modify (fn x => tag (Int.toString x) (x + 1)) a
val _ = report "Array.modify"
val _ = Array.foldr (fn (x, acc) => tag (Int.toString x) acc) 0 a
val _ = report "Array.foldr"
val _ = List.mapPartial (fn x => tag (Int.toString x) (if x = 2 then NONE else SOME x)) [1, 2, 3]
val _ = report "mapPartial"
val _ = ListPair.map (fn (x, y) => tag (Int.toString (x + y)) 0) ([1, 2, 3], [10, 20])
val _ = report "ListPair.map"
val _ = String.translate (fn c => tag (str c) (str c)) "xyz"
val _ = report "String.translate"
val _ = CharVector.tabulate (3, fn i => tag (Int.toString i) #"q")
val _ = report "CharVector.tabulate"
val _ = List.find (fn x => tag (Int.toString x) (x > 1)) [1, 2, 3]
val _ = report "find"
val _ = List.partition (fn x => tag (Int.toString x) (x > 1)) [1, 2, 3]
val _ = report "partition"
