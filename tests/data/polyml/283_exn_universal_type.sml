(* exn as a universal type: each call of `tag` declares a fresh exception, giving an injection
   and a projection for one type; a heterogeneous property list keyed by such tags, two tags of
   the same type that do not see each other's values, and exceptions used as dynamically
   scoped handlers registered in a table *)
fun 'a tag () : ('a -> exn) * (exn -> 'a option) =
    let exception T of 'a
    in (T, fn T x => SOME x | _ => NONE) end

val (inInt, outInt) = tag () : (int -> exn) * (exn -> int option)
val (inStr, outStr) = tag () : (string -> exn) * (exn -> string option)
val (inInt2, outInt2) = tag () : (int -> exn) * (exn -> int option)
val (inList, outList) = tag () : (int list -> exn) * (exn -> int list option)

val bag = [inInt 1, inStr "two", inInt2 3, inList [4, 5], inInt 6, Fail "seven", inStr "eight"]

fun describe v =
    case (outInt v, outStr v, outInt2 v, outList v) of
        (SOME n, _, _, _) => "int " ^ Int.toString n
      | (_, SOME s, _, _) => "string " ^ s
      | (_, _, SOME n, _) => "other int " ^ Int.toString n
      | (_, _, _, SOME l) => "list of " ^ Int.toString (length l)
      | _ => "unknown " ^ exnName v

val _ = List.app (fn v => print (describe v ^ "\n")) bag
val ints = List.mapPartial outInt bag
val _ = print ("ints: " ^ String.concatWith "," (map Int.toString ints) ^ "\n")

(* a property list: setting a property replaces the previous value of that tag only *)
type plist = exn list ref
fun newPlist () : plist = ref []
fun set (p : plist) (inj, proj) v = p := inj v :: List.filter (fn e => not (isSome (proj e))) (!p)
fun get (p : plist) (_, proj) = case List.mapPartial proj (!p) of x :: _ => SOME x | [] => NONE

val name = tag () : (string -> exn) * (exn -> string option)
val age = tag () : (int -> exn) * (exn -> int option)
val height = tag () : (int -> exn) * (exn -> int option)
val p = newPlist ()
val _ = set p name "Ada"
val _ = set p age 36
val _ = set p age 37
val _ = set p height 165
fun showOpt f NONE = "none" | showOpt f (SOME x) = f x
val _ = print ("name " ^ showOpt (fn s => s) (get p name) ^ ", age " ^ showOpt Int.toString (get p age) ^
               ", height " ^ showOpt Int.toString (get p height) ^ ", entries " ^ Int.toString (length (!p)) ^ "\n")
val q = newPlist ()
val _ = print ("fresh plist age: " ^ showOpt Int.toString (get q age) ^ "\n")

(* each evaluation of the declaration makes a new exception: a handler for one does not catch the other *)
fun makeThrower () = let exception Local of int in (fn n => raise Local n, fn f => (f () handle Local n => n)) end
val (throw1, catch1) = makeThrower ()
val (throw2, catch2) = makeThrower ()
val _ = print (Int.toString (catch1 (fn () => throw1 10)) ^ "\n")
val _ = print ((Int.toString (catch1 (fn () => throw2 20))) handle e => "escaped: " ^ exnName e ^ "\n")
val _ = print (Int.toString (catch2 (fn () => catch1 (fn () => throw2 30))) ^ "\n")

(* exceptions as messages to handlers registered by name *)
exception Stop
val handlers = ref [] : (string * (exn -> string option)) list ref
fun register (n, h) = handlers := (n, h) :: !handlers
fun dispatch e =
    case List.mapPartial (fn (n, h) => Option.map (fn r => n ^ ": " ^ r) (h e)) (rev (!handlers)) of
        [] => "unhandled " ^ exnName e
      | rs => String.concatWith "; " rs
val _ = register ("ints", Option.map Int.toString o outInt)
val _ = register ("strings", outStr)
val _ = register ("stops", fn Stop => SOME "stop" | _ => NONE)
val _ = register ("any int", fn e => case (outInt e, outInt2 e) of (SOME n, _) => SOME (Int.toString n) | (_, SOME n) => SOME (Int.toString n) | _ => NONE)
val _ = List.app (fn e => print (dispatch e ^ "\n")) [inInt 5, inInt2 6, inStr "s", Stop, Div, inList []]
