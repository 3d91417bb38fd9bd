(* Scoping: let blocks with sequential bindings, shadowing of values and
   functions, local ... in ... end hiding helpers, nested lets, closures
   seeing the binding in force when they were made, and a shadowed
   datatype constructor. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val x = 10
val y = let val x = x + 1 val x = x * 2 in x + 1 end
val _ = pr ("x = " ^ pi x ^ ", y = " ^ pi y)

val f = fn n => n + x
val x = 100
val _ = pr ("f 1 (sees old x) = " ^ pi (f 1) ^ ", x now " ^ pi x)

local
  val secret = 7
  fun helper n = n * secret
in
  fun scaled n = helper n + 1
  val seven = secret
end
val _ = pr ("scaled 3 = " ^ pi (scaled 3) ^ ", seven = " ^ pi seven)

local
  val counter = ref 0
in
  fun tick () = (counter := !counter + 1; !counter)
end
val _ = (tick (); tick ())
val _ = pr ("tick = " ^ pi (tick ()))

(* shadowing a function inside let *)
fun double n = 2 * n
val r =
    let fun double n = 3 * n
        val a = double 5
    in let fun double n = 4 * n in a + double 5 end end
val _ = pr ("r = " ^ pi r ^ ", top double 5 = " ^ pi (double 5))

(* nested lets with a sequence in the body *)
val z =
    let val a = 1
        val b = let val a = a + 10 in a * a end
    in pr ("inner b = " ^ pi b); a + b end
val _ = pr ("z = " ^ pi z)

(* tuple and list patterns in let *)
val (p, q) = let val (a, b) = (3, 4) in (b, a) end
val _ = pr ("p, q = " ^ pi p ^ ", " ^ pi q)
val total = let val [a, b, c] = [1, 2, 3] in a + b + c end
val _ = pr ("total = " ^ pi total)

(* a datatype constructor shadowed by a later datatype *)
datatype color = Red | Green
fun name Red = "red" | name Green = "green"
val old = Red
datatype color = Red | Blue | Other of int
fun name2 Red = "red2" | name2 Blue = "blue" | name2 (Other n) = "other " ^ pi n
val _ = pr (name old ^ " " ^ name2 Red ^ " " ^ name2 (Other 5))

(* local with mutually recursive helpers *)
local
  fun ev 0 = true | ev n = od (n - 1)
  and od 0 = false | od n = ev (n - 1)
in
  fun parity n = if ev n then "even" else "odd"
end
val _ = pr ("parity: " ^ String.concatWith " " (map parity [0, 1, 10, 13]))

(* let-polymorphism *)
val pairUp = let fun twice f x = f (f x) in (twice (fn n => n + 3) 1, twice (fn s => s ^ "!") "hi") end
val _ = pr ("twice: " ^ pi (#1 pairUp) ^ " " ^ #2 pairUp)
