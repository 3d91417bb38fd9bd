(* exnName and exnMessage of every built-in exception and of declared ones. *)
exception Plain
exception WithInt of int
exception WithString of string
exception WithPair of int * string

val builtins = [Div, Overflow, Match, Bind, Chr, Subscript, Size, Empty, Option, Domain, Span, Fail "msg", Fail "",
                ListPair.UnequalLengths]
val _ = app (fn e => print (exnName e ^ "\n")) builtins
val _ = app (fn e => print (exnName e ^ "\n")) [Plain, WithInt 3, WithString "s", WithPair (1, "a")]
fun caught f = (f (); "none") handle e => exnName e
val _ = print (caught (fn () => 1 div 0) ^ "\n")
val _ = print (caught (fn () => Int.quot (valOf Int.minInt, ~1)) ^ "\n")
val _ = print (caught (fn () => chr 300) ^ "\n")
val _ = print (caught (fn () => String.sub ("", 0)) ^ "\n")
val _ = print (caught (fn () => hd ([] : int list)) ^ "\n")
val _ = print (caught (fn () => tl ([] : int list)) ^ "\n")
val _ = print (caught (fn () => valOf (NONE : int option)) ^ "\n")
val _ = print (caught (fn () => List.nth ([1], 4)) ^ "\n")
val _ = print (caught (fn () => List.take ([1], 4)) ^ "\n")
val _ = print (caught (fn () => List.drop ([1], ~1)) ^ "\n")
val _ = print (caught (fn () => Array.array (~2, 0)) ^ "\n")
val _ = print (caught (fn () => String.substring ("abc", 2, 2)) ^ "\n")
val _ = print (caught (fn () => List.last ([] : int list)) ^ "\n")
val _ = print (caught (fn () => ListPair.zipEq ([1], [])) ^ "\n")
val _ = print (caught (fn () => Char.chr ~1) ^ "\n")
val _ = print (caught (fn () => Word.toInt 0wx7FFFFFFFFFFFFFFF) ^ "\n")
val _ = print (caught (fn () => List.hd []) ^ "\n")
