(* A bank and warehouse simulation: accounts in an array of refs, a
   transaction log, exceptions for business errors, and an audit. *)

exception InsufficientFunds of int * int     (* account, shortfall *)
exception NoSuchAccount of int
exception Frozen of string
exception OutOfStock of string * int

datatype txn =
    Deposit of int * int
  | Withdraw of int * int
  | Transfer of int * int * int
  | Freeze of int
  | Interest of int            (* per mille, applied to every open account *)

datatype status = Open | FrozenAcct

val maxAccounts = 8
val balances = Array.array (maxAccounts, 0)
val owners = Array.array (maxAccounts, "")
val statuses = Array.array (maxAccounts, Open)
val nextId = ref 0
val log = ref [] : string list ref

fun note s = log := s :: !log

fun openAccount (name, initial) =
  let val id = !nextId
  in
    if id >= maxAccounts then raise Fail "bank full" else ();
    Array.update (balances, id, initial);
    Array.update (owners, id, name);
    nextId := id + 1;
    note ("open " ^ name ^ " #" ^ Int.toString id);
    id
  end

fun check id =
  if id < 0 orelse id >= !nextId then raise NoSuchAccount id
  else case Array.sub (statuses, id) of
         FrozenAcct => raise Frozen (Array.sub (owners, id))
       | Open => ()

fun apply txn =
  case txn of
    Deposit (id, amt) =>
      (check id; Array.update (balances, id, Array.sub (balances, id) + amt))
  | Withdraw (id, amt) =>
      let val () = check id
          val bal = Array.sub (balances, id)
      in if bal < amt then raise InsufficientFunds (id, amt - bal)
         else Array.update (balances, id, bal - amt)
      end
  | Transfer (from, to, amt) =>
      (* check the destination first so a failed transfer changes nothing *)
      (check to; apply (Withdraw (from, amt)); apply (Deposit (to, amt)))
  | Freeze id => (check id; Array.update (statuses, id, FrozenAcct))
  | Interest pm =>
      Array.modifyi (fn (i, b) => if i < !nextId andalso Array.sub (statuses, i) = Open
                                  then b + b * pm div 1000 else b) balances

fun describe txn =
  case txn of
    Deposit (i, a) => "deposit " ^ Int.toString a ^ " to #" ^ Int.toString i
  | Withdraw (i, a) => "withdraw " ^ Int.toString a ^ " from #" ^ Int.toString i
  | Transfer (f, t, a) => "transfer " ^ Int.toString a ^ " #" ^ Int.toString f ^ "->#" ^ Int.toString t
  | Freeze i => "freeze #" ^ Int.toString i
  | Interest pm => "interest " ^ Int.toString pm ^ "/1000"

fun process txns =
  let
    val ok = ref 0 and failed = ref 0
    fun one t =
      ((apply t; ok := !ok + 1; note ("ok: " ^ describe t))
       handle InsufficientFunds (id, short) =>
                (failed := !failed + 1;
                 note ("FAIL " ^ describe t ^ ": #" ^ Int.toString id ^ " short by " ^ Int.toString short))
            | NoSuchAccount id =>
                (failed := !failed + 1; note ("FAIL " ^ describe t ^ ": no account " ^ Int.toString id))
            | Frozen who =>
                (failed := !failed + 1; note ("FAIL " ^ describe t ^ ": " ^ who ^ " is frozen")))
  in List.app one txns; (!ok, !failed) end

fun total () = Array.foldl op+ 0 balances

val alice = openAccount ("alice", 1000)
val bob = openAccount ("bob", 250)
val carol = openAccount ("carol", 0)
val dave = openAccount ("dave", 5000)

val before_ = total ()
val (ok, failed) = process [
  Deposit (alice, 200), Withdraw (bob, 300), Transfer (dave, carol, 1200),
  Transfer (carol, bob, 100), Withdraw (carol, 2000), Deposit (9, 10),
  Freeze bob, Deposit (bob, 1), Transfer (alice, bob, 50), Transfer (bob, alice, 50),
  Interest 25, Withdraw (dave, 3800), Withdraw (dave, 1), Transfer (alice, alice, 600)
]
val () = List.app (fn s => print (s ^ "\n")) (rev (!log))
val () = print ("ok " ^ Int.toString ok ^ ", failed " ^ Int.toString failed ^ "\n")
val () = Array.appi (fn (i, b) =>
           if i < !nextId then
             print (StringCvt.padRight #" " 6 (Array.sub (owners, i)) ^
                    StringCvt.padLeft #" " 8 (Int.toString b) ^
                    (case Array.sub (statuses, i) of FrozenAcct => "  (frozen)" | Open => "") ^ "\n")
           else ()) balances
val () = print ("total before " ^ Int.toString before_ ^ ", after " ^ Int.toString (total ()) ^ "\n")

(* --- Inventory: an association list of stock behind a ref, orders as lists --- *)
val stock = ref [("widget", 10), ("gadget", 3), ("gizmo", 0), ("doohickey", 7)]

fun available item =
  case List.find (fn (n, _) => n = item) (!stock) of
    SOME (_, k) => k
  | NONE => raise OutOfStock (item, 0)

fun take (item, k) =
  let val have = available item
  in if have < k then raise OutOfStock (item, have)
     else stock := map (fn (n, q) => if n = item then (n, q - k) else (n, q)) (!stock)
  end

(* An order is all or nothing: on failure the old stock is restored. *)
fun fulfil (customer, lines) =
  let val saved = !stock
  in
    (List.app take lines;
     print (customer ^ ": shipped " ^
            String.concatWith ", " (map (fn (n, k) => Int.toString k ^ " " ^ n) lines) ^ "\n"))
    handle OutOfStock (item, have) =>
      (stock := saved;
       print (customer ^ ": cannot ship, " ^ item ^ " has " ^ Int.toString have ^ "\n"))
  end

val () = app fulfil [
  ("ann", [("widget", 4), ("gadget", 1)]),
  ("ben", [("widget", 4), ("gadget", 3)]),
  ("cid", [("doohickey", 7), ("widget", 6)]),
  ("dot", [("gizmo", 1)]),
  ("eve", [("sprocket", 2)]),
  ("fay", [("widget", 6), ("doohickey", 7)])
]
val () = print (String.concatWith "; " (map (fn (n, k) => n ^ "=" ^ Int.toString k) (!stock)) ^ "\n")

(* Restocking by a loop with while and before. *)
val rounds = ref 0
val () = while available "widget" < 20 do
           (stock := map (fn (n, q) => if n = "widget" then (n, q + 3) else (n, q)) (!stock);
            rounds := !rounds + 1)
val () = print ("restocked widgets in " ^ Int.toString (!rounds) ^ " rounds to "
                ^ Int.toString (available "widget" before print "(checked) ") ^ "\n")
(* A transfer from a frozen account escapes all handlers. *)
val () = apply (Transfer (bob, alice, 1))
