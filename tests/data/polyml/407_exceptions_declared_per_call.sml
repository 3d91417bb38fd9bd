(* Exceptions declared inside functions: carrying the type variable of
   the function, made fresh by each call (a handler of one call does not
   catch another's), one per iteration of a 10,000-step loop, wrapping
   other exceptions, re-raised with a longer message at every level. *)
fun pr s = print (s ^ "\n")
fun f (x : 'a) (g : 'a -> string) = let exception E of 'a in (raise E x) handle E y => g y end
val _ = pr (f 3 Int.toString ^ f "s" (fn s => s ^ s))
fun 'a keep (x : 'a) = let exception K of 'a * 'a list val r = ref [x] in (fn y => (r := y :: !r; raise K (y, !r))) end
val k : int -> unit = keep 1
val _ = (k 2; ()) handle _ => pr "raised"
fun catcher () =
  let exception Mine of int
      fun thrower n = raise Mine n
  in (thrower, fn f => (f () handle Mine n => n)) end
val (t1, c1) = catcher ()
val (t2, c2) = catcher ()
val _ = pr (Int.toString (c1 (fn () => t1 5)))
val _ = pr ((Int.toString (c1 (fn () => t2 6))) handle _ => "escaped")
val _ = pr ((Int.toString (c2 (fn () => t2 7))) handle _ => "escaped")
fun loop 0 acc = acc
  | loop n acc = let exception L of int in loop (n - 1) ((raise L n) handle L m => acc + m) end
val _ = pr (Int.toString (loop 10000 0))
exception Outer of exn
fun wrap e = Outer e
val _ = (raise wrap (wrap Div)) handle Outer (Outer Div) => pr "double" | Outer _ => pr "single"
val el = [Div, Overflow, Fail "a", Outer Size]
val _ = pr (String.concatWith "," (map exnName el))
fun rr n = if n = 0 then raise Fail "bottom" else (rr (n - 1) handle Fail s => raise Fail (s ^ "."))
val _ = rr 20 handle Fail s => pr s
