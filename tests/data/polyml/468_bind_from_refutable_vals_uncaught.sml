(* Bind raised by val declarations whose pattern does not match: in let
   (caught by a handler around the let), inside a function called from a
   loop, with constructor, list and constant patterns; a val with a
   refutable pattern that does match works. The last top-level val does
   not match, and the program ends with an uncaught Bind. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype reply = Ok of int * string | Err of string

fun request n = if n mod 3 = 0 then Err ("rejected " ^ pi n) else Ok (n * n, "item" ^ pi n)

fun payload n =
    let val Ok (size, label) = request n
    in label ^ ":" ^ pi size end

val _ = pr ("payload 2: " ^ payload 2)
val _ = pr ("payload 3: " ^ (payload 3 handle Bind => "Bind"))
val _ = pr ("payloads: " ^ String.concatWith " " (map (fn n => payload n handle Bind => "-") [1, 2, 3, 4, 5, 6, 7]))

(* list patterns in val *)
fun firstThree xs =
    let val a :: b :: c :: _ = xs in a + b + c end
val _ = pr ("firstThree: " ^ pi (firstThree [10, 20, 30, 40]) ^ " " ^ (pi (firstThree [1, 2]) handle Bind => "Bind"))

(* constant patterns in val: an assertion *)
fun checkedDiv (a, b) =
    let val 0 = a mod b
    in a div b end
val _ = pr ("checkedDiv: " ^ pi (checkedDiv (12, 4)) ^ " " ^ (pi (checkedDiv (13, 4)) handle Bind => "inexact"))

(* nested tuple and option patterns *)
fun lookup key table =
    let val SOME (_, (v, true)) = List.find (fn (k, _) => k = key) table
    in v end
val table = [("a", (1, true)), ("b", (2, false)), ("c", (3, true))]
val _ = pr ("lookup: " ^ String.concatWith " " (map (fn k => pi (lookup k table) handle Bind => k ^ "?") ["a", "b", "c", "d"]))

(* Bind from a val inside a loop body, counted *)
val failures = ref 0
val i = ref 0
val _ = while !i < 10 do
          ((let val true = !i mod 4 <> 0 in () end handle Bind => failures := !failures + 1);
           i := !i + 1)
val _ = pr ("loop failures: " ^ pi (!failures))

(* a handler distinguishing Bind from Match *)
fun classify f = (f (); "ok") handle Bind => "Bind" | Match => "Match"
val _ = pr ("classify: " ^ classify (fn () => let val [_] = [1, 2] in () end) ^ " " ^
            classify (fn () => (fn [_] => ()) [1, 2]) ^ " " ^
            classify (fn () => let val (x, 1) = (2, 1) in ignore x end))

(* val rec and layered patterns that match *)
val whole as (first, _) = (7, "seven")
val _ = pr ("layered val: " ^ pi first ^ " " ^ #2 whole)

val Ok (n, s) = request 4
val _ = pr ("top-level val matched: " ^ pi n ^ " " ^ s)
val Ok (m, t) = request 9
val _ = pr ("not reached " ^ pi m ^ t)
