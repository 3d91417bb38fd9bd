(* The List and ListPair structures at work, with side effects showing
   the order in which foldl, foldr, map, app, exists and all visit
   elements: partition, find, filter, mapPartial, tabulate, take/drop
   with Subscript, getItem, revAppend, concat, last, collate, and
   ListPair zip/unzip/map/foldl with unequal lengths. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun ints xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

val seen : int list ref = ref []
fun visit x = (seen := x :: !seen; x)
fun order name = (pr (name ^ " visited " ^ ints (rev (!seen))); seen := [])
val xs = [5, 3, 8, 1, 9, 2]
val _ = foldl (fn (x, a) => visit x + a) 0 xs
val _ = order "foldl"
val _ = foldr (fn (x, a) => visit x + a) 0 xs
val _ = order "foldr"
val _ = map visit xs
val _ = order "map"
val _ = List.exists (fn x => visit x > 7) xs
val _ = order "exists (stops at 8)"
val _ = List.all (fn x => visit x > 2) xs
val _ = order "all (stops at 1)"
val _ = List.find (fn x => visit x mod 2 = 0) xs
val _ = order "find"

val (evens, odds) = List.partition (fn x => x mod 2 = 0) xs
val _ = pr ("partition: " ^ ints evens ^ " " ^ ints odds)
val _ = pr ("filter > 4: " ^ ints (List.filter (fn x => x > 4) xs))
val _ = pr ("tabulate: " ^ ints (List.tabulate (6, fn i => i * i - 3)))
val _ = pr ("take 2/drop 2: " ^ ints (List.take (xs, 2)) ^ " " ^ ints (List.drop (xs, 2)))
val _ = pr ("take 7: " ^ (ints (List.take (xs, 7)) handle Subscript => "Subscript"))
val _ = pr ("drop ~1: " ^ (ints (List.drop (xs, ~1)) handle Subscript => "Subscript"))
val _ = pr ("take all/drop all: " ^ ints (List.take (xs, 6)) ^ " " ^ ints (List.drop (xs, 6)))
val _ = pr ("getItem: " ^ (case List.getItem xs of SOME (h, t) => pi h ^ " then " ^ ints t | NONE => "none")
            ^ ", of []: " ^ (case List.getItem ([] : int list) of SOME _ => "some" | NONE => "none"))
val _ = pr ("revAppend: " ^ ints (List.revAppend ([1, 2, 3], [10, 20])))
val _ = pr ("concat: " ^ ints (List.concat [[1], [], [2, 3], [4]]))
val _ = pr ("last: " ^ pi (List.last xs) ^ ", nth 3: " ^ pi (List.nth (xs, 3)))
val _ = pr ("null/length: " ^ Bool.toString (null []) ^ " " ^ Bool.toString (List.null xs) ^ " " ^ pi (List.length xs))
val _ = pr ("@ and rev: " ^ ints (rev (xs @ [100])))
fun ordS LESS = "LESS" | ordS EQUAL = "EQUAL" | ordS GREATER = "GREATER"
val _ = pr ("collate: " ^ String.concatWith " " (map (fn (a, b) => ordS (List.collate Int.compare (a, b)))
                                          [([1, 2], [1, 3]), ([1, 2], [1, 2]), ([1, 2, 0], [1, 2]), ([], [0]), ([2], [1, 9])]))
val _ = pr ("appended tabulate empty: " ^ ints (List.tabulate (0, fn i => i)))
val _ = pr ("tabulate ~1: " ^ (ints (List.tabulate (~1, fn i => i)) handle Size => "Size"))
val _ = pr ("hd/tl: " ^ pi (hd xs) ^ " " ^ ints (tl xs) ^ ", tl []: " ^ (ints (tl []) handle Empty => "Empty"))
val _ = pr ("List.last []: " ^ (pi (List.last []) handle Empty => "Empty"))

val names = ["a", "b", "c", "d"]
val _ = pr ("zip: " ^ String.concatWith " " (map (fn (n, x) => n ^ pi x) (ListPair.zip (names, xs))))
val (l1, l2) = ListPair.unzip [(1, "one"), (2, "two"), (3, "three")]
val _ = pr ("unzip: " ^ ints l1 ^ " " ^ String.concatWith "," l2)
val _ = pr ("ListPair.map: " ^ ints (ListPair.map op * ([1, 2, 3], [4, 5, 6, 7])))
val _ = pr ("ListPair.foldl: " ^ pi (ListPair.foldl (fn (a, b, acc) => acc + a * b) 0 ([1, 2, 3], [10, 20, 30])))
val _ = pr ("ListPair.foldr order: " ^ ListPair.foldr (fn (a, b, acc) => acc ^ a ^ pi b) "" (names, xs))
val _ = pr ("ListPair.all/exists: " ^ Bool.toString (ListPair.all op < ([1, 2], [2, 3, 0])) ^ " " ^ Bool.toString (ListPair.exists op = ([1, 2], [0, 2])))
val _ = pr ("zipEq unequal: " ^ (pi (length (ListPair.zipEq ([1, 2], [3]))) handle ListPair.UnequalLengths => "UnequalLengths"))
val _ = List.app (fn x => ignore (visit x)) (List.rev xs)
val _ = order "app of rev"
