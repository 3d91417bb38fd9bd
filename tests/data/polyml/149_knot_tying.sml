(* recursion through refs (tying the knot), memoisation of a recursive
   function through a table in a closure, a fixpoint combinator, closures
   capturing loop state, and a cyclic structure built with refs *)
val fwd = ref (fn (_ : int) => 0)
fun fact n = if n = 0 then 1 else n * !fwd (n - 1)
val _ = fwd := fact
val _ = print (Int.toString (fact 10) ^ "\n")
fun fix f x = f (fix f) x
val fib = fix (fn self => fn n => if n < 2 then n else self (n - 1) + self (n - 2))
val _ = print (Int.toString (fib 20) ^ "\n")
fun memoize (f : (int -> int) -> int -> int) size =
  let val table = Array.array (size, NONE)
      fun g n = case Array.sub (table, n) of
                  SOME v => v
                | NONE => let val v = f g n in Array.update (table, n, SOME v); v end
  in g end
val calls = ref 0
val mfib = memoize (fn self => fn n => (calls := !calls + 1; if n < 2 then n else self (n - 1) + self (n - 2))) 91
val _ = print (Int.toString (mfib 90) ^ " with " ^ Int.toString (!calls) ^ " calls\n")
val closures = ref []
val i = ref 0
val _ = while !i < 5 do (let val k = !i in closures := (fn () => k * k) :: !closures end; i := !i + 1)
val _ = print (String.concatWith " " (map (fn f => Int.toString (f ())) (rev (!closures))) ^ "\n")
val shared = ref []
val j = ref 0
val _ = while !j < 3 do (shared := (fn () => !j) :: !shared; j := !j + 1)
val _ = print (String.concatWith " " (map (fn f => Int.toString (f ())) (!shared)) ^ "\n")
datatype node = Node of int * node option ref
fun ring n =
  let val first = Node (0, ref NONE)
      fun build (k, prev as Node (_, next)) =
        if k = n then next := SOME first
        else let val node = Node (k, ref NONE) in next := SOME node; build (k + 1, node) end
  in build (1, first); first end
fun walk (Node (v, next), steps) =
  if steps = 0 then [v]
  else case !next of
         SOME node => v :: walk (node, steps - 1)
       | NONE => [v]
val r = ring 4
val _ = print (String.concatWith " " (map Int.toString (walk (r, 10))) ^ "\n")
val evenRef = ref (fn (_ : int) => false)
fun odd 0 = false
  | odd n = !evenRef (n - 1)
val _ = evenRef := (fn 0 => true | n => odd (n - 1))
val _ = print (Bool.toString (odd 7) ^ " " ^ Bool.toString (!evenRef 10) ^ "\n")
val counter = let val c = ref 0 in fn () => (c := !c + 1; !c) end
val _ = (counter (); counter ())
val _ = print (Int.toString (counter ()) ^ "\n")
val _ = mfib 91
