(* An exception declared inside a function is a new exception on each call;
   a polymorphic function's local exception may carry its type variable. *)
fun mark (x : 'a) =
  let exception Found of 'a
  in (fn () => raise Found x, fn f => (f () handle Found v => SOME v))
  end
val (raise1, catch1) = mark 1
val (raise2, catch2) = mark 2
val show = fn NONE => "NONE" | SOME n => Int.toString n
val _ = print (show (catch1 raise1) ^ "\n")
val _ = print ((show (catch1 raise2)) handle _ => "escaped\n")
val _ = print "\n"
val _ = print (show (catch2 raise2) ^ "\n")
val (raiseS, catchS) = mark "s"
val _ = print (getOpt (catchS raiseS, "?") ^ "\n")
(* recursion: each level has its own exception *)
fun levels 0 = raise Fail "bottom"
  | levels n =
      let exception Here
      in (if n mod 2 = 0 then raise Here else levels (n - 1)) handle Here => n * 10
      end
val _ = print (Int.toString (levels 5) ^ "\n")
val _ = print ((Int.toString (levels 1)) handle Fail m => m)
val _ = print "\n"
fun nested n =
  let exception Up of int
      fun go 0 = raise Up n
        | go k = go (k - 1) handle Up m => raise Up (m + k)
  in go n handle Up total => total end
val _ = print (Int.toString (nested 4) ^ "\n")
(* an exception escaping its scope can only be caught by a wildcard *)
fun leak () = let exception Secret of int in raise Secret 7 end
val _ = (leak ()) handle e => print ("escaped: " ^ exnName e ^ "\n")
(* an exception value stored in a list and raised later *)
val stored = let exception Later in [Later, Div] end
val _ = app (fn e => (raise e) handle Div => print "Div\n" | other => print (exnName other ^ "\n")) stored
val _ = raise hd stored
