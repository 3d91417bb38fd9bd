(* Handlers that re-raise, raise other exceptions, and run effects on the
   way out; the last one escapes the program. *)
exception Retry of int
exception Give of string
val log = ref [] : string list ref
fun note s = log := s :: !log
fun dump () = (print (String.concatWith " > " (rev (!log)) ^ "\n"); log := [])
fun attempt n = if n < 3 then (note ("try" ^ Int.toString n); raise Retry n) else (note "ok"; n)
fun loop n = attempt n handle Retry k => (note ("retry" ^ Int.toString k); loop (k + 1))
val _ = print (Int.toString (loop 0) ^ "\n")
val _ = dump ()
fun cleanup f = (f () handle e => (note ("cleanup " ^ exnName e); raise e))
val _ = (cleanup (fn () => raise Give "a")) handle Give s => note ("caught " ^ s)
val _ = dump ()
val _ = (cleanup (fn () => cleanup (fn () => raise Div))) handle Div => note "div at top"
val _ = dump ()
(* a handler whose own body raises: the outer handler sees the new one *)
val _ = ((raise Retry 1) handle Retry _ => raise Give "from handler") handle Give s => note s | Retry _ => note "wrong"
val _ = dump ()
(* the handler doesn't catch what its own body raises *)
val r = (((raise Retry 1) handle Retry 1 => raise Retry 2 | Retry 2 => 22)) handle Retry n => n * 100
val _ = print (Int.toString r ^ "\n")
(* handle binds tighter than sequence: which part is guarded *)
val _ = (note "a"; raise Div; note "b") handle Div => note "handled"
val _ = dump ()
(* a handler inside a loop keeps looping *)
val i = ref 0
val _ = while !i < 5 do ((if !i mod 2 = 0 then raise Retry (!i) else note ("odd" ^ Int.toString (!i))) handle Retry k => note ("even" ^ Int.toString k); i := !i + 1)
val _ = dump ()
(* exceptions crossing a let with a local exception of the same name *)
exception Clash
fun inner () = let exception Clash in raise Clash end
val _ = (inner () handle Clash => note "outer Clash caught it") handle _ => note "a different Clash"
val _ = dump ()
(* re-raising keeps the argument *)
val _ = (((raise Give "payload") handle e => raise e) handle Give s => note s)
val _ = dump ()
(* a wildcard handler after specific ones *)
fun classify f = (f (); "none") handle Retry _ => "retry" | Give _ => "give" | Div => "div" | _ => "other"
val _ = print (String.concatWith "," (map classify [fn () => raise Retry 0, fn () => raise Give "", fn () => ignore (1 div 0), fn () => ignore (hd []), fn () => ()]) ^ "\n")
val _ = print "escaping\n"
val _ = cleanup (fn () => raise Give "uncaught") handle Retry _ => ()
