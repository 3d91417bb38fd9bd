(* lift shares the value: a lifted ref or array is the very object (= on
   refs is identity), a lifted datatype holding refs keeps them, a lifted
   function keeps its captured state; words, chars, strings, options,
   tuples and nested lists come back equal. lift evaluates its argument at
   generation time, once, even if the generated code runs many times. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun back x = eval (let cogen c = lift x in code c end)
fun same (a, b) = if a = b then "=" else "<>"

val _ = pr (Word.toString (back 0wxff) ^ " " ^ Word.toString (back (Word.notb 0w0)) ^ " " ^ String.str (back #"\n" ) ^ "|" ^ back "tab\there" ^ "|")
val _ = pr (same (back (SOME [1, 2]), SOME [1, 2]) ^ same (back (NONE : int option), NONE) ^ same (back ((1, "a"), [#"x"]), ((1, "a"), [#"x"])) ^ same (back [[], [[3]]], [[], [[3]]]))
val _ = pr (same (back (~4611686018427387904), valOf Int.minInt) ^ " " ^ pi (back 4611686018427387903))

datatype acct = Acct of string * int ref
val alice = Acct ("alice", ref 100)
val deposit = let cogen a = lift alice in code (fn n => case a of Acct (_, bal) => (bal := !bal + n; !bal)) end
val dep = eval deposit
val _ = (dep 10; dep 5)
val _ = pr (case alice of Acct (n, b) => n ^ " " ^ pi (!b))
val _ = pr (case (back alice, alice) of (Acct (_, r1), Acct (_, r2)) => same (r1, r2))

(* refs compared across the stage boundary *)
val r = ref 0
val isR = eval (let cogen rc = lift r in code (fn x => x = rc) end)
val _ = pr (same (isR r, true) ^ same (isR (ref 0), true))
(* an array lifted, then updated by generated code and by ordinary code *)
val arr = Array.tabulate (4, fn i => i)
val rev4 = eval (let cogen a = lift arr in code (fn () => let val n = Array.length a
    fun sw i = if i >= n div 2 then () else let val t = Array.sub (a, i) in Array.update (a, i, Array.sub (a, n - 1 - i)); Array.update (a, n - 1 - i, t); sw (i + 1) end
    in sw 0 end) end)
val _ = rev4 ()
val _ = pr (String.concatWith " " (List.tabulate (4, fn i => pi (Array.sub (arr, i)))))
val _ = Array.update (arr, 0, 99)
val _ = rev4 ()
val _ = pr (String.concatWith " " (List.tabulate (4, fn i => pi (Array.sub (arr, i)))))
(* a lifted vector *)
val v = Vector.fromList ["p", "q", "r"]
val vg = eval (let cogen vc = lift v in code (fn i => Vector.sub (vc, i)) end)
val _ = pr (vg 0 ^ vg 2 ^ ((vg 3) handle Subscript => "!"))
(* a polymorphic function quoted by code (a value, so generalised) used at two types in generated code *)
fun pairUp x = (x, x)
val usesTwice = let cogen f = code pairUp in code (case (f 1, f "s") of ((a, b), (c, d)) => pi (a + b) ^ c ^ d) end
val _ = pr (eval usesTwice)
(* lift runs its argument once, at generation time *)
val calls = ref 0
fun stamp () = (calls := !calls + 1; !calls)
val stamped = let cogen s = lift (stamp ()) in code (fn () => s) end
val st = eval stamped
val _ = pr (pi (st ()) ^ " " ^ pi (st ()) ^ " " ^ pi (eval stamped ()) ^ " calls " ^ pi (!calls))
fun stampedEach () = let cogen s = lift (stamp ()) in code s end
val _ = pr (pi (eval (stampedEach ())) ^ " " ^ pi (eval (stampedEach ())) ^ " calls " ^ pi (!calls))
(* an exception value lifted and raised by generated code *)
exception Tagged of int
val ex = eval (let cogen e = lift (Tagged 7) in code (fn () => raise e) end)
val _ = pr ((ex (); "none") handle Tagged n => "Tagged " ^ pi n)
val _ = pr (exnName (back (Tagged 1)) ^ " " ^ exnName (back Subscript))
