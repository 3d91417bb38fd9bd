(* Exception constructors met again under another name (exception E = F),
   shadowed by a new declaration, or made afresh by each call: handlers and
   matches must tell them apart by identity, not by name. *)
exception Stop of int
exception Halt
exception Pair of string * int
exception Again = Stop
exception Wrapped of string * exn

fun classify thunk =
  thunk () handle Stop 0 => "stop zero"
                | Halt => "halt"
                | Again n => "again " ^ Int.toString n
                | Pair ("k", _) => "pair k"
                | Pair (s, n) => "pair " ^ s ^ Int.toString n
                | Wrapped (_, Halt) => "wrapped halt"
                | Wrapped (why, _) => "wrapped " ^ why
                | _ => "something else"

val outcomes =
  map classify
    [fn () => raise Stop 0, fn () => raise Again 0, fn () => raise Stop 7,
     fn () => raise Halt, fn () => raise Pair ("k", 1), fn () => raise Pair ("z", 2),
     fn () => raise Wrapped ("w", Halt), fn () => raise Wrapped ("v", Stop 1),
     fn () => raise Empty, fn () => "no exception"]
val _ = app (fn s => print (s ^ "\n")) outcomes

(* shadowing: the old Halt lives on as Old *)
exception Old = Halt
exception Halt
fun which Halt = "new"
  | which Old = "old"
  | which _ = "neither"
val _ = print (which Halt ^ " " ^ which Old ^ " " ^ which Empty ^ "\n")

(* a fresh exception per call *)
fun fresh () =
  let exception Mine of int
  in (Mine, fn Mine n => SOME n | _ => NONE) end
val (mkA, isA) = fresh ()
val (mkB, isB) = fresh ()
fun show NONE = "none" | show (SOME n) = Int.toString n
val _ = print (show (isA (mkA 1)) ^ " " ^ show (isA (mkB 2)) ^ " "
               ^ show (isB (mkB 3)) ^ " " ^ show (isB (mkA 4)) ^ "\n")

(* a handler that re-raises through an alias *)
fun depth 0 = raise Again 0
  | depth n = (depth (n - 1)) handle Stop k => raise Stop (k + 1)
val _ = print ((Int.toString (depth 5) handle Again k => "unwound " ^ Int.toString k) ^ "\n")
val _ = print (exnName (Stop 1) ^ " " ^ exnName Halt ^ "\n")
