(* Mutual recursion with and across datatypes tied by withtype: a tree
   and forest, an expression and declaration language evaluated by two
   functions, three datatypes each naming the next; the last product
   overflows. *)
datatype 'a tree = Leaf of 'a | Node of 'a forest * 'a tag
and 'a forest = Nil | Cons of 'a tree * 'a forest
withtype 'a tag = string * 'a list

datatype expr = Num of int | Add of expr * expr | Let of decl * expr | Var of string
and decl = Val of string * expr | Seq of decl list | Fun of string * string * body
withtype body = expr * (string * int) list

fun sizeT (Leaf _) = 1
  | sizeT (Node (f, (s, l))) = sizeF f + size s + length l
and sizeF Nil = 0
  | sizeF (Cons (t, f)) = sizeT t + sizeF f

fun build 0 = Leaf 0
  | build n = Node (buildF n (n - 1), (Int.toString n, List.tabulate (n, fn i => i)))
and buildF 0 _ = Nil
  | buildF k n = Cons (build (n div 2), buildF (k - 1) n)

fun even 0 = true | even n = odd (n - 1)
and odd 0 = false | odd n = even (n - 1)

fun evalE env (Num n) = n
  | evalE env (Add (a, b)) = evalE env a + evalE env b
  | evalE env (Var x) = (case List.find (fn (y, _) => y = x) env of SOME (_, v) => v | NONE => ~1)
  | evalE env (Let (d, e)) = evalE (evalD env d) e
and evalD env (Val (x, e)) = (x, evalE env e) :: env
  | evalD env (Seq ds) = foldl (fn (d, en) => evalD en d) env ds
  | evalD env (Fun (f, x, (e, extra))) = (f, evalE (extra @ env) e) :: env

val _ = print (Int.toString (sizeT (build 7)) ^ "\n")
val _ = print (Bool.toString (even 10001) ^ " " ^ Bool.toString (odd 7777) ^ "\n")
val prog = Let (Seq [Val ("x", Num 3), Val ("y", Add (Var "x", Var "x")),
                     Fun ("f", "z", (Add (Var "z", Var "y"), [("z", 10)]))],
                Add (Var "f", Add (Var "y", Var "q")))
val _ = print (Int.toString (evalE [] prog) ^ "\n")

(* three-way mutual recursion over datatypes *)
datatype a = A0 | A1 of b
and b = B0 | B1 of c * a
and c = C0 | C1 of a list
fun ca A0 = 1 | ca (A1 x) = 1 + cb x
and cb B0 = 2 | cb (B1 (x, y)) = cc x * ca y
and cc C0 = 3 | cc (C1 xs) = foldl (op +) 0 (map ca xs)
val _ = print (Int.toString (ca (A1 (B1 (C1 [A0, A1 B0, A1 (B1 (C0, A0))], A1 B0)))) ^ "\n")
fun deep 0 = A0 | deep n = A1 (B1 (C1 [deep (n - 1), A0], deep (n - 1)))
val _ = print (Int.toString (ca (deep 12)) ^ "\n")
