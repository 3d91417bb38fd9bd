(* Array/Vector iteration orders: modifyi, foldri, appi, findi; traced *)
fun say s = print (s ^ "\n")
val a = Array.tabulate (5, fn i => (print ("t" ^ Int.toString i ^ " "); i * 10))
val _ = say ""
val _ = Array.modifyi (fn (i, x) => (print ("m" ^ Int.toString i ^ " "); x + i)) a
val _ = say ""
val s = Array.foldri (fn (i, x, acc) => (print ("r" ^ Int.toString i ^ " "); acc ^ Int.toString x ^ ";")) "" a
val _ = say s
val s = Array.foldli (fn (i, x, acc) => (print ("l" ^ Int.toString i ^ " "); acc ^ Int.toString x ^ ";")) "" a
val _ = say s
val s = Array.foldr (fn (x, acc) => x :: acc) [] a
val _ = say (String.concatWith "," (map Int.toString s))
val s = Array.foldl (fn (x, acc) => x :: acc) [] a
val _ = say (String.concatWith "," (map Int.toString s))
val _ = Array.appi (fn (i, x) => print (Int.toString i ^ "=" ^ Int.toString x ^ " ")) a
val _ = say ""
val _ = Array.modify (fn x => x * 2) a
val _ = Array.app (fn x => print (Int.toString x ^ " ")) a
val _ = say ""
val _ = say (case Array.findi (fn (i, x) => (print ("f" ^ Int.toString i ^ " "); x > 30)) a of SOME (i, x) => Int.toString i ^ ":" ^ Int.toString x | NONE => "NONE")
val _ = say (case Array.find (fn x => x > 1000) a of SOME x => Int.toString x | NONE => "NONE")
val _ = say (Bool.toString (Array.exists (fn x => x = 42) a) ^ Bool.toString (Array.all (fn x => x mod 2 = 0) a))
val v = Array.vector a
val _ = Array.update (a, 0, 999)
val _ = say (Int.toString (Vector.sub (v, 0)) ^ " " ^ Int.toString (Array.sub (a, 0)))
val v2 = Vector.mapi (fn (i, x) => (print ("vm" ^ Int.toString i ^ " "); i + x)) v
val _ = say ""
val _ = say (Int.toString (Vector.foldri (fn (i, x, acc) => (print ("vr" ^ Int.toString i ^ " "); acc * 2 + x)) 0 v2))
val _ = say (Int.toString (Vector.foldli (fn (i, x, acc) => acc * 2 + x) 0 v2))
val b = Array.array (7, 0)
val _ = Array.app (fn x => print (Int.toString x ^ " ")) b
val _ = say ""
val _ = Array.app (fn x => print (Int.toString x ^ " ")) b
val _ = say ""
val _ = say (case Array.collate Int.compare (a, b) of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER")
val _ = say (Int.toString (Vector.length (Vector.concat [v, v2, Vector.fromList []])))
val _ = say (String.concatWith " " (Vector.foldr (fn (x, l) => Int.toString x :: l) [] (Vector.update (v, 1, ~1))))
val _ = Vector.appi (fn (i, x) => print (Int.toString (i * x) ^ " ")) (Vector.tabulate (4, fn i => i + 1))
val _ = say ""
val a0 = Array.fromList ([] : int list)
val _ = say (Int.toString (Array.foldri (fn (_, x, acc) => x + acc) 5 a0))
val _ = Array.modifyi (fn _ => raise Fail "no") a0
val _ = say "empty ok"
val _ = (Array.modifyi (fn (i, x) => if i = 2 then raise Fail "stop" else x + 1) a) handle Fail s => say s
val _ = Array.app (fn x => print (Int.toString x ^ " ")) a
val _ = say ""
