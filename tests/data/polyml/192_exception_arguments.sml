(* Exceptions carrying values across handlers: arguments that are tuples,
   lists, functions, refs, options and other exceptions; handlers that
   match on the argument's shape and let others through; generative
   exceptions (a declaration evaluated twice makes two exceptions);
   exception aliases; re-raising the same packet; exceptions raised in
   arguments, in handlers and in `before`; Bind and Match with their
   order of evaluation. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Pair of int * string
exception Many of int list
exception Fn of int -> int
exception Cell of int ref
exception Wrapped of exn
exception Opt of string option

fun describe e =
    case e of
        Pair (0, s) => "Pair zero " ^ s
      | Pair (n, "x") => "Pair x " ^ pi n
      | Pair (n, s) => "Pair " ^ pi n ^ " " ^ s
      | Many [] => "Many empty"
      | Many [x] => "Many one " ^ pi x
      | Many (x :: _ :: rest) => "Many from " ^ pi x ^ " with " ^ pi (length rest) ^ " more after two"
      | Fn f => "Fn giving " ^ pi (f 10)
      | Cell r => (r := !r + 1; "Cell now " ^ pi (!r))
      | Wrapped inner => "Wrapped (" ^ describe inner ^ ")"
      | Opt NONE => "Opt none"
      | Opt (SOME s) => "Opt " ^ s
      | Div => "Div"
      | _ => "other " ^ exnName e

val shared = ref 0
val () = app (fn e => pr (describe e))
             [Pair (0, "a"), Pair (3, "x"), Pair (~4, "q"), Many [], Many [7], Many [1, 2, 3, 4],
              Fn (fn n => n * n), Cell shared, Cell shared, Wrapped (Wrapped (Pair (1, "x"))),
              Opt NONE, Opt (SOME "yes"), Div, Overflow, Fail "f"]
val () = pr ("shared after two Cell handlers: " ^ pi (!shared))

(* handlers pass on what they do not match; the first matching one takes it *)
fun layered e =
    ((((raise e) handle Pair (n, _) => n) handle Many xs => length xs) handle Fn f => f 1)
    handle Wrapped _ => ~1
val () = pr ("layered: " ^ String.concatWith " " (map (pi o layered) [Pair (5, ""), Many [1, 1], Fn (fn x => x + 41), Wrapped Div]))
val () = pr ("layered lets Div out: " ^ ((pi (layered Div)) handle Div => "Div escaped"))

(* generative exceptions: each call declares a new one *)
fun makeExn () = let exception Local of int in (fn n => Local n, fn e => case e of Local n => SOME n | _ => NONE) end
val (raise1, catch1) = makeExn ()
val (raise2, catch2) = makeExn ()
fun opt NONE = "NONE" | opt (SOME n) = "SOME " ^ pi n
val () = pr ("own: " ^ opt (catch1 (raise1 4)) ^ ", other: " ^ opt (catch1 (raise2 4)) ^ ", second own: " ^ opt (catch2 (raise2 9)))
val () = pr ("name of a local exception: " ^ exnName (raise1 0))

(* aliases are the same exception *)
exception Alias = Pair
val () = pr ((raise Alias (2, "via alias")) handle Pair (n, s) => "caught Pair " ^ pi n ^ " " ^ s)
val () = pr ((raise Pair (3, "direct")) handle Alias (n, s) => "caught Alias " ^ pi n ^ " " ^ s)

(* re-raising keeps the argument; a handler that raises another exception *)
val log = ref ([] : string list)
fun note s = log := s :: !log
fun reraiser f = f () handle e => (note ("saw " ^ exnName e); raise e)
val () = pr ((reraiser (fn () => reraiser (fn () => raise Many [9, 8, 7])); "none") handle Many xs => "outer got " ^ pi (foldl op+ 0 xs))
val () = pr ("log: " ^ String.concatWith ", " (rev (!log)))
val () = pr ((raise Pair (1, "a")) handle Pair (n, _) => (raise Many [n, n]) handle Many xs => "handler's raise reaches outer: " ^ pi (length xs))

(* evaluation order: arguments left to right, the raise of an argument stops the rest *)
val () = log := []
fun t s v = (note s; v)
val () = pr ((ignore (t "a" 1 + (t "b" (raise Pair (7, "mid")) + t "c" 3)); "none") handle Pair (n, s) => s ^ " " ^ pi n)
val () = pr ("order: " ^ String.concatWith " " (rev (!log)))
val () = log := []
val () = pr (pi ((t "first" 10 before note "after") handle _ => 0) ^ " " ^ String.concatWith " " (rev (!log)))
val () = pr (((t "x" 1 before (raise Opt (SOME "from before"))); "none") handle Opt (SOME s) => s)

(* Bind and Match *)
val () = pr ((let val [a, b] = [1, 2, 3] in pi (a + b) end) handle Bind => "Bind")
val () = pr (((fn 0 => "zero") 5) handle Match => "Match")
val () = pr ((case Many [1] of Pair _ => "pair") handle Match => "Match from case")
fun partial (SOME x) = x
val () = pr (pi (partial (SOME 3)) ^ " " ^ ((pi (partial NONE)) handle Match => "Match from fun"))

(* an exception value stored and raised later, several times *)
val stored = [Pair (1, "one"), Many [2], Opt NONE]
val () = pr (String.concatWith "; " (map (fn e => (raise e) handle x => describe x) stored))
(* an exception whose argument is a function that raises *)
val () = pr ((raise Fn (fn n => raise Pair (n, "inner"))) handle Fn f => (pi (f 8) handle Pair (n, s) => s ^ " " ^ pi n))
(* finally an uncaught one with an argument *)
val () = pr "about to raise Many uncaught"
val _ = raise Many [1, 2]
