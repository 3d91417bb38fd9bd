(* Size from the basis functions that allocate, caught, and the last one
   uncaught: the report names Size *)
fun try name f = print (name ^ ": " ^ ((f (); "ok") handle Size => "Size" | e => exnName e) ^ "\n")
val n = ~ (length [1, 2])
val _ = try "Array.array" (fn () => ignore (Array.array (n, 0)))
val _ = try "Array.tabulate" (fn () => ignore (Array.tabulate (n, fn i => i)))
val _ = try "Vector.tabulate" (fn () => ignore (Vector.tabulate (n, fn i => i)))
val _ = try "List.tabulate" (fn () => ignore (List.tabulate (n, fn i => i)))
val _ = try "Array.array 0" (fn () => ignore (Array.array (n + 2, 0)))
val _ = print "now uncaught\n"
val a = Array.tabulate (n, fn i => i * i)
val _ = print "not reached\n"
