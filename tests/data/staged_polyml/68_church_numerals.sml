(* Church numerals and staging: a numeral known at generation time is
   unrolled into n applications of an unknown function; generated
   numerals are added and multiplied by composing generators; a generated
   numeral is converted back with an int successor, a string builder and
   a list builder (polymorphic use of the generated function). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun church 0 = code (fn f => fn x => x)
  | church n = let cogen m = church (n - 1) in code (fn f => fn x => f (m f x)) end
fun plus (a, b) = let cogen m = a cogen n = b in code (fn f => fn x => m f (n f x)) end
fun times (a, b) = let cogen m = a cogen n = b in code (fn f => m (n f)) end
val toInt = fn n => n (fn k => k + 1) 0

val three = church 3
val four = church 4
val _ = pr (pi (toInt (eval three)) ^ " " ^ pi (toInt (eval (plus (three, four)))) ^ " " ^ pi (toInt (eval (times (three, four)))))
val _ = pr (eval (church 5) (fn s => s ^ "*") "" ^ " " ^ pi (length (eval (church 6) (fn l => () :: l) [])))
(* eval of an application is not generalised: one generated numeral per type *)
val twelve = eval (times (church 3, church 4))
val _ = pr (twelve (fn s => "(" ^ s ^ ")") "x")
val twelve' = eval (times (church 3, church 4))
val _ = pr (pi (twelve' (fn k => k * 2) 1))
(* exponentiation by a known exponent: m^n = n copies of m multiplied *)
fun expo (m, 0) = church 1
  | expo (m, n) = times (m, expo (m, n - 1))
val _ = pr (pi (toInt (eval (expo (church 2, 10)))) ^ " " ^ pi (toInt (eval (expo (three, 0)))))
(* a big numeral: 2000 nested applications in the generated code *)
val big = eval (church 2000)
val _ = pr (pi (toInt big) ^ " " ^ pi (big (fn k => k + 3) 0))
(* predecessor on generated numerals with pairs *)
fun pred (n : [(int * int -> int * int) -> int * int -> int * int]) =
    let cogen m = n in code (case m (fn (_, b) => (b, b + 1)) (0, 0) of (a, _) => a) end
val _ = pr (pi (eval (pred (church 10))) ^ " " ^ pi (eval (pred (church 0))))
