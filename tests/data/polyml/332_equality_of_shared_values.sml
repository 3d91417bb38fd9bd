(* Equality on values shared as a DAG: a value compared with itself is
   equal at once (a tree of 2^40 paths here), as in Poly/ML; equal values
   built apart are compared by their structure, and a difference anywhere
   is found. *)
datatype tree = Leaf | Node of tree * tree

fun doubled 0 = Leaf
  | doubled n = let val t = doubled (n - 1) in Node (t, t) end

val big = doubled 40
val _ = print ("big = big: " ^ Bool.toString (big = big) ^ "\n")
val _ = print ("big <> big: " ^ Bool.toString (big <> big) ^ "\n")

(* apart but equal, and small enough to walk *)
val a = doubled 10
val b = doubled 10
val _ = print ("a = b: " ^ Bool.toString (a = b) ^ "\n")
val _ = print ("a = doubled 9: " ^ Bool.toString (a = doubled 9) ^ "\n")

(* the same subtree met on both sides inside larger values *)
val pair1 = (big, 1)
val pair2 = (big, 2)
val _ = print ("(big, 1) = (big, 1): " ^ Bool.toString (pair1 = (big, 1)) ^ "\n")
val _ = print ("(big, 1) = (big, 2): " ^ Bool.toString (pair1 = pair2) ^ "\n")
val _ = print ("[big, big] = [big, big]: " ^ Bool.toString ([big, big] = [big, big]) ^ "\n")
val _ = print ("SOME big = NONE: " ^ Bool.toString (SOME big = NONE) ^ "\n")

(* a long list with itself, and with a copy that differs at its end *)
val xs = List.tabulate (20000, fn i => i)
val ys = List.tabulate (20000, fn i => if i = 19999 then 0 else i)
val _ = print ("xs = xs: " ^ Bool.toString (xs = xs) ^ "\n")
val _ = print ("xs = ys: " ^ Bool.toString (xs = ys) ^ "\n")

(* refs stay compared by identity *)
val r = ref big
val _ = print ("r = r: " ^ Bool.toString (r = r) ^ ", r = ref big: " ^ Bool.toString (r = ref big) ^ "\n")
