(* When a match reads a ref, and the order in which patterns are tried. *)
val r = ref 0
fun classify (ref 0) = "zero" | classify (ref n) = if n < 0 then "neg" else "pos"
val _ = print (classify r ^ "\n")
val _ = r := 5
val _ = print (classify r ^ "\n")
(* the pattern sees the ref's content at match time *)
fun bumpAndMatch x = case (r := !r + 1; r) of ref 6 => "six" | ref n => Int.toString n
val _ = print (bumpAndMatch () ^ " " ^ bumpAndMatch () ^ "\n")
(* a tuple of refs, with layered patterns *)
val p = (ref 1, ref 2)
val _ = case p of (a as ref 1, b as ref 2) => (a := 10; b := 20; print "layered\n") | _ => print "other\n"
val _ = print (Int.toString (!(#1 p)) ^ "," ^ Int.toString (!(#2 p)) ^ "\n")
(* val binding with a ref pattern *)
val ref k = #1 p
val _ = print (Int.toString k ^ "\n")
(* clauses tried top to bottom with constants, guards by nested refs *)
datatype t = A of int ref | B of t list | C
fun walk C = 0
  | walk (A (ref 0)) = 100
  | walk (A (ref n)) = n
  | walk (B []) = ~1
  | walk (B (x :: xs)) = walk x + walk (B xs)
val cell = ref 0
val tree = B [A cell, C, A (ref 3), B [A cell]]
val _ = print (Int.toString (walk tree) ^ "\n")
val _ = cell := 7
val _ = print (Int.toString (walk tree) ^ "\n")
(* the same ref twice in one pattern *)
fun both (ref x, ref y) = x + y
val _ = print (Int.toString (both (cell, cell)) ^ "\n")
(* match on a list of refs built by a side-effecting function *)
val count = ref 0
fun fresh () = (count := !count + 1; ref (!count))
val _ = case [fresh (), fresh (), fresh ()] of [ref 1, ref 2, ref 3] => print "in order\n" | _ => print "out of order\n"
(* exceptions with ref arguments in patterns *)
exception E of int ref
val _ = (raise E (ref 4)) handle E (ref 3) => print "3\n" | E (ref 4) => print "4\n" | E _ => print "_\n"
(* refs compared by identity *)
val x = ref 1 and y = ref 1
val _ = print (Bool.toString (x = y) ^ " " ^ Bool.toString (x = x) ^ " " ^ Bool.toString (!x = !y) ^ "\n")
val _ = print (Bool.toString ([x, y] = [x, y]) ^ Bool.toString (SOME x = SOME y) ^ "\n")
(* a ref holding a function *)
val fr = ref (fn n : int => n)
val _ = fr := (fn n => !fr n + 1) handle _ => ()
val _ = print "ok\n"
val g = ref (fn n : int => n * 2)
val old = !g
val _ = g := (fn n => old n + 1)
val _ = print (Int.toString (!g 5) ^ "\n")
val _ = case !r of 6 => print "r is six\n" | _ => print "r is not six\n"
