(* The forms of `val ... and rec ...`: the bindings before `rec` see the
   outer scope only, those after see each other; layered and annotated
   recursive names; a repeated `rec`. *)
val step = fn x => x * 10
val step = 1
and rec twice = fn x => step' (step' x)
and step' : int -> int as alsoStep : int -> int = fn x => x + 100
and rec rec third as fourth = fn n => if n <= 0 then 0 else 1 + fourth (n - 1)
and fifth : 'q -> 'q : 'q -> 'q = fn x => x
val _ = print (Int.toString step ^ " " ^ Int.toString (twice 1) ^ " "
               ^ Int.toString (alsoStep 1) ^ " " ^ Int.toString (third 7) ^ " "
               ^ fifth "five" ^ "\n")

val 'a rec ident = fn (x : 'a) => x
val _ = print (ident "id " ^ Int.toString (ident 3) ^ "\n")

(* val rec rebinds a name that was a constructor elsewhere only as a
   variable; here the names are ordinary *)
val rec even = fn 0 => true | n => odd (n - 1)
and odd = fn 0 => false | n => even (n - 1)
val _ = print (Bool.toString (even 10) ^ " " ^ Bool.toString (odd 7) ^ "\n")

(* a function named like a constructor of another scope *)
datatype token = Num of int | Sym of string
local
  val rec Count = fn [] => 0 | (Num _ :: r) => 1 + Count r | (_ :: r) => Count r
in
  val nums = Count [Num 1, Sym "+", Num 2, Sym "*", Num 3]
end
val _ = print (Int.toString nums ^ "\n")

(* the non-recursive part binds first, simultaneously *)
val a = 5
val a = a + 1 and b = a * 100
val _ = print (Int.toString a ^ " " ^ Int.toString b ^ "\n")

(* a pattern `val` after `fun` of the same name *)
fun x x = x
val 1 = x 1
val _ = print "matched 1\n"
