(* Scoping of cogen: top-level cogen used by later functions and
   generators, cogen in let shadowing a value variable and the other way
   round, cogen in recursive functions, a code variable shadowed by a
   pattern variable inside code, and cogen bindings in sequence that refer
   to earlier ones. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

cogen base = code 10
cogen double = code (fn x => 2 * x)
val top = base + double base
fun useTop x = let cogen x' = lift x in code (double (x' + base)) end
val _ = pr (pi top ^ " " ^ pi (eval (useTop 1)))

(* a cogen shadowed by a val and a val shadowed by a cogen *)
val k = 3
val g1 = let cogen k = lift (k * 100) in code (k + 1) end
val g2 = let cogen k = code 5 val k = k * 2 in code 0 end
val _ = pr (pi (eval g1) ^ " " ^ pi (eval g2) ^ " " ^ pi k)
val g3 = let cogen k = code 7 in let val k = k + 1 cogen k' = lift k in code (k' * 10) end end
val _ = pr (pi (eval g3))

(* a code variable shadowed by a variable bound inside the code *)
val g4 = let cogen x = code 1 in code (fn x => x + 1000) end
val g5 = let cogen x = code 1 in code (let val x = x + 1 in x * 10 end) end
val g6 = let cogen x = code [1, 2, 3] in code (case x of x :: _ => x | [] => 0) end
val _ = pr (pi (eval g4 5) ^ " " ^ pi (eval g5) ^ " " ^ pi (eval g6))

(* sequential cogens referring to earlier ones *)
val g7 = let cogen a = code 2
             cogen b = code (a + 1)
             cogen c = code (a * b)
             cogen a = code (c + 100)
         in code (a + b + c) end
val _ = pr (pi (eval g7))

(* cogen inside a recursive function: each level binds its own u *)
fun sumTo 0 = code 0
  | sumTo n = let cogen u = sumTo (n - 1) cogen n' = lift n in code (u + n') end
fun nested 0 = code (fn (x : int) => x)
  | nested n = let cogen f = nested (n - 1) in code (fn x => f (f x) + 1) end
val _ = pr (pi (eval (sumTo 100)) ^ " " ^ pi (eval (nested 5) 0))

(* a function named like a code variable elsewhere *)
fun u x = x - 1
val g8 = let cogen u = code (fn x => x + 1) in code (u 10) end
val _ = pr (pi (eval g8) ^ " " ^ pi (u 10))
(* top-level cogen shadowed by a later top-level val *)
cogen shadowMe = code "code"
val before1 = shadowMe
val shadowMe = "value"
val _ = pr (before1 ^ " " ^ shadowMe)
(* and a top-level val shadowed by a later cogen, used inside code afterwards *)
val later = 1
cogen later = code 2
val g9 = code (later * 3)
val _ = pr (pi (eval g9) ^ " " ^ pi later)
(* cogen with a pattern-free name used inside a local function in code *)
val g10 = let cogen step = code (fn x => x + 3)
          in code (let fun loop (0, acc) = acc | loop (n, acc) = loop (n - 1, step acc) in loop (10, 0) end) end
val _ = pr (pi (eval g10))
