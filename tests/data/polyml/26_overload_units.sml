(* Overloaded operators are resolved over the whole top-level declaration
   sequence up to the next `;`, not per declaration: a later declaration
   may still fix the operand type of an earlier `<` or `*`. *)

fun lt (a, b) = a < b
val _ = print (if lt ("apple", "banana") then "yes\n" else "no\n")

fun sq x = x * x
val _ = print (Word.toString (sq 0w3) ^ "\n")

(* fixed by an annotation two declarations later *)
fun add (a, b) = a + b
fun twice f x = f (f x)
val w : word = twice (fn v => add (v, 0w10)) 0w5
val _ = print (Word.toString w ^ "\n")

(* div and mod on words, decided by a later use *)
fun digits (base, n) =
  if n < base then [n] else digits (base, n div base) @ [n mod base]
val _ = print (String.concat (map (fn d => Word.toString d ^ ",") (digits (0w10, 0w1234))) ^ "\n")

(* chars compared through a function declared before the use *)
fun maxOf (x, y) = if x >= y then x else y
val _ = print (implode [maxOf (#"q", #"k")] ^ "\n")

(* inside a let the use in the body decides *)
val s = let fun gt (a, b) = a > b in gt ("b", "a") end
val _ = print ((if s then "true" else "false") ^ "\n");

(* after a `;` a new unit starts; nothing fixes the type of dbl here,
   so it defaults to int at the next `;` *)
fun dbl x = x + x;
val _ = print (Int.toString (dbl 21) ^ "\n");

(* ~ and abs have only int *)
fun dist (a, b) = abs (a - b)
val _ = print (Int.toString (dist (3, 10)) ^ " " ^ Int.toString (~ (dist (7, 2))) ^ "\n")
