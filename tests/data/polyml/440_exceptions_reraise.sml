(* Exceptions with arguments, handlers that re-raise, wrap, or
   translate, handlers inside handlers, exnName on user and basis
   exceptions, exceptions raised from inside a handler, the order in
   which handler rules are tried, and finally-like cleanup. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Parse of string * int
exception Wrap of string * exn
exception Retry of int
exception Plain

fun describe (Parse (s, n)) = "Parse(" ^ s ^ "," ^ pi n ^ ")"
  | describe (Wrap (s, e)) = "Wrap(" ^ s ^ "," ^ describe e ^ ")"
  | describe (Retry n) = "Retry " ^ pi n
  | describe Plain = "Plain"
  | describe Div = "Div"
  | describe (Fail m) = "Fail \"" ^ m ^ "\""
  | describe e = "other " ^ exnName e

fun run name f = pr (name ^ ": " ^ (f () handle e => "raised " ^ describe e))

val _ = run "plain" (fn () => raise Plain)
val _ = run "parse" (fn () => raise Parse ("x", 3))
val _ = run "wrapped div" (fn () => (pi (10 div 0)) handle e => raise Wrap ("dividing", e))
val _ = run "rewrapped" (fn () => (raise Wrap ("inner", Plain)) handle Wrap (s, e) => raise Wrap ("outer/" ^ s, e))
val _ = run "reraise same" (fn () => (raise Retry 1) handle e as Retry _ => (pr "  saw Retry, re-raising"; raise e))
val _ = run "translate" (fn () => (hd []) handle Empty => raise Fail "empty list")
val _ = run "subscript" (fn () => pi (List.nth ([1, 2], 5)))
val _ = run "exnName" (fn () => String.concatWith " " (map exnName [Plain, Retry 2, Div, Overflow, Subscript, Fail "x", Empty, Option, Match, Bind]))

(* the first matching rule wins; a non-matching handler passes it on *)
fun classify f =
    (f (); "none")
    handle Retry 0 => "retry zero"
         | Retry n => "retry " ^ pi n
         | Parse (_, 0) => "parse at start"
         | Parse (s, _) => "parse " ^ s
val _ = pr (String.concatWith ", " (map classify [fn () => raise Retry 0, fn () => raise Retry 9, fn () => raise Parse ("a", 0),
                                                  fn () => raise Parse ("b", 2), fn () => ()]))
val _ = run "unmatched passes" (fn () => classify (fn () => raise Plain))

(* a raise inside a handler is not caught by the same handler *)
val _ = run "raise in handler" (fn () => ((raise Retry 1) handle Retry n => raise Retry (n + 1)) handle Retry n => "outer got " ^ pi n)

(* retry loop driven by an exception *)
val attempts = ref 0
fun flaky () = (attempts := !attempts + 1; if !attempts < 4 then raise Retry (!attempts) else !attempts * 10)
fun withRetry (f, max) =
    let fun go k = f () handle Retry n => if k < max then (pr ("  retry after " ^ pi n); go (k + 1)) else raise Fail "gave up"
    in go 1 end
val _ = run "retry loop" (fn () => pi (withRetry (flaky, 5)))
val _ = attempts := 0
val _ = run "retry gives up" (fn () => pi (withRetry (flaky, 2)))

(* cleanup: run a finaliser whether or not the body raises *)
val log : string list ref = ref []
fun protect (body, final) = (body () before final ()) handle e => (final (); raise e)
val _ = run "protect ok" (fn () => protect (fn () => "body ran", fn () => log := "final1" :: !log))
val _ = run "protect raise" (fn () => protect (fn () => raise Parse ("p", 7), fn () => log := "final2" :: !log))
val _ = pr ("log: " ^ String.concatWith " " (rev (!log)))

(* handler result types and sequencing *)
val v = (pr "  evaluating"; 10 div 0; 5) handle Div => (pr "  handling"; ~1)
val _ = pr ("v = " ^ pi v)
val w = let val x = (raise Retry 5) handle Retry n => n * n in x + 1 end
val _ = pr ("w = " ^ pi w)
val _ = run "Overflow wrapped" (fn () => pi (valOf Int.maxInt + 1) handle Overflow => raise Wrap ("add", Overflow))
val _ = raise Wrap ("at the end", Parse ("last", 99))
