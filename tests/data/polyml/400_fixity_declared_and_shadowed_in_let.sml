(* Fixity declared inside let and shadowed there: infix, infixr and nonfix
   of a user operator, a built-in one given another precedence, an infix
   constructor made right-associative in one scope and nonfix in another,
   and an infix name bound by a fn pattern with op. Each scope ends with
   the fixity of the scope around it. *)
fun show l = String.concatWith "," (map Int.toString l)
val a = let infix 3 ++ fun x ++ y = x * 10 + y in 1 ++ 2 ++ 3 end
val b = let infixr 3 ++ fun x ++ y = x * 10 + y in 1 ++ 2 ++ 3 end
val c = let infix 7 +   (* + now binds like * *)
        in 2 + 3 * 4 end
val d = let nonfix + in + (2, 3) * 4 end
val e = 2 + 3 * 4
val _ = print (show [a, b, c, d, e] ^ "\n")
val f = let
          infix 0 <<
          fun a << b = a - b
          val x = 10 << 3 << 2
          val y = let infixr 0 << in 10 << 3 << 2 end
          val z = let nonfix << in << (10, 3) end
        in [x, y, z] end
val _ = print (show f ^ "\n")
infix 5 ::: 
datatype 'a stream = E | ::: of 'a * 'a stream
fun toList E = [] | toList (x ::: s) = x :: toList s
val g = let infixr 5 ::: in toList (1 ::: 2 ::: 3 ::: E) end
val _ = print (show g ^ "\n")
val h = let nonfix ::: in toList (::: (4, ::: (5, E))) end
val _ = print (show h ^ "\n")
fun mk () = let infix 9 @@ fun f @@ x = f x in (fn x => x + 1) @@ 1 end
val _ = print (Int.toString (mk ()) ^ "\n")
val i = let val op - = op + in 10 - 3 end
val j = let infix 6 mod in 7 + 5 mod 3 end
val k = let infixr 6 - in 10 - 3 - 2 end
val _ = print (show [i, j, k] ^ "\n")
fun fx (a, b) = a + b
val l = let infix fx in 3 fx 4 fx 5 end
val m = let infix 1 fx; infix 9 * in 1 fx 2 * 3 end
val _ = print (show [l, m] ^ "\n")
val n = let infix 4 before in 5 before () end
val _ = print (Int.toString n ^ "\n")
val p = let infix 6 ++ in (fn (op ++) => 1 ++ 2) (fn (x, y) => x - y) end
val _ = print (Int.toString p ^ "\n")
