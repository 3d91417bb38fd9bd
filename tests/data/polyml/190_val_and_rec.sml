(* `rec` after `and` in a val (SML '97): the bindings are simultaneous; those
   after `rec` are recursive and see each other, not the ones before *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val base = 1000
val base = 1 and rec sum = fn 0 => base | n => n + sum (n - 1)
val _ = pr (pi base ^ " " ^ pi (sum 4))

val k = 3 and rec even = fn 0 => true | n => odd (n - 1) and odd = fn 0 => false | n => even (n - 1)
val _ = pr (pi k ^ " " ^ Bool.toString (even 10) ^ " " ^ Bool.toString (odd 7))

(* in a let; the plain binding is evaluated first, the closures need nothing *)
val r =
  let
    val trace = ref []
    val a = (trace := "a" :: !trace; 2) and rec loop = fn 0 => [] | n => n :: loop (n - 1)
  in
    (a, loop 3, !trace)
  end
val _ = case r of (a, l, t) => pr (pi a ^ " " ^ String.concatWith "," (map pi l) ^ " " ^ String.concat t)

(* polymorphic recursive bindings after a plain one *)
val n = 0 and rec len = fn [] => 0 | _ :: t => 1 + len t
val _ = pr (pi (len [1, 2, 3] + len ["a"] + n))
