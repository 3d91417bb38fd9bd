(* datatype replication: the same type under another name, its
   constructors bound again *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype color = Red | Green | Blue of int
datatype colour = datatype color
val c : colour = Blue 3
val d : color = c
fun name Red = "red"
  | name Green = "green"
  | name (Blue n) = "blue " ^ pi n
val _ = pr (name c ^ " " ^ name (d : colour) ^ " " ^ (if c = Blue 3 then "eq" else "ne"))

(* of basis datatypes *)
datatype ord = datatype order
fun cmp (a, b) : ord = Int.compare (a, b)
val _ = pr (case cmp (1, 2) of LESS => "less" | EQUAL => "equal" | GREATER => "greater")
datatype opt = datatype option
val o1 = SOME 5
val _ = pr (case o1 of NONE => "none" | SOME k => pi k)
datatype lst = datatype list
val l = 1 :: 2 :: nil
val _ = pr (pi (length l) ^ " " ^ pi (hd l))
datatype truth = datatype bool
val _ = pr (if (true : truth) andalso not false then "bool ok" else "bool bad")

(* the constructors survive a later redeclaration of the original *)
datatype t = A | B of int
datatype u = datatype t
datatype t = C
val x = B 7
val _ = pr (case x of A => "A" | B n => "B " ^ pi n)

(* a replication in a let, of a datatype declared in it *)
val n =
  let
    datatype e = Leaf | Two of e * e
    datatype e' = datatype e
    fun leaves Leaf = 1
      | leaves (Two (a, b)) = leaves a + leaves b
  in
    leaves (Two (Two (Leaf, Leaf), Leaf))
  end
val _ = pr (pi n)
