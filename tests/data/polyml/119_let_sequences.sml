(* let bodies with ; sequences, nested lets, shadowing inside lets, while
   loops with several refs, and the value of a sequence *)
fun sumTo n =
  let val i = ref 0
      val s = ref 0
  in
    while !i < n do (i := !i + 1; s := !s + !i);
    !s
  end
val _ = print (Int.toString (sumTo 100) ^ "\n")
val r = ref 0
val x = (r := 5; r := !r * 2; !r + 1)
val _ = print (Int.toString x ^ "\n")
fun trace msg v = (print (msg ^ "\n"); v)
val y =
  let val a = trace "a" 1
      val b = trace "b" 2
  in
    trace "body1" ();
    let val a = a + b
    in trace "inner" (); a * 10 end;
    trace "body2" (a + b)
  end
val _ = print (Int.toString y ^ "\n")
fun digits n =
  let val n = ref (abs n)
      val acc = ref []
  in
    if !n = 0 then [0]
    else (while !n > 0 do (acc := !n mod 10 :: !acc; n := !n div 10); !acc)
  end
val _ = print (String.concatWith "," (map Int.toString (digits 90210)) ^ " " ^ String.concatWith "," (map Int.toString (digits 0)) ^ "\n")
fun bubble (a : int array) =
  let
    val n = Array.length a
    val swapped = ref true
    val passes = ref 0
  in
    while !swapped do
      (swapped := false;
       passes := !passes + 1;
       let val i = ref 0 in
         while !i < n - 1 do
           (if Array.sub (a, !i) > Array.sub (a, !i + 1) then
              let val t = Array.sub (a, !i) in
                Array.update (a, !i, Array.sub (a, !i + 1));
                Array.update (a, !i + 1, t);
                swapped := true
              end
            else ();
            i := !i + 1)
       end);
    !passes
  end
val arr = Array.fromList [5, 1, 4, 2, 8, 0]
val p = bubble arr
val _ = print ("passes " ^ Int.toString p ^ ": " ^ String.concatWith " " (map Int.toString (Array.foldr op:: [] arr)) ^ "\n")
val z = let val (a, b) = (3, 4) val c = a * b ; val d = c + 1 in (print "in let\n"; d) end
val _ = print (Int.toString z ^ "\n")
val u = (print "unit sequence\n"; ())
val w = let in 7 end
val _ = print (Int.toString w ^ "\n")
fun countdown 0 = print "liftoff\n"
  | countdown n = (print (Int.toString n ^ " "); countdown (n - 1))
val _ = countdown 5
