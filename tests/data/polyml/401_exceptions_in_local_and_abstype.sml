(* Exceptions declared in local and abstype: a hidden exception renamed
   on the way out, exceptions carrying the abstract type, a local exception
   inside the abstype converted to a result, exceptions made fresh by each
   call of a function, and a local datatype carried by a local exception. *)
local
  exception Hidden of int
  val count = ref 0
in
  fun bump n = (count := !count + n; if !count > 10 then raise Hidden (!count) else !count)
  fun safe n = bump n handle Hidden k => (count := 0; ~k)
  exception Visible = Hidden
end

val _ = print (String.concatWith " " (map (Int.toString o safe) [3, 4, 5, 6, 1, 20]) ^ "\n")
val _ = (bump 100; print "no\n") handle Visible k => print ("visible " ^ Int.toString k ^ "\n")

abstype stack = S of int list
with
  exception Empty
  exception Full of stack
  val empty = S []
  fun push (x, S l) = if length l >= 3 then raise Full (S l) else S (x :: l)
  fun pop (S []) = raise Empty
    | pop (S (x :: l)) = (x, S l)
  fun depth (S l) = length l
  local exception Inner in
    fun tryPop s = (pop s handle Empty => raise Inner) handle Inner => (~1, s)
  end
end

val s = foldl (fn (x, s) => push (x, s) handle Full t => (print ("full at " ^ Int.toString (depth t) ^ "\n"); t)) empty [1,2,3,4,5]
val (x, s') = pop s
val _ = print (Int.toString x ^ " " ^ Int.toString (depth s') ^ "\n")
val (y, _) = tryPop empty
val _ = print (Int.toString y ^ "\n")
val _ = (pop empty; ()) handle Empty => print "empty\n"

(* exceptions generated fresh each call *)
fun gen () = let exception Fresh of int in (fn n => raise Fresh n, fn f => (f () handle Fresh k => k)) end
val (r1, c1) = gen ()
val (r2, c2) = gen ()
val _ = print (Int.toString (c1 (fn () => r1 5)) ^ "\n")
val _ = print (Int.toString ((c1 (fn () => r2 7)) handle _ => 99) ^ "\n")
local
  datatype t = T of int
  exception X of t
in
  val v = (raise X (T 4)) handle X (T n) => n * 2
end
val _ = print (Int.toString v ^ "\n")
abstype 'a q = Q of 'a list * 'a list
with
  val qe = Q ([], [])
  fun enq (x, Q (f, b)) = Q (f, x :: b)
  fun deq (Q ([], [])) = NONE
    | deq (Q ([], b)) = deq (Q (rev b, []))
    | deq (Q (x :: f, b)) = SOME (x, Q (f, b))
end
fun drain q = case deq q of NONE => [] | SOME (x, q') => x :: drain q'
val _ = print (String.concat (drain (foldl enq qe ["a", "b", "c", "d"])) ^ "\n")
val _ = print (exnName Empty ^ " " ^ exnName (Full empty) ^ "\n")
