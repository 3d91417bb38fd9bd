(* Let-polymorphism against the value restriction at top level: values
   (fn, constructors applied to values, constants, tuples of them) are
   generalised and used at several types; applications are not, and a
   later use fixes their type (a ref cell of an empty list, a partially
   applied map, the identity applied to itself); polymorphic functions
   in a let are generalised even when the whole let is not; overloaded
   operators take their type from a later declaration until the next
   top-level semicolon. *)
fun pr s = print (s ^ "\n")
fun ints xs = "[" ^ String.concatWith "," (map Int.toString xs) ^ "]"

(* generalised: values *)
val ident = fn x => x
val pairWithNil = (fn x => (x, []))
val nothing = NONE
val emptyish = SOME []
val twoEmpties = ([], [])
val () = pr (Int.toString (ident 3) ^ " " ^ ident "three" ^ " " ^ Bool.toString (ident true))
val () = pr (case (pairWithNil 1, pairWithNil "s") of ((1, []), ("s", [])) => "pairWithNil polymorphic" | _ => "?")
val () = pr (case (nothing : int option, nothing : string option) of (NONE, NONE) => "NONE at two types" | _ => "?")
val () = pr (case (emptyish, emptyish) of (SOME (a : int list), SOME (b : bool list)) => "SOME [] at two types " ^ Int.toString (length a + length b) | _ => "?")
val () = pr (case twoEmpties of (xs, ys) => ints (1 :: xs) ^ String.concat ("s" :: ys))

(* not generalised: a later use fixes the type *)
val cell = ref []
val () = cell := [1, 2]
val () = cell := 3 :: !cell
val () = pr ("cell " ^ ints (!cell))
val lengths = map size
val () = pr ("lengths " ^ ints (lengths ["a", "bb", "", "dddd"]))
val selfApplied = ident ident
val () = pr ("selfApplied " ^ Int.toString (selfApplied 41 + 1))
val revAppend = foldl (op ::)
val () = pr ("revAppend " ^ ints (revAppend [0] [1, 2, 3]))

(* eta-expansion restores polymorphism *)
fun lengthsPoly xs = map (fn l => length l) xs
val () = pr ("eta " ^ ints (lengthsPoly [[1], [2, 3]]) ^ ints (lengthsPoly [["a"], [], ["b", "c", "d"]]))

(* let-bound polymorphism inside a non-generalisable declaration *)
val (above2, uppers, (n1, s1), (s2, b2)) =
  let fun count p = foldl (fn (x, n) => if p x then n + 1 else n) 0
      val swap = fn (a, b) => (b, a)
  in (count (fn x => x > 2) [1, 2, 3, 4], count Char.isUpper (explode "Hello World"),
      swap ("one", 1), swap (false, "two"))
  end
val () = pr (String.concatWith " " [Int.toString above2, Int.toString uppers, Int.toString n1, s1, s2, Bool.toString b2])

(* a polymorphic function stored in a datatype is used at one type per value *)
datatype 'a box = Box of 'a * ('a -> string)
fun open' (Box (x, f)) = f x
val boxes = [open' (Box (3, Int.toString)), open' (Box ("s", fn s => s ^ s)), open' (Box ([true], fn l => Int.toString (length l)))]
val () = pr (String.concatWith "," boxes)

(* polymorphic recursion through a datatype is not needed: nested lists *)
fun flatten xss = List.concat xss
val () = pr (ints (flatten [[1], [], [2, 3]]) ^ " " ^ String.concat (flatten [["a", "b"], ["c"]]))

(* overloading: the type of * comes from a later use before the semicolon *)
fun sq x = x * x
val w = sq 0w12
val () = pr ("word square " ^ Word.toString w);
fun sq2 x = x * x;
val () = pr ("int square " ^ Int.toString (sq2 12))
fun lessThan (a, b) = a < b
val () = pr ("string less " ^ Bool.toString (lessThan ("abc", "abd")));

(* exceptions must be monomorphic: a polymorphic function raising one of a fixed type *)
exception Found of int list
fun findFirst p xs = (app (fn x => if p x then raise Found [x] else ()) xs; NONE) handle Found l => SOME l
val () = pr (case findFirst (fn x => x mod 7 = 0) [3, 5, 14, 21] of SOME l => ints l | NONE => "none")

(* a reference to a polymorphic function, fixed by its first assignment *)
val handler = ref (fn (x : int) => x)
val () = handler := (fn x => x * 10)
val () = pr ("handler " ^ Int.toString (!handler 4))
val stack = ref nothing
val () = stack := SOME "top"
val () = pr ("stack " ^ getOpt (!stack, "empty"))
