(* local declarations hiding helpers and state, local exceptions and
   datatypes, shadowing across local/let, and a module-like counter and
   stack implemented with local *)
local
  val counter = ref 0
  fun bump k = (counter := !counter + k; !counter)
in
  fun next () = bump 1
  fun skip n = bump n
  fun current () = !counter
end
val _ = (next (); next (); skip 10; next ())
val _ = print (Int.toString (current ()) ^ "\n")
local
  exception StackEmpty
  val items : int list ref = ref []
in
  fun push x = items := x :: !items
  fun pop () = case !items of [] => raise StackEmpty | x :: rest => (items := rest; x)
  fun popOr d = pop () handle StackEmpty => d
  fun depth () = length (!items)
end
val _ = (push 1; push 2; push 3)
val p1 = pop ()
val p2 = popOr 0
val p3 = popOr 0
val p4 = popOr ~1
val _ = print (String.concatWith " " (map Int.toString [p1, p2, p3, p4, depth ()]) ^ "\n")
val _ = (pop (); print "popped\n") handle e => print ("raised " ^ exnName e ^ "\n")
local
  datatype suit = Hearts | Spades
  fun suitName Hearts = "hearts" | suitName Spades = "spades"
in
  val cards = map (fn (n, s) => Int.toString n ^ " of " ^ suitName s) [(1, Hearts), (12, Spades)]
end
val _ = app (fn c => print (c ^ "\n")) cards
val x = 1
local val x = x + 10 in val y = x * 2 end
val _ = print (Int.toString x ^ " " ^ Int.toString y ^ "\n")
local
  fun helper 0 acc = acc
    | helper n acc = helper (n - 1) (acc * n)
in
  fun fact n = helper n 1
  val fact5 = helper 5 1
end
val _ = print (Int.toString (fact 10) ^ " " ^ Int.toString fact5 ^ "\n")
val z = let
          local val a = 3 in val b = a * a end
          val c = b + 1
        in b + c end
val _ = print (Int.toString z ^ "\n")
local
  val secret = "hidden"
in
  local
    val twice = secret ^ secret
  in
    val reveal = fn () => String.size twice
  end
end
val _ = print (Int.toString (reveal ()) ^ "\n")
fun make () =
  let exception Local of int
      fun thrower n = raise Local n
      fun catcher f = (f (); 0) handle Local n => n
  in (thrower, catcher) end
val (t1, c1) = make ()
val (t2, c2) = make ()
val _ = print (Int.toString (c1 (fn () => t1 5)) ^ "\n")
val _ = print (Int.toString (c1 (fn () => t2 6) handle _ => ~6) ^ "\n")
val _ = pop ()
