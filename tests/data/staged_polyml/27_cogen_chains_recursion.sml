(* cogen in let chains and in recursive functions: each binding sees the
   previous ones, shadowing of code variables by later cogens and by
   value bindings inside code, cogen in mutually recursive functions,
   cogen in every arm of a case and in a handler *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun chain x = let cogen a = lift x
                  cogen b = code (a + 1)
                  cogen c = code (b * a)
                  cogen a = code (c - b)
                  cogen d = code (a + b + c)
              in code (a, b, c, d) end
val _ = pr (case eval (chain 4) of (a, b, c, d) => String.concatWith " " (map pi [a, b, c, d]))
(* a code variable shadowed by value bindings inside the code *)
val shadowed = let cogen x = lift 10
               in code (x, let val x = 20 in x end, (fn x => x * 2) x, case 30 of x => x, let fun x y = y + 1 in x 40 end, x) end
val _ = pr (case eval shadowed of (a, b, c, d, e, f) => String.concatWith " " (map pi [a, b, c, d, e, f]))
(* a value variable shadowed by a code variable in a nested let *)
fun mixed v = let val y = v * 2
                  cogen y = lift (y + 1)
              in code (y * 10) end
val _ = pr (pi (eval (mixed 3)))
(* mutually recursive generator functions with cogen *)
fun evenGen 0 = code "even"
  | evenGen n = let cogen r = oddGen (n - 1) in code ("e" ^ r) end
and oddGen 0 = code "odd"
  | oddGen n = let cogen r = evenGen (n - 1) in code ("o" ^ r) end
val _ = pr (eval (evenGen 5) ^ " " ^ eval (oddGen 4))
(* cogen in case arms and in handlers *)
exception NoGen of int
fun pick k = case k of
               0 => let cogen z = lift "zero" in code z end
             | 1 => let cogen one = code "one" cogen two = code (one ^ one) in code two end
             | n => if n < 0 then raise NoGen n else let cogen m = lift (pi n) in code ("many:" ^ m) end
fun safe k = pick k handle NoGen n => let cogen e = lift ("no generator for " ^ pi n) in code e end
val _ = pr (String.concatWith ", " (map (fn k => eval (safe k)) [0, 1, 2, ~1]))
(* a generator that accumulates cogens in a loop over a list *)
fun sumList xs = let fun go ([], acc) = acc
                       | go (x :: r, acc) = let cogen prev = acc cogen v = lift x in go (r, code (prev + v)) end
                 in go (xs, code 0) end
val _ = pr (pi (eval (sumList (List.tabulate (100, fn i => i)))))
(* cogen bound to the result of a higher-order function call *)
fun twice f x = f (f x)
val quad = let cogen q = twice (fn g => let cogen h = g in code (h * 2) end) (lift 5) in code q end
val _ = pr (pi (eval quad))
(* cogen whose expression is a conditional or a case *)
fun cond b = let cogen c = if b then code "yes" else lift "no"
                 cogen d = (case c of _ => code (c ^ "!")) handle _ => code "?"
             in code (c ^ "/" ^ d) end
val _ = pr (eval (cond true) ^ " " ^ eval (cond false))
(* the same generator value bound by two cogens: two independent splices *)
val counter = ref 0
val tickG = code (counter := !counter + 1; !counter)
val twoSplices = let cogen a = tickG cogen b = tickG in code (a * 10 + b) end
val _ = pr (pi (eval twoSplices) ^ " " ^ pi (eval twoSplices))
(* a recursive generator whose code variable is used under fn in a loop *)
fun loopGen 0 = code (fn (acc : int list) => acc)
  | loopGen n = let cogen k = lift n cogen rest = loopGen (n - 1) in code (fn acc => rest (k :: acc)) end
val _ = pr (String.concatWith "," (map pi (eval (loopGen 12) [])))
(* top-level cogen chain: each refers to the previous *)
cogen t1 = lift 2
cogen t2 = code (t1 * t1)
cogen t3 = code (t2 * t2 + t1)
val _ = pr (pi t3 ^ " " ^ pi (eval (code (t3 + t2 + t1))))
cogen t1 = code "shadowed"
val _ = pr (t1 ^ " " ^ pi t2)
