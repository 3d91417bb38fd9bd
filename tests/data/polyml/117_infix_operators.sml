(* user-defined infix operators: precedence levels, right associativity,
   op to use them as prefix functions, infix constructors, nonfix, and
   infix declarations local to a let *)
infix 6 +++
infixr 5 ::: @@
infix 7 **
infix 4 ===
fun a +++ b = a * 10 + b
fun x ** 0 = 1
  | x ** n = x * (x ** (n - 1))
datatype 'a stream = Nil | ::: of 'a * 'a stream
fun toList Nil = []
  | toList (x ::: s) = x :: toList s
fun (Nil @@ t) = t
  | ((x ::: s) @@ t) = x ::: (s @@ t)
fun (a, b) === (c, d) = a = c andalso b = d
val _ = print (Int.toString (1 +++ 2 +++ 3) ^ "\n")
val _ = print (Int.toString (2 ** 3 ** 2) ^ " " ^ Int.toString (2 +++ 3 ** 2) ^ "\n")
val s = 1 ::: 2 ::: 3 ::: Nil
val _ = print (String.concatWith "," (map Int.toString (toList (s @@ 4 ::: Nil @@ s))) ^ "\n")
val _ = print (Int.toString (foldl (op +++) 0 [1, 2, 3, 4]) ^ "\n")
val _ = print (Bool.toString ((1, 2) === (1, 2)) ^ " " ^ Bool.toString (op === ((1, 2), (2, 1))) ^ "\n")
val pairs = ListPair.map (op **) ([2, 3, 4], [10, 3, 2])
val _ = print (String.concatWith " " (map Int.toString pairs) ^ "\n")
val f = op :::
val _ = case f (9, Nil) of x ::: Nil => print (Int.toString x ^ "\n") | _ => print "?\n"
fun compose (f, g) = fn x => f (g x)
infix 3 ><
val op >< = compose
val inc = fn x => x + 1
val dbl = fn x => x * 2
val _ = print (Int.toString ((inc >< dbl) 5) ^ " " ^ Int.toString ((dbl >< inc) 5) ^ "\n")
val r = let infix 9 --> fun a --> b = a - b in 10 --> 3 --> 2 end
val _ = print (Int.toString r ^ "\n")
nonfix +++
val _ = print (Int.toString (+++ (4, 5)) ^ "\n")
infix +++
val _ = print (Int.toString (7 +++ 8) ^ "\n")
(* an infix declaration inside local, visible in the body and after *)
local infixr 1 $ fun f $ x = f x in val v = Int.toString $ inc $ 41 end
val _ = print (v ^ "\n")
fun op %% (a, b) = a mod b
infix %%
val _ = print (Int.toString (17 %% 5) ^ "\n")
datatype expr = Num of int | op + of expr * expr
val e = Num 1 + Num 2 + Num 3
fun eval (Num n) = n
  | eval (a + b) = Int.+ (eval a, eval b)
val _ = print (Int.toString (eval e) ^ "\n")
