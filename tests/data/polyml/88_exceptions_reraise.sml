(* Exceptions with arguments matched in handlers and re-raised: handle
   e => (cleanup; raise e), re-raise with a wrapped exception, exceptions
   carrying exceptions, handlers matching on the argument's shape, a
   retry loop, exnName of each, and order of cleanups *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
exception Io of string * int
exception Wrapped of exn * string
exception Retry of int
exception Done
val log = ref []
fun note s = log := s :: !log
fun flush label = (p (label ^ ": " ^ String.concatWith " " (rev (!log))); log := [])
fun withCleanup name f = (f () before note ("ok:" ^ name)) handle e => (note ("cleanup:" ^ name); raise e)
fun risky n = if n = 0 then raise Io ("zero", n) else if n < 0 then raise Retry (~n) else if n > 100 then raise Div else n * 2
fun layered n = withCleanup "outer" (fn () => withCleanup "inner" (fn () => risky n))
fun describe e = case e of
                   Io (s, k) => "Io(" ^ s ^ "," ^ i k ^ ")"
                 | Wrapped (inner, ctx) => "Wrapped(" ^ describe inner ^ " in " ^ ctx ^ ")"
                 | Retry k => "Retry " ^ i k
                 | Done => "Done"
                 | other => exnName other
val _ = app (fn n => (p (i (layered n))) handle e => p ("escaped " ^ describe e)) [5, 0, ~3, 200]
val _ = flush "cleanups"
(* wrapping: add context and re-raise *)
fun context ctx f = f () handle e as Wrapped _ => raise e | e => raise Wrapped (e, ctx)
val _ = app (fn n => (p (i (context "load" (fn () => context "parse" (fn () => risky n))))) handle e => p (describe e)) [1, 0, 101]
(* matching on the argument's shape, re-raising what does not fit *)
fun recover f = f () handle Io ("zero", _) => 0 | Io (s, k) => if k > 10 then k else raise Io (s ^ "!", k + 1)
val _ = p (String.concatWith " " (map (fn g => (i (recover g)) handle e => describe e)
                                   [fn () => raise Io ("zero", 9), fn () => raise Io ("x", 50), fn () => raise Io ("x", 1), fn () => raise Done, fn () => 7]))
(* a retry loop driven by exceptions carrying the remaining count *)
fun attempt k = if k < 3 then raise Retry (k + 1) else k * 100
fun retry k = attempt k handle Retry next => (note ("retry" ^ i next); retry next)
val _ = p (i (retry 0))
val _ = flush "retries"
(* an exception raised in a handler escapes that handler *)
val _ = p ((((raise Io ("a", 1)) handle Io (s, _) => raise Io (s ^ "b", 2)) handle Io (s, k) => s ^ i k))
(* exceptions stored in a list, raised and matched one by one *)
val exns = [Io ("x", 1), Wrapped (Done, "w"), Retry 3, Done, Fail "f", Wrapped (Wrapped (Div, "in"), "out"), Overflow, Subscript]
val _ = p (String.concatWith "; " (map (fn e => (raise e) handle Wrapped (Wrapped (x, a), b) => "double " ^ a ^ "/" ^ b ^ " " ^ exnName x
                                                               | Wrapped (x, c) => "single " ^ c ^ " " ^ exnName x
                                                               | Fail m => "Fail " ^ m
                                                               | x => exnName x) exns))
(* handle inside a loop: the loop continues after each handled exception *)
val total = ref 0
val _ = app (fn n => total := !total + ((100 div n) handle Div => (note ("div0@" ^ i n); 0))) [1, 0, 5, 0, 50]
val _ = flush ("total " ^ i (!total))
(* the same exception raised from nested functions at different depths *)
fun depth 0 = raise Retry 0 | depth n = 1 + depth (n - 1)
val _ = p (String.concatWith " " (map (fn n => (i (depth n)) handle Retry k => "retry@" ^ i (k + n)) [0, 1, 10, 1000]))
