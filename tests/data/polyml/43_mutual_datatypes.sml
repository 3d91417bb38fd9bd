(* Mutual recursion: fun ... and ... (three-way, curried, with clauses),
   val rec ... and; datatypes declared with `and` and type parameters;
   type abbreviations over them *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
datatype 'a expr = Const of 'a | Var of string | Plus of 'a expr * 'a expr | Let of 'a decl list * 'a expr
     and 'a decl = Val of string * 'a expr | Seq of 'a decl * 'a decl
type env = (string * int) list
type 'a pairlist = ('a * 'a) list
fun lookup (x, []) = raise Fail ("unbound " ^ x)
  | lookup (x, (y, v) :: r) = if x = y then v else lookup (x, r)
fun eval (env : env) (Const n) = n
  | eval env (Var x) = lookup (x, env)
  | eval env (Plus (a, b)) = eval env a + eval env b
  | eval env (Let (ds, e)) = eval (decls env ds) e
and decls env [] = env
  | decls env (d :: ds) = decls (decl env d) ds
and decl env (Val (x, e)) = (x, eval env e) :: env
  | decl env (Seq (a, b)) = decl (decl env a) b
val prog = Let ([Val ("x", Const 1), Seq (Val ("y", Plus (Var "x", Const 10)), Val ("x", Const 100))], Plus (Var "x", Var "y"))
val _ = p (i (eval [] prog))
val _ = p (i (eval [] (Var "z")) handle Fail m => m)
fun countE (Const _) = 1 | countE (Var _) = 1 | countE (Plus (a, b)) = 1 + countE a + countE b
  | countE (Let (ds, e)) = 1 + foldl (fn (d, acc) => acc + countD d) 0 ds + countE e
and countD (Val (_, e)) = 1 + countE e | countD (Seq (a, b)) = 1 + countD a + countD b
val _ = p (i (countE prog))
fun mapE f (Const a) = Const (f a) | mapE f (Var x) = Var x | mapE f (Plus (a, b)) = Plus (mapE f a, mapE f b)
  | mapE f (Let (ds, e)) = Let (map (mapD f) ds, mapE f e)
and mapD f (Val (x, e)) = Val (x, mapE f e) | mapD f (Seq (a, b)) = Seq (mapD f a, mapD f b)
val _ = p (i (eval [] (mapE (fn n => n * 2) prog)))
val strProg = mapE Int.toString prog
fun show (Const s) = s | show (Var x) = x | show (Plus (a, b)) = "(" ^ show a ^ "+" ^ show b ^ ")"
  | show (Let (ds, e)) = "let " ^ String.concat (map showD ds) ^ "in " ^ show e
and showD (Val (x, e)) = x ^ "=" ^ show e ^ " " | showD (Seq (a, b)) = showD a ^ showD b
val _ = p (show strProg)
(* three-way mutual recursion with curried clauses *)
fun a 0 acc = acc ^ "a" | a n acc = b (n - 1) (acc ^ "a")
and b 0 acc = acc ^ "b" | b n acc = c (n - 1) (acc ^ "b")
and c 0 acc = acc ^ "c" | c n acc = a (n - 1) (acc ^ "c")
val _ = p (a 7 "" ^ " " ^ b 0 "" ^ " " ^ c 4 ">")
val rec isEven = fn 0 => true | n => isOdd (n - 1)
and isOdd = fn 0 => false | n => isEven (n - 1)
val _ = p (String.concat (map (fn n => if isEven n then "E" else "O") [0, 1, 2, 3, 100, 1001]))
datatype ('a, 'b) alt = First of 'a | Second of 'b | Both of ('a, 'b) alt list
     and tag = Tag of string * (int, string) alt
fun flat (First x) = [x] | flat (Second _) = [] | flat (Both xs) = List.foldr (fn (x, acc) => flat x @ acc) [] xs
val _ = p (String.concat (map i (flat (Both [First 1, Second "x", Both [First 2, First 3], Second "y"]))))
fun tagName (Tag (s, First n)) = s ^ i n | tagName (Tag (s, Second t)) = s ^ t | tagName (Tag (s, Both l)) = s ^ "*" ^ i (length l)
val _ = p (String.concat (map tagName [Tag ("a", First 1), Tag ("b", Second "c"), Tag ("d", Both [])]))
val pl : int pairlist = [(1, 2), (3, 4)]
val _ = p (i (foldl (fn ((x, y), s) => s + x * y) 0 pl))
datatype tree = Node of string * forest and forest = Nil | Cons of tree * forest
fun size (Node (_, f)) = 1 + sizeF f and sizeF Nil = 0 | sizeF (Cons (t, f)) = size t + sizeF f
fun labels (Node (l, f)) = l :: labelsF f and labelsF Nil = [] | labelsF (Cons (t, f)) = labels t @ labelsF f
val tr = Node ("root", Cons (Node ("a", Nil), Cons (Node ("b", Cons (Node ("c", Nil), Nil)), Nil)))
val _ = p (i (size tr) ^ " " ^ String.concat (map (fn s => s ^ ".") (labels tr)))
fun ping 0 = "ping" | ping n = pong (n - 1) and pong 0 = "pong" | pong n = ping (n - 1)
val _ = p (ping 100001 ^ " " ^ pong 100001)
