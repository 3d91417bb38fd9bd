(* Non-exhaustive matches in a small state machine for a vending
   machine: a case over (state, event) pairs covers only the expected
   combinations (compilers warn). Unexpected events raise Match, which a
   handler turns into an error state; inside that handler a second
   partial case decides the recovery, and when it too fails, Match
   escapes from the handler. The program ends with that uncaught Match. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype state = Idle | Paying of int | Vending of string | Broken of string
datatype event = Coin of int | Select of string | Refund | Kick | Service

val prices = [("tea", 60), ("coffee", 80), ("soup", 120)]
fun price item = case List.find (fn (n, _) => n = item) prices of SOME (_, p) => p | NONE => 0

fun showState Idle = "idle"
  | showState (Paying n) = "paying " ^ pi n
  | showState (Vending s) = "vending " ^ s
  | showState (Broken why) = "broken (" ^ why ^ ")"

(* the transition function: deliberately partial *)
fun step (Idle, Coin n) = Paying n
  | step (Paying n, Coin m) = Paying (n + m)
  | step (Paying n, Select item) =
      if price item > 0 andalso n >= price item then Vending item else Paying n
  | step (Paying _, Refund) = Idle
  | step (Vending _, Coin n) = Paying n
  | step (Broken _, Service) = Idle

(* recovery: also partial, only for some states *)
fun recover (Idle, ev) = Broken ("unexpected event while idle" ^ (case ev of Kick => " (kicked)" | Refund => " (refund)"))
  | recover (Vending item, _) = Broken ("interrupted while vending " ^ item)

fun safeStep (s, ev) = step (s, ev) handle Match => recover (s, ev)

fun run (name, events) =
    let val final = foldl (fn (ev, s) => safeStep (s, ev)) Idle events
    in pr (name ^ ": " ^ showState final) end
    handle Match => pr (name ^ ": no recovery")

val _ = run ("buy tea", [Coin 50, Coin 20, Select "tea"])
val _ = run ("not enough", [Coin 50, Select "soup"])
val _ = run ("refund", [Coin 10, Refund])
val _ = run ("unknown item", [Coin 100, Select "juice"])
val _ = run ("kick when idle", [Kick])
val _ = run ("refund when idle", [Refund])
val _ = run ("select while vending", [Coin 100, Select "coffee", Select "tea"])
val _ = run ("broken then serviced", [Coin 100, Select "coffee", Kick, Service, Coin 5])
val _ = run ("kick while paying", [Coin 30, Kick])
val _ = run ("select when idle", [Select "tea"])

(* the same machine traced step by step *)
fun trace s [] = pr ("  end in " ^ showState s)
  | trace s (ev :: evs) =
      let val s' = safeStep (s, ev)
      in pr ("  " ^ showState s ^ " -> " ^ showState s'); trace s' evs end
val _ = pr "trace:"
val _ = trace Idle [Coin 60, Select "tea", Select "soup", Service]
val _ = pr "trace that fails:"
val _ = trace Idle [Coin 60, Coin 60, Kick, Coin 1]
val _ = pr "not reached"
