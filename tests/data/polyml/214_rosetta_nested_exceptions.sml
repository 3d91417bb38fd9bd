(* After the Rosetta Code task "Exceptions/Catch an exception thrown in a
   nested call" (https://rosettacode.org/wiki/Exceptions/Catch_an_exception_thrown_in_a_nested_call):
   foo calls bar twice, bar calls baz, baz raises U0 the first time and U1
   the second; foo catches only U0, so the program dies of U1. Written with
   a counter in a ref, as the Standard ML entry does, plus the task
   "Exceptions" (declaring, raising with a value, handling). *)

exception U0
exception U1

val calls = ref 0

fun baz () =
  (calls := !calls + 1;
   print ("baz call " ^ Int.toString (!calls) ^ "\n");
   if !calls = 1 then raise U0 else raise U1)

fun bar () = (print "bar\n"; baz ())

fun foo () =
  let
    fun attempt i =
      (bar (); print "not reached\n")
      handle U0 => print ("foo caught U0 on attempt " ^ Int.toString i ^ "\n")
  in
    attempt 1;
    attempt 2
  end

(* The "Exceptions" task: an exception carrying a value, re-raised. *)
exception MyException of string * int

fun risky n =
  if n > 3 then raise MyException ("too big", n)
  else n * 10

fun safe n =
  risky n
  handle MyException (msg, v) =>
           (print ("caught: " ^ msg ^ " " ^ Int.toString v ^ "\n"); ~1)

val results = map safe [1, 2, 5, 3, 9]
val _ = print (String.concatWith " " (map Int.toString results) ^ "\n")

fun rethrow n =
  risky n handle e as MyException (_, v) =>
    if v > 5 then raise e else 0

val _ = print (Int.toString (rethrow 4) ^ "\n")
val _ = print (Int.toString (rethrow 8) ^ "\n")
        handle MyException (m, _) => print ("re-raised: " ^ m ^ "\n")

(* handlers see the exceptions of expressions evaluated in their scope only *)
val r = (fn () => raise U0) handle U0 => (fn () => ())
val _ = (r (); print "unreachable\n") handle U0 => print "raised after the handler was left\n"

val _ = foo ()
val _ = print "not reached either\n"
