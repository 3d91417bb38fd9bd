(* exceptions for control flow: early exit from loops and folds, handlers
   that inspect and re-raise, exception values in lists, finally-like
   cleanup with re-raise, and exception identity across functions *)
exception Found of int
exception Stop
fun findFirst p l = (app (fn x => if p x then raise Found x else ()) l; NONE) handle Found x => SOME x
val _ = print (case findFirst (fn x => x * x > 50) [3, 5, 7, 9, 11] of SOME x => Int.toString x ^ "\n" | NONE => "none\n")
val _ = print (case findFirst (fn x => x > 100) [1, 2] of SOME x => Int.toString x ^ "\n" | NONE => "none\n")
fun sumUntilNegative l =
  let val total = ref 0
  in (app (fn x => if x < 0 then raise Stop else total := !total + x) l; !total) handle Stop => !total end
val _ = print (Int.toString (sumUntilNegative [1, 2, 3, ~1, 100]) ^ " " ^ Int.toString (sumUntilNegative [4, 5]) ^ "\n")
val log = ref []
fun withCleanup name f =
  (f () before log := ("cleanup " ^ name) :: !log)
  handle e => (log := ("cleanup " ^ name ^ " after " ^ exnName e) :: !log; raise e)
val a = withCleanup "a" (fn () => 1)
val b = (withCleanup "b" (fn () => 1 div 0)) handle Div => 0
val c = (withCleanup "outer" (fn () => withCleanup "inner" (fn () => raise Fail "deep"))) handle Fail m => size m
val _ = app (fn s => print (s ^ "\n")) (rev (!log))
val _ = print (Int.toString (a + b + c) ^ "\n")
val handlers = [Div, Overflow, Fail "x", Found 3, Stop, Empty, Subscript, Option, Match, Bind, Chr, Size]
val _ = print (String.concatWith " " (map exnName handlers) ^ "\n")
fun classify e = (raise e) handle Found n => "found " ^ Int.toString n
                                | Fail s => "fail " ^ s
                                | Div => "div"
                                | _ => "other"
val _ = print (String.concatWith ", " (map classify handlers) ^ "\n")
fun retry (0, f) = f ()
  | retry (n, f) = f () handle Fail _ => retry (n - 1, f)
val attempts = ref 0
val v = retry (5, fn () => (attempts := !attempts + 1; if !attempts < 3 then raise Fail "again" else !attempts * 10))
val _ = print ("succeeded with " ^ Int.toString v ^ " after " ^ Int.toString (!attempts) ^ " attempts\n")
val attempts2 = ref 0
val _ = (retry (2, fn () => (attempts2 := !attempts2 + 1; raise Fail "always"))) handle Fail m => (print ("gave up: " ^ m ^ " after " ^ Int.toString (!attempts2) ^ "\n"); 0)
fun depth n = if n = 0 then raise Found 0 else (depth (n - 1)) handle Found k => raise Found (k + 1)
val _ = (depth 50; ()) handle Found k => print ("unwound " ^ Int.toString k ^ " handlers\n")
val _ = print ((Int.toString (valOf NONE)) handle Option => "Option raised by valOf\n")
val _ = print ((str (chr 300)) handle Chr => "Chr raised by chr\n")
val _ = print ((Int.toString (hd (tl [1]))) handle Empty => "Empty raised by hd\n")
val _ = withCleanup "last" (fn () => raise Found 42)
