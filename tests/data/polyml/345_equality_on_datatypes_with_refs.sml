(* Equality on datatypes: enumerations, constructors with and without
   arguments mixed, values read back out of refs, and datatypes whose
   arguments are refs or arrays of functions (identity equality, so the
   datatype admits equality even though functions do not). *)
datatype colour = Red | Green | Blue | Cyan | Magenta | Yellow
datatype shape = Dot of int | Label of string | Empty0 | Empty1 | Empty2
datatype cell = Cell of string
datatype mixed = Point of int * int | Name of string | M0 | M1 | M2

fun report (what, expected, a, b) =
  print (what ^ (if (a = b) = expected then " ok\n" else " WRONG\n"))

val () = report ("enum different", false, Red, Green)
val () = report ("enum same", true, Cyan, Cyan)
val () = report ("constructor vs constant", false, Dot 1, Empty0)
val () = report ("same constructor", true, Dot 4, Dot 4)
val () = report ("through refs", false, !(ref (Dot 4)), !(ref Empty2))
val () = report ("strings inside", true, !(ref (Cell "x")), !(ref (Cell "x")))
val () = report ("pairs inside", false, !(ref (Point (1, 2))), !(ref M1))
val () = report ("pairs equal", true, Point (1, 2), Point (1, 2))
val () = report ("pairs differ", false, Point (1, 2), Point (2, 1))

datatype handle_ = H of (int -> int) ref
val f = ref (fn x : int => x + 1)
val () = report ("same ref of a function", true, H f, H f)
val () = report ("fresh ref of a function", false, H f, H (ref (fn x => x + 1)))

datatype store = S of (string -> string) array
val arr = Array.array (2, fn s : string => s)
val () = report ("same array", true, S arr, S arr)
val () = report ("other array", false, S arr, S (Array.array (2, fn s => s)))

datatype tree = Leaf of (int -> int) ref | Node of tree list
val t = Node [Leaf f, Node []]
val () = report ("tree same", true, t, Node [Leaf f, Node []])
val () = report ("tree differs", false, t, Node [Leaf f])
val () = report ("tree fresh leaf", false, t, Node [Leaf (ref (!f)), Node []])

(* an updated ref stays the same ref *)
val () = f := (fn x => x * 2)
val () = report ("after update", true, t, Node [Leaf f, Node []])
val () = print (Int.toString ((case t of Node (Leaf g :: _) => !g 21 | _ => 0)) ^ "\n")

(* equality is polymorphic over such types *)
fun count x xs = length (List.filter (fn y => y = x) xs)
val () = print (Int.toString (count (H f) [H f, H (ref (fn x => x)), H f]) ^ " "
                ^ Int.toString (count Blue [Red, Blue, Blue, Yellow]) ^ "\n")
