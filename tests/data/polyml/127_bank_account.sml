(* bank accounts as closures over refs: deposits, withdrawals with an
   exception carrying the shortfall, transfers that roll back, a history log *)
exception Insufficient of int
exception Frozen of string
exception InvalidAmount of int
datatype account = Account of string * int ref * bool ref * string list ref
fun open' (name, initial) = Account (name, ref initial, ref false, ref ["open " ^ Int.toString initial])
fun log (Account (_, _, _, h)) msg = h := msg :: !h
fun balance (Account (_, b, _, _)) = !b
fun deposit (acct as Account (name, b, frozen, _)) amount =
  if !frozen then raise Frozen name
  else if amount <= 0 then raise InvalidAmount amount
  else (b := !b + amount; log acct ("deposit " ^ Int.toString amount))
fun withdraw (acct as Account (name, b, frozen, _)) amount =
  if !frozen then raise Frozen name
  else if amount <= 0 then raise InvalidAmount amount
  else if amount > !b then raise Insufficient (amount - !b)
  else (b := !b - amount; log acct ("withdraw " ^ Int.toString amount))
fun transfer (from, to) amount =
  (withdraw from amount;
   deposit to amount handle e => (deposit from amount; log from "rollback"; raise e))
fun freeze (Account (_, _, f, _)) = f := true
fun report (acct as Account (name, _, _, h)) =
  print (name ^ ": " ^ Int.toString (balance acct) ^ " [" ^ String.concatWith "; " (rev (!h)) ^ "]\n")
val alice = open' ("alice", 100)
val bob = open' ("bob", 20)
fun attempt what f =
  (f (); print (what ^ ": ok\n"))
  handle Insufficient n => print (what ^ ": short by " ^ Int.toString n ^ "\n")
       | Frozen who => print (what ^ ": " ^ who ^ " is frozen\n")
       | InvalidAmount n => print (what ^ ": invalid amount " ^ Int.toString n ^ "\n")
val _ = attempt "deposit 50" (fn () => deposit alice 50)
val _ = attempt "withdraw 500" (fn () => withdraw bob 500)
val _ = attempt "transfer 30" (fn () => transfer (alice, bob) 30)
val _ = attempt "deposit -5" (fn () => deposit bob ~5)
val _ = freeze bob
val _ = attempt "transfer to frozen" (fn () => transfer (alice, bob) 10)
val _ = attempt "withdraw frozen" (fn () => withdraw bob 1)
val _ = report alice
val _ = report bob
val total = foldl (fn (a, s) => s + balance a) 0 [alice, bob]
val _ = print ("total " ^ Int.toString total ^ "\n")
fun makeCounter () = let val n = ref 0 in (fn () => (n := !n + 1; !n), fn () => n := 0) end
val (tick, reset) = makeCounter ()
val _ = (tick (); tick (); tick ())
val _ = print (Int.toString (tick ()) ^ "\n")
val _ = reset ()
val _ = print (Int.toString (tick ()) ^ "\n")
val _ = withdraw alice 1000
