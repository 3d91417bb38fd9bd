(* Chr and Subscript; the program dies with Chr *)
fun caesar k s = implode (map (fn c => if c >= #"a" andalso c <= #"z"
                                       then chr ((ord c - ord #"a" + k) mod 26 + ord #"a") else c) (explode s))
val _ = print (caesar 3 "hello, world" ^ "\n")
val _ = print (caesar ~3 (caesar 3 "round trip") ^ "\n")
val _ = print (implode [chr 256] handle Chr => "Chr handled\n")
val _ = print (implode [Char.chr ~1] handle Chr => "Chr handled again\n")
val _ = print (implode [Char.chr 0] ^ implode [Char.chr 255] ^ "\n")
val _ = print (Int.toString (Char.ord #"\255" + ord #"\000") ^ "\n")
fun charAt (s, i) = String.sub (s, i) handle Subscript => #"?"
val _ = print (implode (map (fn i => charAt ("abc", i)) [~1, 0, 1, 2, 3]) ^ "\n")
fun shift n = implode (map (fn c => chr (ord c + n)) (explode "xyz"))
val _ = print (shift 1 ^ "\n")
val _ = print (shift 200 ^ "\n")
