(* Local datatypes shadowing outer ones of the same name and constructors,
   mutually recursive functions over mutually recursive datatypes (an
   even/odd-level tree and a forest), and exceptions carrying values raised
   5,000 frames deep, caught in the middle, extended and re-raised, with
   handlers inside a while loop that keep going. *)
datatype shape = Circle of int | Square of int
fun area (Circle r) = 3 * r * r | area (Square s) = s * s

val outer = [Circle 2, Square 3]
val inner =
  let datatype shape = Circle of int | Square of int | Tri of int * int
      fun area (Circle r) = 314 * r * r div 100
        | area (Square s) = s * s
        | area (Tri (b, h)) = b * h div 2
  in map area [Circle 2, Square 3, Tri (4, 5)] end
val _ = print ("outer " ^ String.concatWith "," (map (Int.toString o area) outer) ^ "; inner " ^ String.concatWith "," (map Int.toString inner) ^ "\n")

local
  datatype shape = Circle of string
in
  fun describe s = case Circle s of Circle n => "local circle " ^ n
end
val _ = print (describe "c1" ^ ", outer area again " ^ Int.toString (area (Circle 1)) ^ "\n")

(* mutually recursive datatypes and functions *)
datatype 'a tree = Leaf of 'a | Node of 'a * 'a forest
and 'a forest = Nil | Cons of 'a tree * 'a forest

fun sizeT (Leaf _) = 1
  | sizeT (Node (_, f)) = 1 + sizeF f
and sizeF Nil = 0
  | sizeF (Cons (t, f)) = sizeT t + sizeF f

fun mapT g (Leaf x) = Leaf (g x)
  | mapT g (Node (x, f)) = Node (g x, mapF g f)
and mapF g Nil = Nil
  | mapF g (Cons (t, f)) = Cons (mapT g t, mapF g f)

fun sumEven (Leaf x) = x
  | sumEven (Node (x, f)) = x + sumOddF f
and sumOddF Nil = 0
  | sumOddF (Cons (t, f)) = sumOdd t + sumOddF f
and sumOdd (Leaf _) = 0
  | sumOdd (Node (_, f)) = sumEvenF f
and sumEvenF Nil = 0
  | sumEvenF (Cons (t, f)) = sumEven t + sumEvenF f

fun build 0 k = Leaf k
  | build d k = Node (k, Cons (build (d - 1) (2 * k), Cons (build (d - 1) (2 * k + 1), Nil)))
val t = build 6 1
val _ = print ("size " ^ Int.toString (sizeT t) ^ ", even levels " ^ Int.toString (sumEven t) ^ ", odd levels "
               ^ Int.toString (sumOdd t) ^ ", doubled even " ^ Int.toString (sumEven (mapT (fn x => 2 * x) t)) ^ "\n")
val st = mapT Int.toString (build 2 1)
fun showT (Leaf s) = s | showT (Node (s, f)) = s ^ "(" ^ showF f ^ ")"
and showF Nil = "" | showF (Cons (t, Nil)) = showT t | showF (Cons (t, f)) = showT t ^ " " ^ showF f
val _ = print (showT st ^ "\n")

(* exceptions through deep recursion *)
exception Found of int list
exception Deep of string * int
fun descend (0, path) = raise Found path
  | descend (n, path) =
      if n = 2500 then (descend (n - 1, n :: path) handle Found p => raise Found (~1 :: p))
      else descend (n - 1, if n mod 1000 = 0 then n :: path else path)
val _ = descend (5000, []) handle Found p => print ("found " ^ String.concatWith "," (map Int.toString (List.take (p, 5))) ^ " (" ^ Int.toString (length p) ^ ")\n")

fun risky n = if n mod 7 = 3 then raise Deep ("seven", n) else if n mod 11 = 5 then raise Overflow else if n mod 13 = 0 then n div 0 else n
val i = ref 1
val good = ref 0
val msgs = ref []
val _ = (while !i < 40 do
          ((good := !good + risky (!i))
           handle Deep (s, n) => msgs := (s ^ Int.toString n) :: !msgs
                | Overflow => msgs := ("ovf" ^ Int.toString (!i)) :: !msgs;
           i := !i + 1))
        handle Div => print ("div at " ^ Int.toString (!i) ^ "\n")
val _ = print ("good " ^ Int.toString (!good) ^ ", " ^ String.concatWith " " (rev (!msgs)) ^ ", i=" ^ Int.toString (!i) ^ "\n")
val _ = i := 1
val _ = while !i < 40 do ((good := !good + risky (!i)) handle Div => good := !good - 1000 | Deep _ => (); i := !i + 1)
val _ = print ("good " ^ Int.toString (!good) ^ "\n")
