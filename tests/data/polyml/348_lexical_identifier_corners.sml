(* Identifiers and constants at the edges of the lexical grammar:
   symbolic type constructors, alphanumeric names with primes and
   underscores, symbolic value names glued to their arguments, special
   constants in every form. *)
type 'a % = 'a list
type n = int %
type ''e <=> = ''e * ''e
type ('k, 'v) ==> = ('k * 'v) %
val table : (string, int) ==> = [("one", 1), ("two", 2)]
val pairs : char <=> % = [(#"a", #"a"), (#"b", #"c")]

fun !!x=x=x
fun ''q `~ (y:''q) = (y = y; y)
val _ = print (Bool.toString (!! 3) ^ " " ^ Int.toString (`~ 4) ^ " "
               ^ Int.toString (length table + length pairs) ^ "\n")

val x' = 1 and x'' = 2 and x_1' = 3 and X = 4 and x_ = 5
val ?? = x' + x'' + x_1' + X + x_
val _ = print (Int.toString ?? ^ "\n")

infix 5 |>
fun a |> f = f a
val _ = print ((7 |> (fn n => n * 6) |> Int.toString) ^ "\n")

(* special constants *)
val chars = [#"\^C", #"\a", #"\u0041", #"\       \x\      \", #"\^@", #"\127", #"\""]
val _ = print (String.concatWith " " (map (Int.toString o ord) chars) ^ "\n")
val nums = [0xAaAa, ~0x10, 0x7FFFFFFF, 123, ~0]
val _ = print (String.concatWith " " (map Int.toString nums) ^ "\n")
val words = [0wxabcd, 0w0, 0w255]
val _ = print (String.concatWith " " (map Word.toString words) ^ "\n")
val s = "tab\there\\ quote\" gap\
        \continues \u00e9 \^A"
val _ = print (Int.toString (size s) ^ " " ^ String.toString s ^ "\n")
val _ = (print "semi"; print "colons\n"); ;;;
val _ = let ; ; in print "empty let decs\n" end
