(* Subscript from Array.sub, Array.update, String.sub, Vector.sub,
   List.nth, String.substring and String.extract, each caught; a ring
   buffer whose bounds checks rely on Subscript; an index walk whose
   handler logs and re-raises. At the end a matrix lookup fails inside a
   handler that re-raises, and nothing outside handles it: the program
   ends with an uncaught Subscript. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun attempt name f = pr (name ^ ": " ^ (f () handle Subscript => "Subscript"))

val arr = Array.fromList [10, 20, 30]
val minusOne = ~ (length [arr])
val vec = Vector.fromList ["a", "b"]
val _ = attempt "Array.sub 2" (fn () => pi (Array.sub (arr, 2)))
val _ = attempt "Array.sub 3" (fn () => pi (Array.sub (arr, 3)))
val _ = attempt "Array.sub ~1" (fn () => pi (Array.sub (arr, minusOne)))
val _ = attempt "Array.update 3" (fn () => (Array.update (arr, 3, 0); "updated"))
val _ = attempt "String.sub" (fn () => str (String.sub ("hello", 4)) ^ " then " ^ str (String.sub ("hello", 5)))
val _ = attempt "Vector.sub" (fn () => Vector.sub (vec, 1) ^ Vector.sub (vec, 2))
val _ = attempt "List.nth 2" (fn () => pi (List.nth ([1, 2, 3], 2)))
val _ = attempt "List.nth 3" (fn () => pi (List.nth ([1, 2, 3], 3)))
val _ = attempt "List.nth ~1" (fn () => pi (List.nth ([1, 2, 3], ~1)))
val _ = attempt "List.take" (fn () => pi (length (List.take ([1, 2], 3))))
val _ = attempt "List.drop" (fn () => pi (length (List.drop ([1, 2], 2))))
val _ = attempt "substring ok" (fn () => String.substring ("abcdef", 2, 3))
val _ = attempt "substring long" (fn () => String.substring ("abcdef", 4, 3))
val _ = attempt "extract" (fn () => String.extract ("abcdef", 6, NONE) ^ "|" ^ String.extract ("abcdef", 7, NONE))
val _ = attempt "Array.array ~1" (fn () => pi (Array.length (Array.array (~1, 0))) handle Size => "Size")

(* a ring buffer *)
val capacity = 4
val ring = Array.array (capacity, 0)
val start = ref 0
val count = ref 0
fun push x = (Array.update (ring, (!start + !count) mod capacity, x);
              if !count < capacity then count := !count + 1 else start := (!start + 1) mod capacity)
fun nth i = if i >= !count then raise Subscript else Array.sub (ring, (!start + i) mod capacity)
fun contents () = List.tabulate (!count, nth)
val _ = List.app push [1, 2, 3, 4, 5, 6]
val _ = pr ("ring: " ^ String.concatWith " " (map pi (contents ())) ^ ", nth 4: " ^ (pi (nth 4) handle Subscript => "Subscript"))

(* scanning until the index runs off the end *)
fun sumUntilEnd (a, i) = Array.sub (a, i) + sumUntilEnd (a, i + 1) handle Subscript => 0
val _ = pr ("sumUntilEnd: " ^ pi (sumUntilEnd (Array.fromList [1, 2, 3, 4, 5], 0)))
fun lengthByProbe s = let fun go i = (ignore (String.sub (s, i)); go (i + 1)) handle Subscript => i in go 0 end
val _ = pr ("lengthByProbe: " ^ pi (lengthByProbe "probing") ^ " " ^ pi (lengthByProbe ""))

(* a 2-D grid as an array of rows; access logs and re-raises *)
val grid = Array.tabulate (3, fn r => Array.tabulate (4, fn c => r * 10 + c))
val accessLog : (int * int) list ref = ref []
fun at (r, c) =
    Array.sub (Array.sub (grid, r), c)
    handle Subscript => (accessLog := (r, c) :: !accessLog; raise Subscript)
fun showLog () = String.concatWith " " (map (fn (r, c) => "(" ^ pi r ^ "," ^ pi c ^ ")") (rev (!accessLog)))
val _ = pr ("at (2,3) = " ^ pi (at (2, 3)))
val _ = pr ("at (3,0) = " ^ (pi (at (3, 0)) handle Subscript => "out"))
val _ = pr ("at (0,4) = " ^ (pi (at (0, 4)) handle Subscript => "out"))
val total = foldl (fn ((r, c), acc) => acc + (at (r, c) handle Subscript => 0)) 0 [(0, 0), (1, 1), (5, 5), (2, 2)]
val _ = pr ("total " ^ pi total ^ ", log " ^ showLog ())
fun diagonal k = if k < 0 then 0 else at (k, k) + diagonal (k - 1)
val _ = pr ("diagonal 2 = " ^ pi (diagonal 2))
val _ = pr ("diagonal 3 = " ^ pi (diagonal 3))
val _ = pr "not reached"
