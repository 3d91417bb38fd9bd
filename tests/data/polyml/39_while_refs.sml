(* while loops with refs: nested loops, early exit by exception, loops
   whose condition has effects, refs of refs, refs in data structures,
   aliasing and ref equality *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val n = ref 0
val total = ref 0
val _ = while !n < 10 do (n := !n + 1; if !n mod 2 = 0 then total := !total + !n else ())
val _ = p (i (!n) ^ " " ^ i (!total))
val rows = ref []
val r = ref 0
val _ = while !r < 3 do
          (let val c = ref 0 val acc = ref "" in
             while !c <= !r do (acc := !acc ^ i (!r * !c); c := !c + 1);
             rows := !acc :: !rows
           end; r := !r + 1)
val _ = p (String.concat (map (fn s => s ^ "|") (rev (!rows))))
exception Break of int
val k = ref 0
val found = (while true do (k := !k + 1; if !k * !k > 200 then raise Break (!k) else ()); ~1) handle Break v => v
val _ = p (i found)
val evals = ref 0
val _ = while (evals := !evals + 1; !evals < 5) do ()
val _ = p (i (!evals))
val _ = while false do p "never"
val rr = ref (ref 1)
val inner = !rr
val _ = inner := 2
val _ = rr := ref 3
val _ = p (i (!inner) ^ " " ^ i (!(!rr)))
val a = ref 5
val b = a
val c = ref 5
val _ = p ((if a = b then "a=b " else "a<>b ") ^ (if a = c then "a=c" else "a<>c") ^ (if !a = !c then " contents equal" else ""))
val _ = b := 6
val _ = p (i (!a))
datatype account = Account of string * int ref
val accts = [Account ("x", ref 10), Account ("y", ref 20)]
fun deposit (name, amt) = app (fn Account (n, bal) => if n = name then bal := !bal + amt else ()) accts
val _ = (deposit ("x", 5); deposit ("y", ~7); deposit ("z", 100))
val _ = p (String.concat (map (fn Account (n, bal) => n ^ "=" ^ i (!bal) ^ " ") accts))
val refList = ref [1, 2, 3]
val _ = refList := 0 :: !refList
val _ = refList := List.filter (fn x => x <> 2) (!refList)
val _ = p (String.concat (map i (!refList)))
fun fibs n = let val a = ref 0 val b = ref 1 val out = ref [] val k = ref 0
             in while !k < n do (out := !a :: !out; let val t = !a in a := !b; b := t + !b end; k := !k + 1); rev (!out) end
val _ = p (String.concat (map (fn x => i x ^ " ") (fibs 15)))
val x = ref 1
val _ = x := !x + 1 before x := 100
val _ = p (i (!x))
fun swap (r1, r2) = let val t = !r1 in r1 := !r2; r2 := t end
val s1 = ref "left" val s2 = ref "right"
val _ = swap (s1, s2)
val _ = p (!s1 ^ " " ^ !s2)
val _ = swap (s1, s1)
val _ = p (!s1)
val cnt = ref 0
fun tick () = (cnt := !cnt + 1; !cnt)
val t = (tick (), tick (), tick ())
val _ = p (case t of (a, b, c) => i a ^ i b ^ i c)
val u = ref ()
val _ = u := ()
val _ = p (if !u = () then "unit ref" else "?")
val digits = ref 12345
val sum = ref 0
val _ = while !digits > 0 do (sum := !sum + !digits mod 10; digits := !digits div 10)
val _ = p (i (!sum))
val collatz = ref 27
val steps = ref 0
val _ = while !collatz <> 1 do (collatz := (if !collatz mod 2 = 0 then !collatz div 2 else 3 * !collatz + 1); steps := !steps + 1)
val _ = p (i (!steps))
