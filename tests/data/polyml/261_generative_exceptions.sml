(* Generative exceptions: a local exception declaration makes a new exception each time it runs *)
fun say s = print (s ^ "\n")
fun mk () = let exception E of int in (fn n => raise E n, fn f => (f (); "none") handle E n => "caught " ^ Int.toString n) end
val (raise1, catch1) = mk ()
val (raise2, catch2) = mk ()
val _ = say (catch1 (fn () => raise1 1))
val _ = say (catch2 (fn () => raise2 2))
val _ = say ((catch1 (fn () => raise2 3)) handle _ => "escaped 3")
val _ = say ((catch2 (fn () => raise1 4)) handle _ => "escaped 4")
fun depth 0 k = k ()
  | depth n k = let exception Here in (depth (n - 1) (fn () => if n = 2 then raise Here else k ())) handle Here => (say ("caught at " ^ Int.toString n); ()) end
val _ = depth 4 (fn () => say "bottom")
exception Outer
val saved = let exception Outer in Outer end
val _ = say ((raise saved) handle Outer => "wrong" | _ => "different Outer")
val _ = say (exnName saved)
exception Alias = Outer
val _ = say ((raise Alias) handle Outer => "alias is same")
val _ = say ((raise Outer) handle Alias => "same other way")
fun gen () = let exception G in G end
val g1 = gen () val g2 = gen ()
fun same a b = ((raise a) handle e => (raise b) handle e' => false) handle _ => true
fun matches a b = (raise a) handle x => (case b of _ => false)
val _ = say (exnName g1 ^ " " ^ exnName g2)
val test = fn e => (raise e) handle Outer => "Outer" | Div => "Div" | Fail m => "Fail " ^ m | _ => "other"
val _ = app (fn e => say (test e)) [Outer, Alias, Div, Fail "x", g1, saved, Overflow]
exception Carry of exn
val _ = say ((raise Carry (Fail "inner")) handle Carry (Fail m) => "carry fail " ^ m | Carry _ => "carry other")
val _ = say ((raise Carry Div) handle Carry (Fail m) => "carry fail " ^ m | Carry e => "carry " ^ exnName e)
val exns = [Div, Overflow, Subscript, Chr, Size, Empty, Option, Match, Bind, Domain, Span, Fail "f"]
val _ = say (String.concatWith " " (map exnName exns))
val _ = say (String.concatWith " " (map test exns))
fun counter () = let val n = ref 0 exception Stop of int in fn () => (n := !n + 1; if !n > 2 then raise Stop (!n) else !n) end
val ct = counter ()
val _ = say (Int.toString (ct ()) ^ Int.toString (ct ()))
val _ = say ((Int.toString (ct ())) handle e => "stopped: " ^ exnName e)
val _ = let exception Local of string in raise Local "bye" end
