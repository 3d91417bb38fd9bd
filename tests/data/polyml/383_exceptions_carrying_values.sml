(* Exceptions that carry functions, refs, lists and other exceptions. *)
exception Thunk of unit -> int
exception Cell of int ref
exception Carry of exn
exception Many of (int -> int) list
exception Pair of string * exn list
val c = ref 10
fun useThunk () = (raise Thunk (fn () => !c * 2)) handle Thunk f => f ()
val _ = print (Int.toString (useThunk ()) ^ "\n")
val _ = c := 21
val _ = print (Int.toString (useThunk ()) ^ "\n")
val r = ref 1
val _ = (raise Cell r) handle Cell q => q := !q + 41
val _ = print ("shared ref: " ^ Int.toString (!r) ^ "\n")
fun unwrap (Carry e) = "Carry(" ^ unwrap e ^ ")"
  | unwrap e = exnName e
val _ = print (unwrap (Carry (Carry (Fail "deep"))) ^ "\n")
val _ = print (unwrap (Carry Div) ^ "\n")
val _ = (raise Carry Overflow) handle Carry Overflow => print "matched inner Overflow\n" | Carry _ => print "other\n"
val _ = (raise Carry (Fail "x")) handle Carry (Fail "y") => print "y\n" | Carry (Fail s) => print ("fail " ^ s ^ "\n")
val fs = [fn x => x + 1, fn x => x * 3, fn x => x - 7]
val _ = (raise Many fs) handle Many gs => print (Int.toString (foldl (fn (g, acc) => g acc) 5 gs) ^ "\n")
val _ = (raise Pair ("p", [Div, Overflow, Match, Bind, Chr, Subscript, Size, Empty, Option, Domain, Span]))
        handle Pair (s, es) => print (s ^ ": " ^ String.concatWith "," (map exnName es) ^ "\n")
(* an exception value is a first-class value: stored, compared by pattern *)
val saved = ref [Div, Fail "a"]
fun isDiv Div = true | isDiv _ = false
val _ = print (Bool.toString (List.exists isDiv (!saved)) ^ "\n")
(* generative exceptions: each call of f makes a new exception *)
fun f () = let exception Local in (Local, fn Local => true | _ => false) end
val (e1, test1) = f ()
val (e2, test2) = f ()
val _ = print (Bool.toString (test1 e1) ^ " " ^ Bool.toString (test1 e2) ^ " " ^ Bool.toString (test2 e2) ^ "\n")
val _ = print (exnName e1 ^ "\n")
(* re-raising keeps the same exception *)
fun rethrow g = g () handle e => (print ("saw " ^ exnName e ^ "\n"); raise e)
val _ = (rethrow (fn () => raise Cell r)) handle Cell q => print ("same cell " ^ Bool.toString (q = r) ^ "\n")
val _ = rethrow (fn () => raise Carry (Thunk (fn () => 3))) handle Carry (Thunk g) => print (Int.toString (g ()) ^ "\n")
(* the uncaught one, carrying a function: Poly prints its name *)
val _ = raise Thunk (fn () => 0)
