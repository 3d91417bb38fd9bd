(* After Poly/ML's Test026, Test062 and Test080: a number runs into the
   identifier after it (1e~ is 1 e ~, not a real; #1e is #1 e; 0xAe is the
   hex number 0xAE; 0w3w is 0w3 w), and fixity changes take effect inside a
   sequence of declarations with no ';' between them. *)
fun say s = print (s ^ "\n")
val e = ("a", "b")
val _ = say (#1e ^ #2e)
val e = 3
fun f a b c = c (a + b)
val example = 1 and Example = 2 and E = 10 and G = 100
val _ = say (String.concatWith " " (map Int.toString [f 1e~, f 1example~, f 1Example~, f 2E~, f 0x1G~, 0xAe]))
val w = 0w4
fun g x y = x + y
val _ = say (Word.toString (g 0w3w) ^ " " ^ Word.toString (g 0wx1Fw))
(* `f a b` defines f before `infix a`, and a after it *)
fun f a b = 1 infix a fun f a b = b * 10 + f val z = f 0 0 and z' = 7 a 3
val _ = say (Int.toString z ^ " " ^ Int.toString z')
nonfix a
val _ = say (Int.toString (a (4, 5)))
(* two operators of one precedence: left-associative, then right *)
infix 4 ++ +++
fun a ++ b = a ^ b
fun a +++ b = b ^ a
val x = "a" ++ "b" +++ "c"
infixr 4 ++ +++
fun a ++ b = a ^ b
fun a +++ b = b ^ a
val y = "a" ++ "b" +++ "c"
val _ = say (x ^ " " ^ y)
local infix 3 ** in fun op ** (m, n) = m * n + 1 val p = 2 ** 3 ** 4 end
val _ = say (Int.toString p ^ " " ^ Int.toString ( ** (5, 5)))
