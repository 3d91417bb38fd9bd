(* An exception raised inside a handler is not caught by that handler;
   handlers further out see it; the last one escapes every handler and
   ends the program, with a local exception's name *)
fun p s = print (s ^ "\n")
exception First
exception Second of string
val _ = p ((raise First) handle First => "first handled")
val _ = p (((raise First) handle First => raise Second "from handler") handle Second s => "outer caught " ^ s)
val _ = p ((((raise First) handle First => raise First) handle Second _ => "wrong") handle First => "First re-raised in handler, caught outside")
fun guarded f = f () handle Second s => "guarded " ^ s
val _ = p (guarded (fn () => raise Second "a"))
val _ = p (guarded (fn () => (raise First) handle First => raise Second "b"))
val _ = p ((guarded (fn () => raise First)) handle First => "First passes guarded")
fun escape () = let exception Local of int in (raise Local 3) handle Local n => raise Local (n + 1) end
val _ = p ((escape (); "no") handle _ => "local escaped")
val _ = p "escaping for real"
val _ = escape ()
val _ = p "unreached"
