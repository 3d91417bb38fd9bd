(* lift of functions made by generated code and of functions that run generators, lift of generators, partial applications, operators, constructors, exception constructors and eval; arrays, vectors, exception values, nested lifts, every char, options, orders, unit, words and bools *)
fun say s = print (s ^ "\n")
val inc = eval (code (fn x => x + 1))
val g1 = let cogen f = lift inc in code (fn x => f (f x)) end
val f1 = eval g1
val g2 = let cogen h = lift f1 in code (h 10 * 2) end
val _ = say (Int.toString (eval g2))
val lg = lift (code 41)
val _ = say (Int.toString (eval (eval lg) + 1))
val g3 = let cogen inner = lift (let cogen q = lift 5 in code (q * q) end) in code (eval inner + 1) end
val _ = say (Int.toString (eval g3))
val g4 = let cogen cw = lift (String.concatWith ",") cogen plus = lift (op +) cogen some = lift SOME cogen fl = lift Fail cogen ev = lift (fn (g : [int]) => eval g)
         in code (cw [Int.toString (plus (1, 2)), (case some "x" of SOME s => s | NONE => "-"), ((raise fl "boom") handle Fail m => m), Int.toString (ev (code 9))]) end
val _ = say (eval g4)
val ops = [op +, op -, op *, op div, op mod, Int.max]
fun opGen [] = code (fn (_ : int) => [])
  | opGen (f :: fs) = let cogen f' = lift f cogen rest = opGen fs in code (fn x => f' (x, 3) :: rest x) end
val _ = say (String.concatWith " " (map Int.toString (eval (opGen ops) 17)))
val composed = foldl (fn (f, acc) => let cogen f' = lift f cogen a = acc in code (fn x => f' (a x)) end) (code (fn x => x)) [fn x => x + 1, fn x => x * 2, inc, Int.abs, ~]
val _ = say (Int.toString (eval composed 5))
val arr = Array.fromList [1, 2, 3]
val ga = let cogen a = lift arr cogen sub = lift Array.sub in code (fn i => (Array.update (a, i, sub (a, i) * 10); Array.foldl op+ 0 a)) end
val af = eval ga
val _ = say (Int.toString (af 0) ^ " " ^ Int.toString (af 2) ^ " " ^ Int.toString (Array.sub (arr, 0)))
val _ = say (Bool.toString (eval (let cogen a = lift arr in code (a = arr) end)))
val vec = Vector.fromList ["a", "b"]
val gv = let cogen v = lift vec in code (Vector.sub (v, 1) ^ Int.toString (Vector.length v)) end
val _ = say (eval gv)
val exns = [Div, Fail "f", Subscript, Overflow, Empty, Option, Size, Chr, Match, Bind, Domain]
val gx = let cogen es = lift exns in code (map (fn e => (raise e) handle Div => "Div" | Fail s => "Fail " ^ s | Subscript => "Sub" | Overflow => "Ovf" | Empty => "Empty" | Option => "Option" | Size => "Size" | Chr => "Chr" | Match => "Match" | Bind => "Bind" | Domain => "Domain") es) end
val _ = say (String.concatWith "," (eval gx))
val _ = say (String.concatWith "," (map exnName exns))
val nested = lift (lift (lift "deep"))
val _ = say (eval (eval (eval nested)))
val chars = lift (List.tabulate (256, Char.chr))
val _ = say (Int.toString (foldl (fn (c, a) => a + Char.ord c) 0 (eval chars)))
val strs = lift (String.implode (List.tabulate (256, Char.chr)))
val _ = say (Int.toString (size (eval strs)) ^ String.toString (String.substring (eval strs, 0, 40)))
val opts = lift [SOME (SOME 1), SOME NONE, NONE]
val _ = say (String.concatWith "," (map (fn SOME (SOME n) => Int.toString n | SOME NONE => "sn" | NONE => "n") (eval opts)))
val ords = lift [LESS, EQUAL, GREATER]
val _ = say (String.concatWith "," (map (fn LESS => "<" | EQUAL => "=" | GREATER => ">") (eval ords)))
val unitl = lift ()
val _ = (eval unitl; say "unit")
val words = lift [0w0, 0wxFFFF, 0w1]
val _ = say (String.concatWith "," (map Word.toString (eval words)))
val bools = let cogen bs = lift [true, false] in code (List.map not bs) end
val _ = say (String.concatWith "," (map Bool.toString (eval bools)))
