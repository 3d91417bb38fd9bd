(* Polymorphic generators: generic staged combinators used at several
   types (map, fold, compose, pair, option), a polymorphic identity
   generator, let-polymorphism of generator-producing functions, and
   explicit type annotations with type variables. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* 'a -> ['a] and ['a -> 'b] -> ['a list -> 'b list] *)
fun constGen v = lift v
fun mapGen (f : ['a -> 'b]) : ['a list -> 'b list] =
    let cogen fc = f
    in code (let fun go [] = [] | go (x :: xs) = fc x :: go xs in go end) end
fun foldGen (f : ['a * 'b -> 'b]) (z : ['b]) : ['a list -> 'b] =
    let cogen fc = f cogen zc = z
    in code (let fun go [] = zc | go (x :: xs) = fc (x, go xs) in go end) end
fun composeGen (f : ['b -> 'c]) (g : ['a -> 'b]) : ['a -> 'c] =
    let cogen fc = f cogen gc = g in code (fn x => fc (gc x)) end
val idGen = code (fn x => x)

val double = code (fn (n : int) => 2 * n)
val shout = code (fn s => s ^ "!")
val lenG = code (fn (s : string) => size s)

val _ = pr ("map double: " ^ String.concatWith " " (map pi (eval (mapGen double) [1, 2, 3])))
val _ = pr ("map shout: " ^ String.concatWith " " (eval (mapGen shout) ["a", "b"]))
val _ = pr ("map (double o len): " ^ String.concatWith " " (map pi (eval (mapGen (composeGen double lenG)) ["ab", "", "staged"])))
val _ = pr ("identity at int, string, list: " ^ pi (eval idGen 5) ^ " " ^ eval idGen "s" ^ " " ^
            pi (length (eval idGen [(), ()])))
val sumG = foldGen (code (op +)) (constGen 0)
val catG = foldGen (code (op ^)) (constGen "")
(* revG is a function: the application foldGen ... is not a value, so a
   val would be monomorphic (the value restriction) *)
fun revG () = foldGen (code (fn (x, acc) => acc @ [x])) (code [])
val _ = pr ("folds: " ^ pi (eval sumG [1, 2, 3, 4]) ^ " " ^ eval catG ["x", "y", "z"] ^ " " ^
            String.concatWith "," (map pi (eval (revG ()) [1, 2, 3])) ^ " " ^ String.implode (eval (revG ()) (explode "abc")))

(* a generator of pairs at any pair of types *)
fun pairGen (a : ['a]) (b : ['b]) : ['a * 'b] = let cogen x = a cogen y = b in code (x, y) end
val (n, s) = eval (pairGen (constGen 1) (constGen "one"))
val ((c, b), l) = eval (pairGen (pairGen (constGen #"c") (constGen true)) (constGen [NONE, SOME 3]))
val _ = pr ("pairs: " ^ pi n ^ " " ^ s ^ " " ^ str c ^ " " ^ Bool.toString b ^ " " ^ pi (length l))

(* let-bound polymorphic generator functions used at two types in one scope *)
val twice = let fun tw (g : ['a -> 'a]) = let cogen h = g in code (fn x => h (h x)) end
            in (eval (tw double) 5, eval (tw shout) "hey", eval (tw (tw (code (fn l => 0 :: l)))) []) end
val _ = pr ("twice: " ^ (fn (a, b, c) => pi a ^ " " ^ b ^ " " ^ pi (length c)) twice)

(* an option-lifting generator, polymorphic in the wrapped function *)
fun optGen (f : ['a -> 'b]) : ['a option -> 'b option] =
    let cogen fc = f in code (fn NONE => NONE | SOME v => SOME (fc v)) end
val od = eval (optGen double)
val os = eval (optGen lenG)
val _ = pr ("options: " ^ (case od (SOME 21) of SOME v => pi v | NONE => "-") ^ " " ^
            (case od NONE of SOME v => pi v | NONE => "-") ^ " " ^ (case os (SOME "four") of SOME v => pi v | NONE => "-"))

(* a polymorphic generator stored in a datatype *)
datatype 'a transformer = T of string * ['a -> 'a]
fun applyAll (ts : 'a transformer list) (v : 'a) =
    foldl (fn (T (name, g), acc) => eval g acc) v ts
val intTs = [T ("double", double), T ("inc", code (fn x => x + 1)), T ("id", idGen)]
val strTs = [T ("shout", shout), T ("id", idGen), T ("rev", code (implode o rev o explode))]
val _ = pr ("transformers: " ^ pi (applyAll intTs 10) ^ " " ^ applyAll strTs "abc")

(* equality-typed generators: member test specialised to a lifted list *)
fun memberGen (xs : ''a list) : [''a -> bool] =
    let cogen ys = lift xs in code (fn x => List.exists (fn y => y = x) ys) end
val isVowel = eval (memberGen (explode "aeiou"))
val isSmallPrime = eval (memberGen [2, 3, 5, 7])
val isKeyword = eval (memberGen ["fun", "val", "code", "cogen"])
val _ = pr ("members: " ^ implode (List.filter isVowel (explode "polymorphic generators")) ^ " " ^
            String.concatWith "," (map pi (List.filter isSmallPrime [1, 2, 3, 4, 5, 6, 7, 8, 9])) ^ " " ^
            String.concatWith "," (List.filter isKeyword ["let", "cogen", "in", "code", "end"]))
