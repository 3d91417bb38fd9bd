(* Refs, while loops, closures capturing refs, before, ignore, sequencing *)
fun p s = print (s ^ "\n")
val i = ref 0
val acc = ref []
val _ = while !i < 5 do (acc := !i :: !acc; i := !i + 1)
val _ = p (String.concat (map Int.toString (!acc)))
fun counter () = let val c = ref 0 in (fn () => (c := !c + 1; !c), fn () => c := 0) end
val (next, reset) = counter ()
val (next2, _) = counter ()
val a = next () val b = next () val c = next2 ()
val _ = reset ()
val d = next ()
val _ = p (String.concat (map Int.toString [a, b, c, d]))
val x = ref 10
val y = (!x before x := 20)
val _ = p (Int.toString y ^ " " ^ Int.toString (!x))
val _ = p (Int.toString (1 before ()) ^ (("a" before print "[side]") ^ "b"))
val _ = ignore (x := 5)
val _ = ignore (map (fn k => x := !x + k) [1, 2, 3])
val _ = p (Int.toString (!x))
val r1 = ref 1 val r2 = ref 1 val r3 = r1
val _ = p ((if r1 = r2 then "same" else "diff") ^ " " ^ (if r1 = r3 then "same" else "diff"))
val _ = r3 := 99
val _ = p (Int.toString (!r1))
val cells = map ref [1, 2, 3]
val _ = app (fn c => c := !c * !c) cells
val _ = p (String.concat (map (fn c => Int.toString (!c)) cells))
fun fib n = let val a = ref 0 val b = ref 1 val k = ref 0
            in while !k < n do (let val t = !a + !b in a := !b; b := t end; k := !k + 1); !a end
val _ = p (Int.toString (fib 88))
val nested = ref (ref 3)
val _ = (!nested) := 4
val _ = p (Int.toString (! (!nested)))
val count = ref 0
val _ = while (count := !count + 1; !count < 10) do ()
val _ = p (Int.toString (!count))
val log = ref ""
fun note s = log := !log ^ s
val v = (note "a"; note "b"; 3) + (note "c"; 4)
val _ = p (!log ^ Int.toString v)
val _ = log := ""
fun f (a, b) = a + b
val _ = f ((note "1"; 1), (note "2"; 2))
val _ = (fn _ => note "3") (note "4")
val _ = p (!log)
val loopExit = ref 0
val _ = (while true do (loopExit := !loopExit + 1; if !loopExit = 7 then raise Fail "stop" else ()))
        handle Fail _ => ()
val _ = p (Int.toString (!loopExit))
val u = (while false do (); ())
val _ = p (if u = () then "unit" else "?")
val z = ref (fn x => x + 1)
val _ = z := (fn x => x * 100)
val _ = p (Int.toString (!z 3))
