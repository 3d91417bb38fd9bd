(* Exceptions escaping closures: a closure raises an exception declared
   in the function that made it, after that function has returned; the
   exception is caught by a wildcard and identified by exnName, or by a
   handler also returned by the maker. Exceptions cross the basis's
   higher-order functions (List.app, foldr, List.map, Array.app,
   Vector.map, List.find) and stop them part way; exceptions raised in a
   while loop's condition; handlers inside handlers. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun makeGuard limit =
    let exception TooBig of int
        fun check n = if n > limit then raise TooBig n else n
        fun protect f x = f x handle TooBig n => ~n
    in (check, protect) end
val (check10, protect10) : (int -> int) * ((int -> int) -> int -> int) = makeGuard 10
val (check20, protect20) : (int -> int) * ((int -> int) -> int -> int) = makeGuard 20
val _ = pr ("check10 5 = " ^ pi (check10 5))
val _ = pr ("check10 50 escapes as " ^ ((pi (check10 50)) handle e => exnName e))
val _ = pr ("protect10 check10 50 = " ^ pi (protect10 check10 50))
val _ = pr ("protect20 check10 50 = " ^ ((pi (protect20 check10 50)) handle e => "escaped: " ^ exnName e))
val _ = pr ("protect10 (protect20 check10) 50 = " ^ pi (protect10 (protect20 check10) 50))

(* stopping basis traversals part way: the effects before the raise stay *)
exception Stop of int
val seen : int list ref = ref []
fun visit x = (seen := x :: !seen; if x < 0 then raise Stop x else ())
fun showSeen () = String.concatWith "," (map pi (rev (!seen))) before seen := []
val _ = (List.app visit [1, 2, ~3, 4]) handle Stop x => pr ("List.app stopped at " ^ pi x ^ " after " ^ showSeen ())
val _ = (ignore (foldr (fn (x, a) => (visit x; a + x)) 0 [1, ~2, 3, 4])) handle Stop x => pr ("foldr stopped at " ^ pi x ^ " after " ^ showSeen ())
val _ = (ignore (foldl (fn (x, a) => (visit x; a + x)) 0 [1, ~2, 3, 4])) handle Stop x => pr ("foldl stopped at " ^ pi x ^ " after " ^ showSeen ())
val _ = (ignore (List.map (fn x => (visit x; x)) [5, 6, ~7, 8])) handle Stop x => pr ("List.map stopped at " ^ pi x ^ " after " ^ showSeen ())
val _ = (Array.app visit (Array.fromList [9, ~10, 11])) handle Stop x => pr ("Array.app stopped at " ^ pi x ^ " after " ^ showSeen ())
val _ = (ignore (Vector.map (fn x => (visit x; x)) (Vector.fromList [12, 13, ~14]))) handle Stop x => pr ("Vector.map stopped at " ^ pi x ^ " after " ^ showSeen ())
val _ = (ignore (List.find (fn x => (visit x; x > 100)) [1, 2, ~3])) handle Stop x => pr ("List.find stopped at " ^ pi x ^ " after " ^ showSeen ())
val _ = (ignore (List.filter (fn x => (visit x; true)) [7, ~8])) handle Stop x => pr ("List.filter stopped at " ^ pi x ^ " after " ^ showSeen ())
val _ = (ignore (List.tabulate (5, fn i => (visit (2 - i); i)))) handle Stop x => pr ("List.tabulate stopped at " ^ pi x ^ " after " ^ showSeen ())
val _ = (ignore (String.map (fn c => if c = #"!" then raise Stop (ord c) else Char.toUpper c) "hi!x")) handle Stop x => pr ("String.map stopped at code " ^ pi x)

(* a while loop whose condition raises *)
val queue = ref [3, 2, 1]
fun takeOne () = case !queue of [] => raise Empty | x :: rest => (queue := rest; x)
val total = ref 0
val _ = (while takeOne () > 0 do total := !total + 1) handle Empty => pr ("while condition raised Empty after " ^ pi (!total) ^ " rounds")

(* handlers inside handlers *)
exception First
exception Second of string
fun layered k =
    (case k of
         0 => raise First
       | 1 => raise Second "one"
       | _ => k)
    handle First => ((raise Second "from First handler") handle Second s => size s)
         | Second s => (raise First) handle First => ~(size s)
val _ = pr ("layered: " ^ String.concatWith " " (map (pi o layered) [0, 1, 2]))

(* a list of closures, each with its own exception, tried in turn *)
fun makeFailer name =
    let exception Mine
    in (fn () => raise Mine, fn f => (f (); name ^ " ran") handle Mine => name ^ " caught its own") end
val failers : ((unit -> unit) * ((unit -> unit) -> string)) list = map makeFailer ["a", "b", "c"]
val attempts = map (fn (_, catcher) => (catcher (#1 (hd failers))) handle _ => "escaped") failers
val _ = pr ("each catcher with a's raiser: " ^ String.concatWith "; " attempts)
val own = map (fn (raiser, catcher) => catcher raiser) failers
val _ = pr ("each catcher with its own raiser: " ^ String.concatWith "; " own)
