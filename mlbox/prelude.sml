(* The prelude: the values of the basis (mlbox/basis.py) implemented in ML.
   It is compiled once per process, before every program, into the global
   slots after the built-in exceptions; a basis name marked ("prelude",)
   refers to the global of its definition here.

   Naming: a qualified basis name is written with its dot replaced by an
   underscore (List.filter is List_filter, Int.max is Int_max). Names that
   are not identifiers are spelt out (mlbox/driver.py PRELUDE_NAMES):
       @        append
       o        compose
       before   before_
   Everything else has its basis name. The semantics, exceptions included,
   are SML's Basis Library ones. *)

fun not true = false
  | not false = true

fun append ([], ys) = ys
  | append (x :: xs, ys) = x :: append (xs, ys)

fun length l =
    let fun count ([], n) = n
          | count (_ :: xs, n) = count (xs, n + 1)
    in count (l, 0) end

fun rev l =
    let fun onto ([], acc) = acc
          | onto (x :: xs, acc) = onto (xs, x :: acc)
    in onto (l, []) end

fun map f [] = []
  | map f (x :: xs) = f x :: map f xs

fun app f [] = ()
  | app f (x :: xs) = (f x; app f xs)

fun foldl f acc [] = acc
  | foldl f acc (x :: xs) = foldl f (f (x, acc)) xs

fun foldr f acc [] = acc
  | foldr f acc (x :: xs) = f (x, foldr f acc xs)

fun hd (x :: _) = x
  | hd [] = raise Empty

fun tl (_ :: xs) = xs
  | tl [] = raise Empty

fun null [] = true
  | null _ = false

fun compose (f, g) = fn x => f (g x)

fun ignore _ = ()

fun before_ (a, ()) = a

fun valOf (SOME x) = x
  | valOf NONE = raise Option

fun isSome (SOME _) = true
  | isSome NONE = false

fun eval g = let cogen u = g in u end

fun Int_max (a : int, b) = if a > b then a else b

fun Int_min (a : int, b) = if a < b then a else b

val List_length = length
val List_rev = rev
val List_map = map
val List_foldl = foldl
val List_foldr = foldr

fun List_filter p [] = []
  | List_filter p (x :: xs) = if p x then x :: List_filter p xs else List_filter p xs

fun List_nth (l, n) =
    let fun nth (x :: _, 0) = x
          | nth (_ :: xs, k) = nth (xs, k - 1)
          | nth ([], _) = raise Subscript
    in if n < 0 then raise Subscript else nth (l, n) end

fun List_exists p [] = false
  | List_exists p (x :: xs) = p x orelse List_exists p xs

fun List_all p [] = true
  | List_all p (x :: xs) = p x andalso List_all p xs

fun Array_tabulate (n, f) =
    if n < 0 then raise Size
    else if n = 0 then Array.fromList []
    else
      let val a = Array.array (n, f 0)
          fun fill i = if i < n then (Array.update (a, i, f i); fill (i + 1)) else ()
      in fill 1; a end
