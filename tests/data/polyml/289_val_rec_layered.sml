(* `val rec` with a layered pattern: one function under two (or more)
   names, each usable in the body and afterwards; with type annotations on
   either side of `as`, inside `let`, after `and rec`, and rebinding
   constructor names (a `val rec` binds variables only). *)

val rec collatz as steps = fn 1 => 0
                             | n => 1 + steps (if n mod 2 = 0 then n div 2 else 3 * n + 1)

val _ = print ("collatz 27 = " ^ Int.toString (collatz 27) ^ ", steps 6 = " ^ Int.toString (steps 6) ^ "\n")

val rec pick : int list -> int as choose : int list -> int =
    fn [] => 0
     | [x] => x
     | x :: y :: rest => if x > y then choose (x :: rest) else pick (y :: rest)

val _ = print ("max " ^ Int.toString (pick [3, 9, 2, 7]) ^ " " ^ Int.toString (choose []) ^ "\n")

val rec one as two as three = fn s => s ^ "!"

val _ = print (one "a" ^ two "b" ^ three "c" ^ "\n")

fun powers base =
    let
      val rec pow as p : int -> int = fn 0 => 1 | k => base * p (k - 1)
    in
      map pow [0, 1, 2, 3] @ map p [4]
    end

val _ = print (String.concatWith "," (map Int.toString (powers 3)) ^ "\n")

val limit = 4
and rec evens as e = fn 0 => [] | n => if n mod 2 = 0 then n :: e (n - 1) else evens (n - 1)

val _ = print (String.concatWith " " (map Int.toString (evens (limit * 3))) ^ "\n")

(* the names were constructors; after this they are functions *)
val rec NONE as SOME = fn n => n * 10

val _ = print (Int.toString (NONE 4 + SOME 5) ^ "\n")
