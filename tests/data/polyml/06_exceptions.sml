(* Exceptions: generative local exceptions, re-raising, values in lists, Fail *)
fun p s = print (s ^ "\n")
exception A
exception B of int
exception C of string * int
fun name A = "A" | name (B n) = "B " ^ Int.toString n | name (C (s, n)) = "C " ^ s ^ Int.toString n
  | name (Fail s) = "Fail " ^ s | name Div = "Div" | name Overflow = "Overflow"
  | name Subscript = "Subscript" | name Match = "Match" | name Bind = "Bind" | name _ = "other"
val exns = [A, B 1, C ("x", 2), Fail "msg", Div, Overflow, Subscript, Empty]
val _ = p (String.concat (map (fn e => name e ^ "; ") exns))
fun run e = (raise e) handle ex => name ex
val _ = p (String.concat (map (fn e => run e ^ "|") exns))
(* generativity: each call creates a distinct exception *)
fun make () = let exception E in (fn () => (raise E) : unit, fn f => (f (); "none") handle E => "mine") end
val (r1, c1) = make ()
val (r2, c2) = make ()
val _ = p (c1 r1 ^ " " ^ c2 r2 ^ " " ^ (c1 r2 handle _ => "escaped"))
(* handlers re-raise what they do not match, in order *)
fun layered n =
  ((if n = 0 then raise A else if n = 1 then raise B 7 else if n = 2 then raise Fail "two" else n)
   handle A => 100)
  handle B k => 200 + k
val _ = p (Int.toString (layered 0) ^ " " ^ Int.toString (layered 1) ^ " " ^ Int.toString (layered 5))
val _ = p (Int.toString (layered 2) handle Fail s => "escaped Fail " ^ s)
fun reraise f = f () handle e => (print "cleanup; "; raise e)
val _ = p ((reraise (fn () => raise C ("r", 9))) handle C (s, n) => "caught " ^ s ^ Int.toString n)
val _ = p (Int.toString (1 + (raise B 3) handle B n => n * 10))
fun depth 0 = raise B 0 | depth n = (depth (n - 1) handle B k => raise B (k + 1))
val _ = p (depth 50 handle B k => "depth " ^ Int.toString k)
val _ = p (case B 5 of B 5 => "const arg" | _ => "no")
fun eqExn (A, A) = true | eqExn (B x, B y) = x = y | eqExn _ = false
val _ = p (if eqExn (B 2, B 2) andalso not (eqExn (A, B 1)) then "match ok" else "match bad")
val h = (fn x => x div 0) handle Div => (fn x => x)
val _ = p (Int.toString (h 3) handle Div => "Div later")
val _ = p (let val x = 5 in if x > 3 then raise Fail "let" else "no" end handle Fail m => m)
val _ = (raise C ("end", 0)) handle A => ()
