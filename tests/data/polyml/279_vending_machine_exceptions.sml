(* A vending machine as a state machine whose illegal transitions are exceptions: handlers
   that restore state and re-raise, a "finally" idiom built from handle and raise, exceptions
   carrying exceptions, an audit log kept in a ref, and exnName on every failure *)
datatype coin = Nickel | Dime | Quarter | Slug of int
datatype state = Idle | Paying of int | Dispensing of string * int

exception BadCoin of coin
exception SoldOut of string
exception NotEnough of int * int
exception Busy
exception Wrapped of string * exn

val state = ref Idle
val log = ref [] : string list ref
fun note s = log := s :: !log

val stock = Array.fromList [("cola", 125, 2), ("chips", 60, 1), ("gum", 35, 0)]

fun value Nickel = 5
  | value Dime = 10
  | value Quarter = 25
  | value (c as Slug _) = raise BadCoin c

fun find name =
    let fun go i = if i = Array.length stock then raise Fail ("no such item: " ^ name)
                   else let val (n, price, count) = Array.sub (stock, i)
                        in if n = name then (i, price, count) else go (i + 1) end
    in go 0 end

(* runs f, then always runs cleanup, passing on f's result or exception *)
fun finally f cleanup = (f () before cleanup ()) handle e => (cleanup (); raise e)

fun insert c =
    case !state of
        Dispensing _ => raise Busy
      | Idle => (state := Paying (value c); note ("coin " ^ Int.toString (value c)))
      | Paying n => (state := Paying (n + value c); note ("coin " ^ Int.toString (value c)))

fun select name =
    let val saved = !state
    in (case saved of
            Paying paid =>
            let val (i, price, count) = find name
            in if count = 0 then raise SoldOut name
               else if paid < price then raise NotEnough (paid, price)
               else (Array.update (stock, i, (name, price, count - 1));
                     state := Dispensing (name, paid - price);
                     note ("sold " ^ name))
            end
          | Idle => raise NotEnough (0, 0)
          | Dispensing _ => raise Busy)
       handle e => (state := saved; raise Wrapped ("select " ^ name, e))
    end

fun take () =
    case !state of
        Dispensing (item, change) => (state := Idle; note ("took " ^ item); (item, change))
      | _ => raise Fail "nothing to take"

fun refund () =
    case !state of
        Paying n => (state := Idle; note ("refund " ^ Int.toString n); n)
      | _ => 0

fun describe (BadCoin (Slug w)) = "bad coin (slug of weight " ^ Int.toString w ^ ")"
  | describe (BadCoin _) = "bad coin"
  | describe (SoldOut s) = s ^ " is sold out"
  | describe (NotEnough (p, q)) = "paid " ^ Int.toString p ^ " of " ^ Int.toString q
  | describe (Wrapped (where_, e)) = where_ ^ ": " ^ describe e
  | describe (Fail m) = "failure: " ^ m
  | describe e = "other: " ^ exnName e

fun stateStr Idle = "idle"
  | stateStr (Paying n) = "paying " ^ Int.toString n
  | stateStr (Dispensing (s, c)) = "dispensing " ^ s ^ " with change " ^ Int.toString c

fun step (label, action) =
    (action (); print (label ^ ": ok, " ^ stateStr (!state) ^ "\n"))
    handle e => print (label ^ ": " ^ describe e ^ " [" ^ exnName e ^ "], " ^ stateStr (!state) ^ "\n")

val _ = step ("select before paying", fn () => select "cola")
val _ = step ("quarter", fn () => insert Quarter)
val _ = step ("slug", fn () => insert (Slug 7))
val _ = step ("cola too early", fn () => select "cola")
val _ = step ("more coins", fn () => List.app insert [Quarter, Quarter, Dime, Dime, Quarter, Quarter, Nickel])
val _ = step ("gum", fn () => select "gum")
val _ = step ("tea", fn () => select "tea")
val _ = step ("cola", fn () => select "cola")
val _ = step ("coin while dispensing", fn () => insert Dime)
val _ = step ("take", fn () => let val (i, c) = take () in print ("  got " ^ i ^ " and " ^ Int.toString c ^ " change\n") end)
val _ = step ("take again", fn () => ignore (take ()))
val _ = step ("refund when idle", fn () => print ("  refunded " ^ Int.toString (refund ()) ^ "\n"))

(* finally: the cleanup runs on both paths, and the exception passes through unchanged *)
val cleanups = ref 0
fun guarded f = finally f (fn () => cleanups := !cleanups + 1)
val _ = step ("guarded chips", fn () => guarded (fn () => (List.app insert [Quarter, Quarter, Dime]; select "chips")))
val _ = step ("guarded chips again", fn () => guarded (fn () => (ignore (take ()); List.app insert [Quarter, Quarter, Dime]; select "chips")))
val _ = step ("guarded refund", fn () => guarded (fn () => print ("  refunded " ^ Int.toString (refund ()) ^ "\n")))
val _ = print ("cleanups run: " ^ Int.toString (!cleanups) ^ "\n")
val _ = print ("stock: " ^ String.concatWith ", " (Array.foldr (fn ((n, _, c), acc) => (n ^ "=" ^ Int.toString c) :: acc) [] stock) ^ "\n")
val _ = print ("log: " ^ String.concatWith "; " (rev (!log)) ^ "\n")
(* an exception that escapes the last step ends the program *)
val _ = guarded (fn () => select "nothing")
