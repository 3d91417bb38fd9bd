(* Ported from MLton's regression suite, regression/array6.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * Array with ArraySlice for the old Array.extract/copy, and a bubble sort
 * whose comparison is a parameter bound as `op <` (then used infix);
 * one assertion fails on purpose, one with a reversed order too. *)
fun assert (msg,b) =
   (if b then ()
    else print ("assertion failed: " ^ msg ^ "\n"))

local
   val sub = Array.sub
   val update = Array.update
   val length = Array.length
   val a0 = Array.array (0,())
   val a1 = Array.array (100,1)
   val a2 = Array.fromList [0,1,2]
   val a3 = Array.tabulate (13, fn x => x)
   val _ = update (a3,11,9)
   val v1 = ArraySlice.vector (ArraySlice.slice (a3, 0, NONE))
   val v2 = ArraySlice.vector (ArraySlice.slice (a3, 1, SOME 3))
   val a4 = Array.array (10,47)
   val _ = ArraySlice.appi (fn (i, x) => update (a4, 1 + i, x)) (ArraySlice.slice (a3, 10, SOME 3))
   val a5 = Array.array (100, 0)
   val _ = ArraySlice.appi (fn (i,_) => update (a5,i,i)) (ArraySlice.slice (a5, 0, NONE))
   val _ =
      List.app assert
      [("Array.length 0", length a0 = 0),
       ("Array.length 1", length a1 = 100),
       ("Array.length 2", length a2 = 3),
       ("Array.length 3", length a3 = 13),
       ("Array.sub 1", sub (a1, 50) = 1),
       ("Array.sub 2", sub (a2, 2) = 2),
       ("Array.sub 3a", sub (a3, 10) = 10),
       ("Array.sub 3b", sub (a3, 11) = 9),
       ("Vector.length 1", Vector.length v1 = 13),
       ("Vector.length 2", Vector.length v2 = 3),
       ("Vector.sub 1", sub (a4, 1) = sub (a3, 10)),
       ("Vector.sub 2", sub (a4, 2) = sub (a3, 11)),
       ("Vector.sub 3", sub (a4, 3) = sub (a3, 12)),
       ("Vector.sub 4", sub (a5, 50) = 50),
       ("deliberate", sub (a5, 50) = 51)]

   fun swap (a,i,j) =
      let val t = sub (a,i)
      in update (a, i, sub (a,j)) ;
	 update (a, j, t)
      end
   
   fun bubbleSort (a, op <) =
      let val n = length a
	 fun loop i =
	    if i = n
	       then ()
	    else (let
		     fun loop j =
			if j = 0
			   then ()
			else if sub (a,j) < sub (a,j-1)
				then (swap (a,j,j-1) ; loop (j-1))
			     else ()
		  in loop i
		  end ;
		     loop (i+1))
      in loop 0
      end

   fun isSorted (a, op <=) =
      let
	 val max = length a - 1
	 fun loop i =
	    i = max orelse (sub (a, i) <= sub (a, i + 1)
			    andalso loop (i + 1))
      in loop 0
      end

   val size = 300
   val a = Array.tabulate (size, fn i => size - i)
   val _ = bubbleSort (a, op <)
   val _ = assert ("bubbleSort", isSorted (a, op <=))
   val _ = assert ("bubbleSort desc", isSorted (a, op >=))
   val b = Array.tabulate (size, fn i => Int.toString i)
   val _ = bubbleSort (b, op >)
   val _ = assert ("bubbleSort strings", isSorted (b, op >=))
   val _ = print (Array.sub (b, 0) ^ " " ^ Array.sub (b, size - 1) ^ "\n")
in
end
