(* Fixity belongs to value identifiers: names that are infix operators as
   values (+, <>, ::, @, o, div, before, and a user's ++) are ordinary
   type constructors in types, declarations and replications. *)
type ('a, 'b) + = 'a * 'b
type 'a <> = 'a list
datatype 'a o = Nothing | Just of 'a
datatype div = Quot of int * int
datatype mod = datatype div
type 'a :: = 'a o list
infix 6 ++
type 'k ++ = ('k, int) + <>

fun sumPairs (xs : string ++) : int = foldl (fn ((_, n), acc) => n + acc) 0 xs
val table : string ++ = [("a", 1), ("b", 20), ("c", 300)]
val maybe : int :: = [Just 4, Nothing, Just 5]
fun justs (l : int :: ) = List.mapPartial (fn Just n => SOME n | Nothing => NONE) l
val q : mod = Quot (17, 5)
fun eval (Quot (a, b) : div) = (a div b, a mod b)
val (d, m) = eval q
val swap : (int, string) + -> (string, int) + = fn (a, b) => (b, a)
val _ = print (Int.toString (sumPairs table) ^ " "
               ^ String.concatWith "," (map Int.toString (justs maybe)) ^ " "
               ^ Int.toString d ^ " " ^ Int.toString m ^ " " ^ #1 (swap (1, "one")) ^ "\n")
(* the operators keep their value meaning *)
val _ = print (Int.toString (1 + 2) ^ " " ^ Bool.toString (1 <> 2) ^ " "
               ^ Int.toString (length (1 :: [2] @ [3])) ^ " " ^ Int.toString (7 div 2) ^ "\n")
(* an operator after a typed expression needs the parentheses *)
val n = (3 : int) + 4
val l = (0 : int) :: [n]
val _ = print (String.concatWith " " (map Int.toString l) ^ "\n")
