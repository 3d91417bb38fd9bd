(* The everyday Basis names beyond SPEC §1, part 1: the order datatype,
   Int, Word.compare, Option, Bool, List, ListPair, Array and the top-level
   getOpt/exnName/substring, with their edge cases and exceptions *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun ints l = "[" ^ String.concatWith "," (map i l) ^ "]"
fun ord2s LESS = "LESS" | ord2s EQUAL = "EQUAL" | ord2s GREATER = "GREATER"
fun opt f NONE = "NONE" | opt f (SOME x) = "SOME " ^ f x
fun try name f = p (name ^ ": " ^ f ()) handle e => p (name ^ " raised " ^ exnName e)

(* order and the compare functions *)
val _ = p (String.concatWith " " (map ord2s [Int.compare (1, 2), Int.compare (2, 2), Int.compare (~3, ~4)]))
val _ = p (ord2s (Word.compare (0w1, Word.- (0w0, 0w1))) ^ " " ^ ord2s (Word.compare (0w7, 0w7)))
val _ = p (Bool.toString (LESS = LESS) ^ " " ^ Bool.toString (LESS <> GREATER) ^ " " ^ Bool.toString (Bool.not true))
val orders = [GREATER, LESS, EQUAL]
val _ = p (String.concatWith "," (map ord2s (rev orders)))

(* Int *)
val maxI = valOf Int.maxInt
val minI = valOf Int.minInt
val _ = p (i maxI ^ " " ^ i minI ^ " " ^ opt i Int.precision)
val _ = p (ints [Int.abs ~5, Int.abs 0, Int.sign ~9, Int.sign 0, Int.sign 4])
val _ = p (Bool.toString (Int.sameSign (0, ~1)) ^ Bool.toString (Int.sameSign (0, 0)) ^ Bool.toString (Int.sameSign (~2, ~8)))
val _ = p (ints [Int.quot (7, 2), Int.quot (~7, 2), Int.quot (7, ~2), Int.quot (~7, ~2), Int.quot (6, ~3)])
val _ = p (ints [Int.rem (7, 2), Int.rem (~7, 2), Int.rem (7, ~2), Int.rem (~7, ~2), Int.rem (6, ~3)])
val _ = p (ints [Int.quot (minI, 2), Int.rem (minI, ~1), Int.quot (minI + 1, maxI - 1), Int.rem (minI + 1, maxI - 1)])
val _ = p (ints [Int.quot (maxI, minI), Int.rem (maxI, minI), Int.quot (minI, maxI), Int.rem (minI, maxI)])
val _ = try "Int.quot (minI, ~1)" (fn () => i (Int.quot (minI, ~1)))
val _ = try "Int.quot (1, 0)" (fn () => i (Int.quot (1, 0)))
val _ = try "Int.rem (1, 0)" (fn () => i (Int.rem (1, 0)))
val _ = try "Int.abs minI" (fn () => i (Int.abs minI))

(* top level and Option *)
val _ = p (i (getOpt (SOME 1, 2)) ^ i (getOpt (NONE, 2)) ^ i (Option.getOpt (NONE, 3)))
val _ = p (Bool.toString (Option.isSome (SOME ())) ^ " " ^ i (Option.valOf (SOME 4)))
val _ = try "Option.valOf NONE" (fn () => i (Option.valOf NONE))
val _ = p (opt i (Option.filter (fn x => x > 1) 2) ^ " " ^ opt i (Option.filter (fn x => x > 1) 1))
val _ = p (opt i (Option.join (SOME (SOME 5))) ^ " " ^ opt i (Option.join (SOME NONE)) ^ " " ^ opt i (Option.join NONE))
val _ = Option.app (fn x => p ("app " ^ i x)) (SOME 6)
val _ = Option.app (fn x => p ("app " ^ i x)) NONE
val _ = p (opt i (Option.map (fn x => x * 2) (SOME 7)) ^ " " ^ opt i (Option.map (fn x => x * 2) NONE))
fun half n = if n mod 2 = 0 then SOME (n div 2) else NONE
val _ = p (opt i (Option.mapPartial half (SOME 8)) ^ " " ^ opt i (Option.mapPartial half (SOME 9)))
val _ = p (opt i (Option.compose (fn x => x + 1, half) 10) ^ " " ^ opt i (Option.compose (fn x => x + 1, half) 11))
val _ = p (opt i (Option.composePartial (half, half) 12) ^ " " ^ opt i (Option.composePartial (half, half) 6))
val _ = p (exnName Div ^ " " ^ exnName (Fail "x") ^ " " ^ substring ("hello", 1, 3))
exception Mine of int
val _ = p (exnName (Mine 3))
val _ = try "substring" (fn () => substring ("abc", 2, 2))

(* List *)
val _ = p (Bool.toString (List.null []) ^ Bool.toString (List.null [1]) ^ " " ^ i (List.hd [1, 2]) ^ ints (List.tl [1, 2]))
val _ = try "List.hd []" (fn () => i (List.hd []))
val _ = try "List.tl []" (fn () => ints (List.tl []))
val _ = p (i (List.last [1, 2, 3]) ^ " " ^ i (List.last [4]))
val _ = try "List.last []" (fn () => i (List.last []))
val _ = p (opt (fn (x, r) => i x ^ ints r) (List.getItem [1, 2, 3]) ^ " " ^ opt (fn (x, r) => i x ^ ints r) (List.getItem []))
val _ = p (ints (List.take ([1, 2, 3], 2)) ^ ints (List.take ([1, 2, 3], 0)) ^ ints (List.take ([1, 2, 3], 3)))
val _ = p (ints (List.drop ([1, 2, 3], 2)) ^ ints (List.drop ([1, 2, 3], 0)) ^ ints (List.drop ([1, 2, 3], 3)))
val _ = try "List.take 4" (fn () => ints (List.take ([1, 2, 3], 4)))
val _ = try "List.take ~1" (fn () => ints (List.take ([1, 2, 3], ~1)))
val _ = try "List.drop 4" (fn () => ints (List.drop ([1, 2, 3], 4)))
val _ = try "List.drop ~1" (fn () => ints (List.drop ([], ~1)))
val _ = p (ints (List.concat [[1], [], [2, 3]]) ^ ints (List.concat []) ^ ints (List.revAppend ([1, 2], [3, 4])))
val _ = List.app (fn x => print (i x ^ ";")) [1, 2, 3]
val _ = p ""
val _ = p (ints (List.mapPartial half [1, 2, 3, 4, 6]))
val _ = p (opt i (List.find (fn x => x > 2) [1, 3, 5]) ^ " " ^ opt i (List.find (fn x => x > 9) [1, 3, 5]))
val (evens, odds) = List.partition (fn x => x mod 2 = 0) [1, 2, 3, 4, 5, 6]
val _ = p (ints evens ^ ints odds)
val _ = p (ints (List.tabulate (5, fn x => x * x)) ^ ints (List.tabulate (0, fn x => x)))
val _ = List.tabulate (3, fn x => print (i x))
val _ = p ""
val _ = try "List.tabulate ~1" (fn () => ints (List.tabulate (~1, fn x => x)))
val _ = p (String.concatWith " " (map (ord2s o List.collate Int.compare)
            [([1, 2], [1, 2]), ([1], [1, 2]), ([1, 3], [1, 2]), ([], []), ([2], [])]))

(* ListPair *)
val _ = p (String.concatWith " " (map (fn (a, b) => i a ^ "/" ^ str b) (ListPair.zip ([1, 2, 3], [#"a", #"b"]))))
val (xs, ys) = ListPair.unzip [(1, "one"), (2, "two")]
val _ = p (ints xs ^ String.concat ys)
val _ = p (ints (ListPair.map op+ ([1, 2], [10, 20, 30])))
val _ = ListPair.app (fn (a, b) => print (i (a * b) ^ " ")) ([1, 2, 3], [4, 5, 6])
val _ = p ""
val _ = p (ListPair.foldl (fn (a, b, s) => s ^ a ^ b) "" (["a", "b"], ["1", "2"]) ^ " "
           ^ ListPair.foldr (fn (a, b, s) => s ^ a ^ b) "" (["a", "b"], ["1", "2"]))
val _ = p (Bool.toString (ListPair.all op= ([1, 2], [1, 2, 3])) ^ Bool.toString (ListPair.all op= ([1, 2], [1, 3]))
           ^ Bool.toString (ListPair.exists op= ([1, 2], [0, 2])) ^ Bool.toString (ListPair.exists op= ([], [1])))

(* Array *)
val a = Array.fromList [1, 2, 3, 4]
val _ = Array.app (fn x => print (i x ^ " ")) a
val _ = Array.appi (fn (k, x) => print (i k ^ ":" ^ i x ^ " ")) a
val _ = p ""
val _ = p (ints (Array.foldl op:: [] a) ^ ints (Array.foldr op:: [] a))
val _ = p (Array.foldli (fn (k, x, s) => s ^ i (k * x)) "" a ^ " " ^ Array.foldri (fn (k, x, s) => s ^ i (k + x)) "" a)
val _ = Array.modify (fn x => x * 10) a
val _ = Array.modifyi (fn (k, x) => x + k) a
val _ = p (ints (Array.foldr op:: [] a))
val _ = p (Bool.toString (Array.exists (fn x => x > 30) a) ^ Bool.toString (Array.all (fn x => x > 30) a)
           ^ Bool.toString (Array.all (fn x => x > 0) (Array.fromList [])) ^ " " ^ opt i (Array.find (fn x => x > 11) a))
val empty : int array = Array.fromList []
val _ = p (i (Array.foldl op+ 0 empty) ^ opt i (Array.find (fn _ => true) empty))
