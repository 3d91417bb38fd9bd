(* Infix function heads in every parenthesisation the Definition allows,
   with symbolic constructors on both sides of the operator. *)
datatype box = Box of int
datatype pair = ** of int * int
datatype twin = // of box * box
infix 7 ** //
infix 6 <+>

fun a <+> b : int = a - b
val r1 = 10 <+> 3
fun (a) <+> (b) : int = a * b
val r2 = 10 <+> 3
fun (a <+> b) : int = a + b
val r3 = 10 <+> 3
fun ((a) <+> (b)) k : int = a * k + b
val r4 = (10 <+> 3) 2
fun ((a) <+> (b)) (k) m n : int = a + k * m * n - b
val r5 = (10 <+> 3) 1 2 3
fun (Box a) <+> (Box b) : int = a * 100 + b
val r6 = Box 4 <+> Box 5
fun (((Box(a))) <+> ((Box(b)))) p (q : int) r : int = a + b + p + q + r
val r7 = (Box 1 <+> Box 2) 3 4 5
fun (a ** b) <+> (c ** d) : int = a * d - b * c
val r8 = (1 ** 2) <+> (3 ** 4)
fun ((a ** b) <+> (c ** d)) k : int = k * (a + b + c + d)
val r9 = ((1 ** 2) <+> (3 ** 4)) 10
fun ((Box a // Box b) <+> (Box c // Box d)) : int = a + b * c + d
val r10 = (Box 1 // Box 2) <+> (Box 3 // Box 4)
fun ((Box a // Box b) <+> (Box c // Box d)) e : int = e - (a + b + c + d)
val r11 = ((Box 1 // Box 2) <+> (Box 3 // Box 4)) 100

(* several clauses of one infix function, mixing the forms *)
fun (0 ** _) <+> _ = 0
  | (a ** b) <+> (c ** 0) = a + b + c
  | ((a ** b) <+> (c ** d)) = a * b * c * d
val r12 = [(0 ** 9) <+> (1 ** 1), (1 ** 2) <+> (3 ** 0), (1 ** 2) <+> (3 ** 4)]

val _ = app (fn n => print (Int.toString n ^ " "))
  ([r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11] @ r12)
val _ = print "\n"
