(* Generated code keeps the top-level bindings it captured: values, functions, datatypes and their constructors, exceptions, infix operators, type abbreviations and val rec rebound after the code was made, names from local and abstype, it, pattern bindings *)
fun say s = print (s ^ "\n")
val x = 1
val g = code (x + 10)
val x = 2
val _ = say (Int.toString (eval g) ^ Int.toString x)
datatype t = A | B of int
val gt = code (fn A => 0 | B n => n)
val mk = code (B 5)
datatype t = A of string | B
val _ = say (Int.toString ((eval gt) (eval mk)))
val gt2 = code (fn A s => s | B => "b")
val _ = say ((eval gt2) (A "new"))
exception E of int
val raiser = code (fn n => raise E n)
val catcher = code (fn f => (f (); "none") handle E n => "E" ^ Int.toString n)
exception E of int
val _ = say ((eval catcher) (fn () => (eval raiser) 3))
val _ = say (((eval raiser) 4; "no") handle E _ => "new E" | _ => "old E")
local
  val hidden = ref 100
  fun bump () = (hidden := !hidden + 1; !hidden)
in
  val gl = code (bump () + bump ())
end
val _ = say (Int.toString (eval gl) ^ " " ^ Int.toString (eval gl))
val (pa, pb) = (3, "three")
val SOME pz = SOME 9
val pat = code (pa * pz, pb)
val _ = case eval pat of (n, s) => say (Int.toString n ^ s)
fun f n = n + 1
val gf = code (f 1)
fun f n = n * 100
val _ = say (Int.toString (eval gf) ^ " " ^ Int.toString (f 1))
val gf2 = code (f 1)
val _ = say (Int.toString (eval gf2))
infix 6 +++
fun a +++ b = a * 10 + b
val gi = code (1 +++ 2 +++ 3)
nonfix +++
val _ = say (Int.toString (eval gi) ^ " " ^ Int.toString (+++ (4, 5)))
val rec fact = fn 0 => 1 | n => n * fact (n - 1)
val gfa = code (fact 10)
val _ = say (Int.toString (eval gfa))
type pair = int * string
val gp = code (fn (p : pair) => case p of (n, s) => s ^ Int.toString n)
type pair = string
val _ = say ((eval gp) (7, "x"))
val it = 42
val git = code it
val _ = say (Int.toString (eval git))
abstype counter = C of int ref with
  fun newc () = C (ref 0)
  fun inc (C r) = (r := !r + 1; !r)
end
val gc = code (let val c = newc () in inc c; inc c; inc c end)
val _ = say (Int.toString (eval gc))
