(* Objects as closures over references, the message-passing style of
   SICP section 3.1 as SML courses retell it (e.g. CSE 341's lecture on
   closures, "callbacks" and mutable state): make-account with a local
   balance, a datatype of messages, exceptions for overdrafts, a callback
   registry, and counters that share or do not share state. *)

exception Insufficient of int

datatype message = Deposit of int | Withdraw of int | Balance

fun makeAccount initial =
  let
    val balance = ref initial
    val history = ref []
    fun record m = history := m :: !history
  in
    (fn Deposit n => (record ("+" ^ Int.toString n); balance := !balance + n; !balance)
      | Withdraw n =>
          if n > !balance then raise Insufficient (!balance)
          else (record ("-" ^ Int.toString n); balance := !balance - n; !balance)
      | Balance => !balance,
     fn () => rev (!history))
  end

val (acc1, hist1) = makeAccount 100
val (acc2, hist2) = makeAccount 50

val _ = print (Int.toString (acc1 (Withdraw 30)) ^ "\n")
val _ = print (Int.toString (acc1 (Deposit 45)) ^ "\n")
val _ = print (Int.toString (acc2 (Deposit 5)) ^ "\n")
val _ = print (Int.toString (acc1 (Withdraw 200)) ^ "\n")
        handle Insufficient b => print ("insufficient funds: balance " ^ Int.toString b ^ "\n")
val _ = print (String.concatWith " " (hist1 ()) ^ " / " ^ String.concatWith " " (hist2 ()) ^ "\n")

(* A "callback library" as in CSE 341: clients register functions of the event *)
val callbacks : (int -> unit) list ref = ref []
fun onKeyEvent f = callbacks := f :: !callbacks
fun onEvent i = List.app (fn f => f i) (!callbacks)

val timesPressed = ref 0
val _ = onKeyEvent (fn _ => timesPressed := !timesPressed + 1)
fun printIfPressed i =
  onKeyEvent (fn j => if i = j then print ("you pressed " ^ Int.toString i ^ "\n") else ())
val _ = printIfPressed 4
val _ = printIfPressed 11
val _ = printIfPressed 23
val _ = app onEvent [4, 23, 5, 4]
val _ = print ("pressed " ^ Int.toString (!timesPressed) ^ " times\n")

(* counters: a shared cell versus a fresh cell per call *)
val shared = let val c = ref 0 in fn () => (c := !c + 1; !c) end
fun fresh () = let val c = ref 0 in fn () => (c := !c + 1; !c) end
val f1 = fresh ()
val f2 = fresh ()
val _ = print (String.concatWith " " (map Int.toString [shared (), shared (), f1 (), f1 (), f2 (), shared ()]) ^ "\n")

(* transfer between accounts, all or nothing *)
fun transfer (from, to, n) =
  (ignore (from (Withdraw n)); ignore (to (Deposit n)); true)
  handle Insufficient _ => false
val _ = print (Bool.toString (transfer (acc1, acc2, 100)) ^ " "
               ^ Bool.toString (transfer (acc1, acc2, 500)) ^ " "
               ^ Int.toString (acc1 Balance) ^ " " ^ Int.toString (acc2 Balance) ^ "\n")

(* memoisation with a closure over an association list *)
fun memo f =
  let val table = ref [] in
    fn x => case List.find (fn (k, _) => k = x) (!table) of
                SOME (_, v) => v
              | NONE => let val v = f x in table := (x, v) :: !table; v end
  end
val calls = ref 0
val slowSquare = memo (fn x => (calls := !calls + 1; x * x))
val _ = print (Int.toString (foldl op+ 0 (map slowSquare [3, 4, 3, 3, 4, 5])) ^ " with "
               ^ Int.toString (!calls) ^ " calls\n")
val _ = acc2 (Withdraw 1000)
