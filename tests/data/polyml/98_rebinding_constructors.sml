(* `val rec` and `fun` bind variables, even names that are constructors
   where they are declared: the constructor is shadowed until the scope
   ends, in expressions and in patterns alike. *)

datatype shape = Circle of int | Square of int | Dot

fun area (Circle r) = 3 * r * r
  | area (Square s) = s * s
  | area Dot = 0

(* inside the let, Square is a function and Dot a variable pattern *)
val local_use =
  let
    val rec Square = fn n => if n <= 0 then 0 else n * n + Square (n - 1)
    fun Dot x = x ^ "."
  in
    Int.toString (Square 3) ^ " " ^ Dot "end" ^ " " ^ (case 7 of Dot => Int.toString Dot)
  end

(* after it, they are constructors again *)
val shapes = [Circle 2, Square 3, Dot]
val _ = print (local_use ^ "\n")
val _ = print (String.concatWith "," (map (Int.toString o area) shapes) ^ "\n")

(* at top level: the basis's constructors and exceptions too *)
val rec SOME = fn x => x + 1
fun NONE (a, b) = a - b
exception Boom of string
val early = Boom "early"
val rec Boom = fn s => "boom: " ^ s
val rec LESS : int * int -> bool = fn (a, b) => a < b
  and GREATER = fn (a, b) => LESS (b, a)

val _ = print (Int.toString (SOME 41) ^ " " ^ Int.toString (NONE (10, 3)) ^ "\n")
val _ = print (Boom "x" ^ " " ^ Bool.toString (LESS (1, 2)) ^ Bool.toString (GREATER (1, 2)) ^ "\n")

(* patterns: SOME is a variable now; the qualified name still is the constructor *)
fun unwrap SOME = SOME
val _ = print (Int.toString (unwrap 5) ^ "\n")
fun getOr (Option.SOME x) _ = x
  | getOr Option.NONE d = d
val _ = print (Int.toString (getOr (Option.SOME 1) 0 + getOr Option.NONE 2) ^ "\n")
val _ = print (Int.toString (case Int.compare (1, 2) of General.LESS => 1 | _ => 2) ^ "\n")
(* the exception made before Boom was rebound is still Boom's *)
val _ = print ((raise early) handle Fail _ => "Fail" | e => exnName e ^ "\n")
