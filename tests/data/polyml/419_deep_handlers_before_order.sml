(* Exceptions through deep recursion: handlers installed at every level,
   re-raising with more information, `before` and sequencing with raises,
   a while loop left by an exception, and the order effects happen in. *)
exception Depth of int
exception Wrapped of string * exn

fun dive 0 = raise Depth 0
  | dive n = (dive (n - 1)) handle Depth k => raise Depth (k + 1)
val _ = print ("dive 100000: " ^ ((dive 100000; "none") handle Depth k => Int.toString k) ^ "\n")

fun sumWithHandlers [] = 0
  | sumWithHandlers (x :: xs) = (x + sumWithHandlers xs) handle Overflow => ~1
val _ = print ("sum 1..100000 = " ^ Int.toString (sumWithHandlers (List.tabulate (100000, fn i => i + 1))) ^ "\n")

fun search p [] = raise Empty
  | search p (x :: xs) = if p x then x else search p xs
fun wrapped name f x = f x handle e => raise Wrapped (name, e)
val _ = print ((Int.toString (wrapped "search" (search (fn x => x > 10)) [1, 5, 20, 30]))
               handle Wrapped (n, e) => n ^ " failed with " ^ exnName e)
val _ = print "\n"
val _ = print ((Int.toString (wrapped "outer" (wrapped "inner" (search (fn x => x > 100))) [1, 5]))
               handle Wrapped (n, Wrapped (m, e)) => n ^ "/" ^ m ^ " failed with " ^ exnName e
                    | Wrapped (n, e) => n ^ " failed with " ^ exnName e)
val _ = print "\n"

val trace = ref ([] : string list)
fun say s = trace := s :: !trace
fun step name v = (say name; v)
val r = (step "a" 1 + step "b" 2) * step "c" 3 before say "after"
val _ = print ("r = " ^ Int.toString r ^ ", order " ^ String.concatWith "," (rev (!trace)) ^ "\n")
val _ = trace := []
val r2 = ((step "left" 10) div (step "right" 0)) handle Div => (say "handler"; ~1)
val _ = print ("r2 = " ^ Int.toString r2 ^ ", order " ^ String.concatWith "," (rev (!trace)) ^ "\n")
val _ = trace := []
val pair = (step "first" 1, (step "second" 2; raise Fail "mid"; step "third" 3)) handle Fail m => (say m; (0, 0))
val _ = print ("pair " ^ Int.toString (#1 pair) ^ ", order " ^ String.concatWith "," (rev (!trace)) ^ "\n")

exception Break of int
fun firstSquareAbove limit =
    let val i = ref 0 in
      (while true do (i := !i + 1; if !i * !i > limit then raise Break (!i) else ()); 0)
      handle Break k => k
    end
val _ = print ("first square above 1000: " ^ Int.toString (firstSquareAbove 1000) ^ "\n")

fun nestedHandlers n =
    let
      fun level 0 = raise Fail "bottom"
        | level k =
          (if k mod 3 = 0 then (level (k - 1)) handle Fail m => raise Fail (m ^ "<" ^ Int.toString k)
           else level (k - 1))
    in level n handle Fail m => m end
val _ = print (nestedHandlers 10 ^ "\n")

fun retry (0, _) = "gave up"
  | retry (n, f) = f n handle Fail _ => retry (n - 1, f)
val _ = print (retry (5, fn k => if k > 2 then raise Fail "again" else "succeeded at " ^ Int.toString k) ^ "\n")
val _ = print (retry (3, fn _ => raise Fail "never") ^ "\n")

val cleanup = ref 0
fun withCleanup f = (f () before cleanup := !cleanup + 1) handle e => (cleanup := !cleanup + 10; raise e)
val _ = print (Int.toString (withCleanup (fn () => 5)) ^ " cleanup " ^ Int.toString (!cleanup) ^ "\n")
val _ = (withCleanup (fn () => raise Depth 7); ()) handle Depth d => print ("depth " ^ Int.toString d ^ " cleanup " ^ Int.toString (!cleanup) ^ "\n")
val _ = print (exnName (Wrapped ("x", Div)) ^ " " ^ exnName (Depth 3) ^ "\n")
val _ = withCleanup (fn () => dive 50000)
