(* A bank simulation: accounts in an association list of refs, exceptions
   carrying values, handlers that log and re-raise. *)
exception Insufficient of string * int * int
exception NoAccount of string
exception Frozen of string
exception AuditFailed of int

datatype account = Acct of string * int ref * bool ref

val accounts : account list ref = ref []
val log : string list ref = ref []
fun note s = log := s :: !log

fun find name =
    let fun go [] = raise NoAccount name
          | go ((a as Acct (n, _, _)) :: rest) = if n = name then a else go rest
    in go (!accounts) end

fun openAccount (name, initial) =
    (accounts := Acct (name, ref initial, ref false) :: !accounts;
     note ("open " ^ name ^ " " ^ Int.toString initial))

fun balance name = let val Acct (_, b, _) = find name in !b end

fun deposit (name, amt) =
    let val Acct (_, b, frozen) = find name in
      if !frozen then raise Frozen name
      else if amt <= 0 then raise Fail ("bad deposit " ^ Int.toString amt)
      else (b := !b + amt; note ("deposit " ^ name ^ " " ^ Int.toString amt))
    end

fun withdraw (name, amt) =
    let val Acct (_, b, frozen) = find name in
      if !frozen then raise Frozen name
      else if !b < amt then raise Insufficient (name, !b, amt)
      else (b := !b - amt; note ("withdraw " ^ name ^ " " ^ Int.toString amt))
    end

fun transfer (from, to, amt) =
    (withdraw (from, amt);
     deposit (to, amt) handle e => (deposit (from, amt); note "rollback"; raise e))

fun freeze name = let val Acct (_, _, f) = find name in f := true end

fun total () = foldl (fn (Acct (_, b, _), s) => s + !b) 0 (!accounts)

fun attempt desc f =
    (f (); print ("ok: " ^ desc ^ "\n"))
    handle Insufficient (n, have, want) =>
             print ("refused: " ^ desc ^ " (" ^ n ^ " has " ^ Int.toString have
                    ^ ", needs " ^ Int.toString want ^ ")\n")
         | NoAccount n => print ("refused: " ^ desc ^ " (no account " ^ n ^ ")\n")
         | Frozen n => print ("refused: " ^ desc ^ " (" ^ n ^ " is frozen)\n")

val _ = openAccount ("alice", 100)
val _ = openAccount ("bob", 50)
val _ = openAccount ("carol", 0)
val start = total ()

val _ = attempt "alice pays bob 30" (fn () => transfer ("alice", "bob", 30))
val _ = attempt "bob pays carol 100" (fn () => transfer ("bob", "carol", 100))
val _ = attempt "carol pays dave 1" (fn () => transfer ("carol", "dave", 1))
val _ = attempt "bob pays dave 10" (fn () => transfer ("bob", "dave", 10))
val _ = freeze "carol"
val _ = attempt "alice pays carol 5" (fn () => transfer ("alice", "carol", 5))
val _ = attempt "carol withdraws" (fn () => withdraw ("carol", 0))
val _ = attempt "bob deposits -5" (fn () => deposit ("bob", ~5))
  handle Fail m => print ("escaped attempt: " ^ m ^ "\n")

fun report () =
    app (fn Acct (n, b, f) => print ("  " ^ StringCvt.padRight #" " 6 n ^ StringCvt.padLeft #" " 6 (Int.toString (!b))
                                     ^ (if !f then " (frozen)" else "") ^ "\n"))
        (rev (!accounts))
val _ = report ()

fun audit () =
    let val t = total () in
      if t <> start then raise AuditFailed (t - start) else print ("audit ok: " ^ Int.toString t ^ "\n")
    end
val _ = audit ()

(* interest with a counter of failures, nested handlers *)
fun applyInterest rate =
    let
      val failures = ref 0
      fun one (Acct (n, b, _)) =
          (deposit (n, !b * rate div 100))
          handle Frozen _ => failures := !failures + 1
               | Fail _ => (note ("nothing to pay " ^ n); failures := !failures + 1)
    in
      app one (!accounts);
      !failures
    end
val fails = applyInterest 10
val _ = print ("interest failures: " ^ Int.toString fails ^ "\n")
val _ = report ()

val _ = print ("log (" ^ Int.toString (length (!log)) ^ " entries):\n")
val _ = app (fn s => print ("  " ^ s ^ "\n")) (rev (!log))
val _ = print ("exception names: " ^ String.concatWith ", "
                 (map exnName [Insufficient ("x", 1, 2), NoAccount "y", AuditFailed 3, Overflow, Fail "z"]) ^ "\n")
val _ = audit ()
