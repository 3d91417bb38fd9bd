(* Arrays and vectors through the basis: Array.foldl/foldr/foldli,
   appi, modify/modifyi, copying by hand into another array, Array.vector,
   Vector.fromList/tabulate/sub/map/foldl/concat/length, findi-like
   searches written by hand, a histogram, a circular buffer, and
   Subscript and Size at the edges. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showA a = "[" ^ String.concatWith " " (Array.foldr (fn (x, acc) => pi x :: acc) [] a) ^ "]"
fun showV v = "#[" ^ String.concatWith " " (Vector.foldr (fn (x, acc) => pi x :: acc) [] v) ^ "]"

val a = Array.tabulate (8, fn i => (i * 7) mod 11)
val _ = pr ("a = " ^ showA a ^ ", length " ^ pi (Array.length a))
val _ = pr ("foldl sum " ^ pi (Array.foldl op + 0 a) ^ ", foldl as list " ^ String.concatWith "," (map pi (Array.foldl op :: [] a)))
val _ = pr ("foldli weighted " ^ pi (Array.foldli (fn (i, x, acc) => acc + i * x) 0 a))
val _ = Array.appi (fn (i, x) => if x > 6 then pr ("  a[" ^ pi i ^ "] = " ^ pi x) else ()) a
val _ = Array.modify (fn x => x * 2) a
val _ = pr ("doubled " ^ showA a)
val _ = Array.modifyi (fn (i, x) => x - i) a
val _ = pr ("minus index " ^ showA a)
val b = Array.array (12, 0)
fun copyInto (src, dst, at) = Array.appi (fn (i, x) => Array.update (dst, at + i, x)) src
val _ = copyInto (a, b, 2)
val _ = pr ("copied at 2 " ^ showA b)
val _ = pr ("copied at 5: " ^ ((copyInto (a, b, 5); showA b) handle Subscript => "Subscript after " ^ showA b))
val _ = pr ("find > 10: " ^ (case Array.find (fn x => x > 10) a of SOME x => pi x | NONE => "none")
            ^ ", findi even index odd value: " ^ (case Array.findi (fn (i, x) => i mod 2 = 0 andalso x mod 2 = 1) a of SOME (i, x) => pi i ^ ":" ^ pi x | NONE => "none"))
val _ = pr ("exists 0: " ^ Bool.toString (Array.exists (fn x => x = 0) a) ^ ", all >= 0: " ^ Bool.toString (Array.all (fn x => x >= 0) a))

val v = Array.vector a
val _ = Array.update (a, 0, 999)
val _ = pr ("vector is a copy: " ^ showV v ^ " vs " ^ showA a)
val w = Vector.fromList [1, 2, 3]
val _ = pr ("vectors: " ^ showV (Vector.map (fn x => x * x) w) ^ " " ^ showV (Vector.tabulate (4, fn i => 10 - i))
            ^ " " ^ showV (Vector.concat [w, Vector.fromList [], w]) ^ " len " ^ pi (Vector.length w))
val _ = pr ("Vector.sub 2: " ^ pi (Vector.sub (w, 2)) ^ ", sub 3: " ^ (pi (Vector.sub (w, 3)) handle Subscript => "Subscript"))
val _ = pr ("Vector.foldli: " ^ pi (Vector.foldli (fn (i, x, acc) => acc + i * x) 0 w) ^ ", mapi: " ^ showV (Vector.mapi (fn (i, x) => i - x) w))
val _ = pr ("vector equality: " ^ Bool.toString (w = Vector.fromList [1, 2, 3]) ^ " " ^ Bool.toString (w = Vector.tabulate (3, fn i => i)))

(* histogram of digit frequencies *)
val hist = Array.array (10, 0)
val _ = app (fn c => if Char.isDigit c then let val d = ord c - ord #"0" in Array.update (hist, d, Array.sub (hist, d) + 1) end else ())
            (explode "3.14159265358979323846264338327950288419716939937510")
val _ = Array.appi (fn (d, n) => pr ("  " ^ pi d ^ " " ^ CharVector.tabulate (n, fn _ => #"*"))) hist

(* a circular buffer of capacity 4 *)
val buf = Array.array (4, 0)
val head = ref 0
val count = ref 0
fun push x = (Array.update (buf, (!head + !count) mod 4, x);
              if !count < 4 then count := !count + 1 else head := (!head + 1) mod 4)
fun contents () = List.tabulate (!count, fn i => Array.sub (buf, (!head + i) mod 4))
val _ = app push [1, 2, 3]
val _ = pr ("buffer " ^ String.concatWith " " (map pi (contents ())))
val _ = app push [4, 5, 6]
val _ = pr ("buffer " ^ String.concatWith " " (map pi (contents ())) ^ ", raw " ^ showA buf)

val _ = pr ("Array.array ~1: " ^ ((showA (Array.array (Array.length a - 9, 0))) handle Size => "Size"))
val _ = pr ("Array.sub ~1: " ^ ((pi (Array.sub (a, Array.length a - 9))) handle Subscript => "Subscript"))
val _ = pr ("empty: " ^ showA (Array.fromList []) ^ " " ^ showV (Vector.fromList []))
val _ = pr ("update past end: " ^ ((Array.update (a, 8, 0); "ok") handle Subscript => "Subscript"))
