(* Syntax: top-level expressions and `it`, semicolons, nested comments,
   op on every infix, type annotations in many positions, if/case/fn
   nesting without parentheses, identifiers with primes and underscores *)
(* a comment (* nested (* twice *) *) with * and ) inside *)
fun p s = print (s ^ "\n");
p "top-level expression";
val it_was = it;
3 + 4;
val _ = p (Int.toString it);
val x' = 1 and x'' = 2 and x_1 = 3;
val _ = p (Int.toString (x' + x'' + x_1))
val ops = [op +, op -, op *, op div, op mod, Int.max, Int.min]
val _ = p (String.concat (map (fn f => Int.toString (f (17, 5)) ^ " ") ops))
val cmps = [op <, op <=, op >, op >=, op =, op <>]
val _ = p (String.concat (map (fn f => if f (3, 3) then "T" else "F") cmps))
val _ = p (op ^ ("a", "b") ^ String.concat (op @ (["c"], ["d"])) ^ Int.toString (length (op :: (1, []))))
val f : int -> int = fn (n : int) => (n * 2 : int)
fun g (a : int, b : string) : string = b ^ Int.toString a
val h = fn (xs : int list) => (map (fn (y : int) => y + 1) xs : int list)
val _ = p (Int.toString (f 4) ^ g (5, "b") ^ Int.toString (hd (h [9])))
val v = if 1 < 2 then case 3 of 3 => "three" | _ => "other" else "else"
val _ = p v
val w = fn n => if n = 0 then fn m => m else fn m => m * n
val _ = p (Int.toString (w 0 5 + w 2 5))
val nestedCase = fn xs => case xs of [] => "empty" | (y :: _) => case y of 0 => "zero head" | _ => "head"
val _ = p (nestedCase [] ^ " " ^ nestedCase [0] ^ " " ^ nestedCase [1])
val seq = (p "one"; p "two"; 3)
val _ = p (Int.toString seq)
val letSeq = let val a = 1 in p "in let body"; a + 1 end
val _ = p (Int.toString letSeq)
val u = ()
val _ = p (case u of () => "unit value")
val neg = ~ 5 + ~(3) - (~2)
val _ = p (Int.toString neg)
val ch = #"\"" and st = "\\"
val _ = p (implode [ch] ^ st)
val long = "a long string that goes on \
           \and on"
val _ = p long
val _ = p (Int.toString (let val y = 1; val z = 2; in y + z end));
val _ = p (Int.toString ((fn (a, b) => a * b) (6, 7)));;
val _ = p "double semicolon ok"
val tuple1 = (1)
val _ = p (Int.toString tuple1)
val _ = p (Int.toString (case (1, 2) of (a, b) => a + b))
val r = ref 0
val _ = (r := 1; r := !r + 1)
val _ = p (Int.toString (!r))
fun fact 0 = 1
  | fact n = n * fact (n - 1)
val _ = p (Int.toString (fact 12))
val _ = p "(* not a comment *) and *) neither"
val _ = p (Int.toString (foldl (op * ) 1 [2, 3, 7]))
val _ = p (Int.toString (foldl (op* ) 1 [2, 3]))
