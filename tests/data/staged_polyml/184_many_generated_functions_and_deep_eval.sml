(* Hundreds of generated functions kept alive across allocation, generators run in a fold, eval inside a recursion 3,000 deep and exceptions passed up through 3,000 nested runs of generated code *)
fun say s = print (s ^ "\n")
fun mk i = let cogen i' = lift i cogen s = lift (Int.toString i ^ ":" ^ String.implode (List.tabulate (i mod 50, fn k => Char.chr (97 + k mod 26)))) in code (fn x => (x * i' + 1, s)) end
val fs = List.tabulate (800, fn i => eval (mk i))
val junk = List.tabulate (10, fn i => List.tabulate (300, fn j => (i, Int.toString j)))
val _ = say (Int.toString (length junk))
val total = List.foldl (fn (f, acc) => case f 3 of (n, s) => acc + n + size s) 0 fs
val _ = say (Int.toString total)
val gens = List.tabulate (400, mk)
val junk2 = List.tabulate (10, fn i => List.tabulate (300, fn j => SOME (j, i)))
val _ = say (Int.toString (length junk2))
val total2 = List.foldl (fn (g, acc) => case eval g 2 of (n, _) => acc + n) 0 gens
val _ = say (Int.toString total2)
fun deep 0 = 0 | deep n = eval (let cogen n' = lift n in code (n' mod 3) end) + deep (n - 1)
val _ = say (Int.toString (deep 3000))
exception Out of int
fun nested 0 = raise Out 0
  | nested n = eval (let cogen n' = lift n in code (fn () => (nested (n' - 1)) handle Out k => if k mod 1000 = 999 then raise Out (k + 1) else raise Out (k + 2)) end) ()
val _ = say (Int.toString ((nested 3000) handle Out k => k))
