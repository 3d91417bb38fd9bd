(* Types in staged programs: overloaded arithmetic under code resolved by
   a later use (up to the next top-level ;), defaults to int; polymorphic
   generators and the value restriction; equality-polymorphic generated
   code used at several types *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
(* the + under code becomes word + because of the use on the next line *)
val dbl = code (fn x => x + x)
val w = eval dbl 0wx4000000000000001
val _ = pr (Word.toString w);
(* here the ; closes the context first: the default int applies *)
val dblInt = code (fn x => x * 3);
val _ = pr (pi (eval dblInt 14))
(* comparisons under code resolved to strings and chars by their use *)
val lt = code (fn (a, b) => a < b)
val _ = pr (if eval lt ("apple", "apricot") then "apple first" else "apricot first");
val ltc = code (fn (a, b) => if a <= b then a else b)
val _ = pr (str (eval ltc (#"z", #"Z")));
(* a lifted overloaded function: the type comes from the lift's use *)
fun sq x = x * x
val sqW = let cogen f = lift sq in code (f 0w12) end
val _ = pr (Word.toString (eval sqW));
(* polymorphic generators: code is a value, so it is generalised *)
val idG = code (fn x => x)
val pairG = code (fn x => (x, x))
val _ = pr (pi (eval idG 1) ^ eval idG "one" ^ (case eval pairG #"c" of (a, b) => str a ^ str b) ^ (case eval pairG [1, 2] of (a, b) => pi (length (a @ b))))
val emptyG = code []
val _ = pr (pi (length (1 :: eval emptyG)) ^ pi (length ("a" :: eval emptyG)))
val noneG = code NONE
val _ = pr (case (eval noneG, eval noneG) of (NONE : int option, NONE : string option) => "two NONEs" | _ => "?")
(* equality-polymorphic code *)
val member = code (fn (x, xs) => List.exists (fn y => y = x) xs)
val _ = pr (String.concat (map (fn b => if b then "T" else "F")
                 [eval member (3, [1, 2, 3]), eval member ("x", ["y"]), eval member ([1], [[], [1]]),
                  eval member (SOME #"a", [NONE]), eval member ((1, "a"), [(1, "a")]), eval member (0w7, [0w7])]))
val dedup = code (let fun d [] = [] | d (x :: r) = x :: d (List.filter (fn y => y <> x) r) in d end)
val _ = pr (String.concat (map pi (eval dedup [3, 1, 3, 2, 1])) ^ " " ^ String.concat (eval dedup ["b", "a", "b"]))
(* polymorphic functions inside generated code, used at several types there *)
val inside = code (let fun twice f x = f (f x) in (twice (fn n => n + 1) 0, twice (fn s => s ^ s) "ab", twice tl [1, 2, 3]) end)
val _ = pr (case eval inside of (a, b, c) => pi a ^ " " ^ b ^ " " ^ pi (length c))
(* a polymorphic combinator generator instantiated twice *)
fun mapG f = let cogen g = lift f in code (fn xs => map g xs) end
val _ = pr (String.concat (eval (mapG pi) [1, 2]) ^ " " ^ pi (foldl op + 0 (eval (mapG size) ["ab", "cde"])))
(* top-level cogen of a polymorphic function, used at two types *)
cogen swap = code (fn (a, b) => (b, a))
val _ = pr (case (swap (1, "x"), swap (true, #"y")) of ((s, n), (c, b)) => s ^ pi n ^ str c ^ (if b then "T" else "F"))
(* overloaded arithmetic inside generated code whose type comes from a lifted word *)
val wordSum = let cogen base = lift 0w10 in code (fn xs => foldl (fn (x, acc) => acc + x * base) 0w0 xs) end
val _ = pr (Word.toString (eval wordSum [0w1, 0w2, 0wxF]))
(* div and mod on words in generated code, never Overflow, Div on zero *)
val wdiv = code (fn (a, b) => (a div b, a mod b))
val _ = pr (case eval wdiv (0wx7FFFFFFFFFFFFFFF, 0w2) of (q, r) => Word.toString q ^ " " ^ Word.toString r)
val _ = pr ((case eval wdiv (0w1, 0w0) of _ => "no") handle Div => "Div");
