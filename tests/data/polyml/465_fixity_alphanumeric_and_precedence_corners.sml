(* Fixity corners: several identifiers in one infix declaration,
   alphanumeric infix identifiers, precedence 0 and 9, user operators
   mixed with the standard ones (::, @, ^, =, <>, :=, o, before), a
   function defined with `op` in its head, an infix operator given as a
   curried-function argument, and precedence inside patterns. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun pl xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

infix 7 times divides
infix 6 plus minus
fun a times b = a * b
fun a divides b = b mod a = 0
fun op plus (a, b) = a + b
fun op minus (a, b) = a - b
val _ = pr ("2 plus 3 times 4 = " ^ pi (2 plus 3 times 4))
val _ = pr ("10 minus 3 minus 2 = " ^ pi (10 minus 3 minus 2))
val _ = pr ("3 divides 12: " ^ Bool.toString (3 divides 12) ^ ", 5 divides 12: " ^ Bool.toString (5 divides 12))
val _ = pr ("filter with op divides: " ^ pl (List.filter (fn n => op divides (3, n)) [1, 3, 6, 7, 9, 10]))

(* precedence 9 binds tighter than application? no: application is tightest *)
infix 9 at
fun xs at i = List.nth (xs, i)
val _ = pr ("[10,20,30] at 1 + 1 = " ^ pi ([10, 20, 30] at 1 + 1))
val _ = pr ("rev [1,2,3] at 0 = " ^ pi (rev [1, 2, 3] at 0))

(* precedence 0, right associative, below everything but before *)
infixr 0 ==>
fun a ==> b = not a orelse b
val _ = pr ("implications: " ^ Bool.toString (true ==> false ==> false) ^ " " ^ Bool.toString (false ==> true ==> false)
            ^ " " ^ Bool.toString (1 < 2 ==> 2 < 3))

(* standard operators together *)
val xs = 1 :: 2 :: [3] @ [4, 5] @ 6 :: []
val _ = pr (":: and @ (both infixr 5): " ^ pl xs)
val _ = pr ("^ and = : " ^ Bool.toString ("ab" ^ "c" = "a" ^ "bc") ^ " " ^ Bool.toString ("x" ^ "y" <> "xy"))
val r = ref 0
val _ = r := 1 + 2 * 3
val _ = pr (":= below arithmetic: " ^ pi (!r))
val f = (fn x => x + 1) o (fn x => x * 2)
val _ = pr ("o: " ^ pi (f 5) ^ " " ^ pi ((f o f) 1))
val v = 1 + 1 before r := 100
val _ = pr ("before lowest: " ^ pi v ^ ", r = " ^ pi (!r))
val _ = pr ("comparison chain in andalso: " ^ Bool.toString (1 < 2 andalso 2 <= 2 andalso 3 >= 4 orelse 5 <> 6))

(* user operators in patterns *)
infixr 5 ++
datatype t = E | ++ of int * t
fun sumT E = 0
  | sumT (x ++ rest) = x + sumT rest
fun pairsT (a ++ b ++ rest) = (a, b) :: pairsT rest
  | pairsT _ = []
val t1 = 1 ++ 2 ++ 3 ++ 4 ++ 5 ++ E
val _ = pr ("sumT " ^ pi (sumT t1) ^ ", pairs " ^ String.concatWith " " (map (fn (a, b) => pi a ^ "/" ^ pi b) (pairsT t1)))
fun headT (h ++ _ : t) = SOME h | headT E = NONE
val _ = pr ("headT " ^ (case headT t1 of SOME h => pi h | NONE => "-"))

(* an operator passed to a curried higher-order function *)
fun foldOp f z [] = z
  | foldOp f z (x :: xs) = foldOp f (f (z, x)) xs
val _ = pr ("foldOp: " ^ pi (foldOp op plus 0 [1, 2, 3]) ^ " " ^ pi (foldOp op minus 100 [1, 2, 3]) ^ " " ^
            pi (foldOp op times 1 [2, 3, 4]))
val ops = [("plus", op plus), ("minus", op minus), ("times", op times), ("max", Int.max)]
val _ = pr ("table of operators on (7, 3): " ^ String.concatWith " " (map (fn (n, f) => n ^ "=" ^ pi (f (7, 3))) ops))

(* infix status does not follow a value that is rebound by val *)
val op plus = fn (a, b) => a * 1000 + b
val _ = pr ("rebinding plus keeps it infix: " ^ pi (1 plus 2))
nonfix plus
val _ = pr ("nonfix plus applied: " ^ pi (plus (1, 2)))

(* unary minus ~ is a function, not an operator *)
val _ = pr ("~ as function: " ^ pl (map ~ [1, ~2, 3]) ^ " " ^ pi (~ (2 times 3)) ^ " " ^ pi (~2 times 3))
