(* Exceptions that carry functions, lists, options and other exceptions;
   handlers that pattern on the argument (constants inside lists), re-raise
   the same packet or a new one, and run cleanups in order; generative
   exceptions declared inside a function (each call makes a new one);
   exnName of local and replicated exceptions. *)
fun pr s = print (s ^ "\n")
fun ints xs = "[" ^ String.concatWith "," (map Int.toString xs) ^ "]"

exception Retry of int -> int
exception Many of int list
exception Wrapped of exn * string
exception Choice of string option * int list

fun attempt n =
  if n < 0 then raise Retry (fn x => x * n)
  else if n = 0 then raise Many []
  else if n < 4 then raise Many (List.tabulate (n, fn i => i - 1))
  else if n = 10 then raise Choice (NONE, [n])
  else if n > 10 then raise Choice (SOME (Int.toString n), [n, ~n])
  else n * 2

fun run n =
  (Int.toString (attempt n))
  handle Retry f => "retry gives " ^ Int.toString (f 3)
       | Many [] => "many: empty"
       | Many [~1] => "many: just minus one"
       | Many (~1 :: 0 :: rest) => "many: from -1, rest " ^ ints rest
       | Choice (NONE, [10]) => "choice ten"
       | Choice (SOME s, x :: _) => "choice " ^ s ^ " head " ^ Int.toString x
val () = app (pr o run) [~2, 0, 1, 3, 5, 10, 12]

(* re-raise the same packet, through several handlers, counting *)
val depth = ref 0
fun layer 0 = raise Many [42]
  | layer k = (layer (k - 1)) handle e as Many (x :: _) => (depth := !depth + x; raise e)
val () = (layer 3; pr "no") handle Many xs => pr ("reraised " ^ ints xs ^ " depth " ^ Int.toString (!depth))

(* wrapping and unwrapping: the inner exception is matched by its constructor *)
fun guarded label f x = f x handle e => raise Wrapped (e, label)
fun unwrap (Wrapped (Wrapped (e, inner), outer)) = outer ^ "<" ^ inner ^ "<" ^ exnName e
  | unwrap (Wrapped (Div, l)) = l ^ ": division"
  | unwrap (Wrapped (Subscript, l)) = l ^ ": subscript"
  | unwrap (Wrapped (Fail m, l)) = l ^ ": fail " ^ m
  | unwrap e = "other " ^ exnName e
infix 1 |>
fun x |> f = f x
val tests : (unit -> int) list =
  [fn () => guarded "div" (fn x => 10 div x) 0,
   fn () => guarded "sub" (fn i => String.sub ("abc", i)) 7 |> ord,
   fn () => guarded "outer" (guarded "inner" (fn s => raise Fail s)) "boom",
   fn () => guarded "fail" (fn () => raise Fail "plain") (),
   fn () => hd [],
   fn () => 5]
val () = app (fn t => pr (Int.toString (t ()) handle e => unwrap e)) tests

(* generative exceptions: each call of `fresh` declares a new Local *)
fun fresh tag =
  let exception Local of string
  in (fn s => raise Local (tag ^ s), fn f => (f (); "escaped") handle Local s => "caught " ^ s)
  end
val (raiseA, catchA) = fresh "a"
val (raiseB, catchB) = fresh "b"
val () = pr (catchA (fn () => raiseA "1"))
val () = pr (catchA (fn () => raiseB "2") handle e => "not mine: " ^ exnName e)
val () = pr (catchB (fn () => catchA (fn () => raiseB "3")))

(* replication and exnName *)
exception Alias = Many
val () = (raise Alias [7, 8]) handle Many l => pr ("alias caught as Many " ^ ints l)
val () = pr (exnName (Retry (fn x => x)) ^ " " ^ exnName (Choice (NONE, [])) ^ " " ^ exnName Overflow)

(* handlers run cleanups innermost first; a handler that raises again *)
fun cleanup name f = (f () before pr ("done " ^ name)) handle e => (pr ("cleanup " ^ name); raise e)
val r = (cleanup "outer" (fn () => cleanup "middle" (fn () => cleanup "inner" (fn () => 1 div 0))))
        handle Div => ~1
val () = pr ("result " ^ Int.toString r)
val r2 = cleanup "ok" (fn () => 2 + 2)
val () = pr ("result " ^ Int.toString r2)

(* an exception raised while evaluating a handler's argument pattern work *)
fun lookup key [] = raise Choice (SOME key, [])
  | lookup key ((k, v) :: rest) = if k = key then v else lookup key rest
val table = [("one", 1), ("two", 2)]
fun find key = lookup key table handle Choice (SOME k, []) => (pr ("missing " ^ k); size k * ~1)
val () = pr (ints (map find ["two", "three", "one", ""]))

(* an exception value stored in a list, raised later *)
val pending = [Many [1], Fail "stored", Wrapped (Div, "w"), Retry (fn x => x + 1)]
val () = app (fn e => pr ((raise e) handle Many l => ints l | Fail m => m | Retry f => Int.toString (f 1) | other => unwrap other)) pending
