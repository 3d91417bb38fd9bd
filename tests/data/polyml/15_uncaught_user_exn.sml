(* An uncaught user exception carrying a value escapes through handlers
   that do not match it *)
exception Parse of string * int
exception Other
fun digit c = if c >= #"0" andalso c <= #"9" then ord c - ord #"0" else raise Parse (implode [c], 0)
fun number s =
  let fun go ([], n, _) = n
        | go (c :: cs, n, pos) = go (cs, n * 10 + (digit c handle Parse (t, _) => raise Parse (t, pos)), pos + 1)
  in go (explode s, 0, 0) end
val _ = print (Int.toString (number "12345") ^ "\n")
val _ = print ((Int.toString (number "12a45")) handle Parse (t, p) => "bad " ^ t ^ " at " ^ Int.toString p ^ "\n")
val _ = print (Int.toString (number "9") handle Other => "other\n")
fun guarded f = f () handle Other => 0 | Div => 1
val _ = print (Int.toString (guarded (fn () => 10 div 0)) ^ "\n")
val _ = print (Int.toString (guarded (fn () => raise Other)) ^ "\n")
val _ = print (Int.toString (guarded (fn () => number "77")) ^ "\n")
val _ = print "about to fail\n"
val _ = guarded (fn () => number "7x")
val _ = print "unreached\n"
