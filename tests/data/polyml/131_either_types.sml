(* polymorphic datatypes with two parameters, type abbreviations with
   parameters, annotations in patterns and expressions, and functions that
   are polymorphic in both sides *)
datatype ('a, 'b) either = Left of 'a | Right of 'b
type 'a result = (string, 'a) either
type ('k, 'v) assoc = ('k * 'v) list
type point = int * int
fun either (f, g) (Left a) = f a
  | either (f, g) (Right b) = g b
fun mapRight f (Left a) = Left a
  | mapRight f (Right b) = Right (f b)
fun partitionEithers (l : ('a, 'b) either list) : 'a list * 'b list =
  foldr (fn (Left a, (ls, rs)) => (a :: ls, rs) | (Right b, (ls, rs)) => (ls, b :: rs)) ([], []) l
fun safeDiv (a : int, b : int) : int result = if b = 0 then Left "divide by zero" else Right (a div b)
fun bind (Left e : 'a result) (_ : 'a -> 'b result) : 'b result = Left e
  | bind (Right x) f = f x
fun showResult (r : int result) = either (fn e => "error: " ^ e, fn v => "ok: " ^ Int.toString v) r
val _ = print (showResult (safeDiv (10, 2)) ^ "\n")
val _ = print (showResult (safeDiv (1, 0)) ^ "\n")
val _ = print (showResult (bind (safeDiv (100, 5)) (fn x => safeDiv (x, 2))) ^ "\n")
val _ = print (showResult (bind (safeDiv (100, 0)) (fn x => safeDiv (x, 2))) ^ "\n")
val _ = print (showResult (mapRight (fn x => x * x) (safeDiv (9, 3))) ^ "\n")
val mixed = [Left "a", Right 1, Right 2, Left "b", Right 3]
val (ls, rs) = partitionEithers mixed
val _ = print (String.concat ls ^ " " ^ String.concatWith "+" (map Int.toString rs) ^ "\n")
fun lookup (k : ''k) ([] : (''k, 'v) assoc) : 'v option = NONE
  | lookup k ((k', v) :: rest) = if k = k' then SOME v else lookup k rest
val table : (string, point) assoc = [("origin", (0, 0)), ("unit", (1, 1)), ("far", (100, ~50))]
fun showPoint ((x, y) : point) = "(" ^ Int.toString x ^ "," ^ Int.toString y ^ ")"
val _ = print (String.concatWith " " (map (fn k => case lookup k table of SOME p => showPoint p | NONE => "?") ["unit", "far", "none"]) ^ "\n")
fun manhattan ((x1, y1) : point, (x2, y2) : point) : int = abs (x1 - x2) + abs (y1 - y2)
val _ = print (Int.toString (manhattan ((1, 2), (4, ~2))) ^ "\n")
val idInt : int -> int = fn x => x
val pairUp : 'a -> 'a * 'a = fn x => (x, x)
val (p1, p2) = pairUp "twin"
val _ = print (p1 ^ p2 ^ " " ^ Int.toString (idInt 5) ^ "\n")
fun swapEither (Left a) = Right a
  | swapEither (Right b) = Left b
val _ = print (either (fn s => s, Int.toString) (swapEither (Left 42 : (int, string) either)) ^ "\n")
val nested : ((int, bool) either, string) either list = [Left (Left 1), Left (Right true), Right "s"]
val _ = app (fn Left (Left n) => print (Int.toString n ^ " ")
              | Left (Right b) => print (Bool.toString b ^ " ")
              | Right s => print (s ^ "\n")) nested
fun sequence [] = Right []
  | sequence (Left e :: _) = Left e
  | sequence (Right x :: rest) = (case sequence rest of Left e => Left e | Right xs => Right (x :: xs))
val _ = print (either (fn e => e, fn l => String.concatWith "," (map Int.toString l)) (sequence [safeDiv (4, 2), safeDiv (9, 3)]) ^ "\n")
val _ = print (either (fn e => e, fn l => String.concatWith "," (map Int.toString l)) (sequence [safeDiv (4, 2), safeDiv (9, 0)]) ^ "\n")
