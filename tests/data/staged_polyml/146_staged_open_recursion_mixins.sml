(* Staged fixed points with open recursion and mixins. The functional of a
   recursive function is generated code, `sfix` ties the knot in the
   generated code (the staged Y combinator of the MetaML/MetaOCaml
   tutorials), and wrappers in the style of Brown and Cook, "Function
   Inheritance: Monadic Memoization Mixins" (2009) - memoisation, call
   counting, a depth guard that raises - are composed at generation time,
   so the generated function has no dispatch on them. Polymorphic:
   the same sfix and wrappers serve functions of several types. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type ('a, 'b) functional = ('a -> 'b) -> 'a -> 'b
fun sfix (f : [('a, 'b) functional]) : ['a -> 'b] =
    let cogen f' = f in code (let val g = f' fun y x = g y x in y end) end   (* f' evaluated once: one memo table *)
(* a mixin: code transforming a functional *)
fun mix (w : [('a, 'b) functional -> ('a, 'b) functional]) (f : [('a, 'b) functional]) : [('a, 'b) functional] =
    let cogen w' = w cogen f' = f in code (w' f') end

val calls = ref 0
val counting = code (fn f => fn self => fn x => (calls := !calls + 1; f self x))
fun memoising () = code (fn f =>
    let val table = ref []
    in fn self => fn x => case List.find (fn (k, _) => k = x) (!table) of
                             SOME (_, v) => v
                           | NONE => let val v = f self x in table := (x, v) :: !table; v end end)
exception TooDeep of int
fun guarded (limit : int) =
    let cogen l = lift limit
    in code (fn f => let val depth = ref 0
                     in fn self => fn x => (depth := !depth + 1;
                                            if !depth > l then (depth := 0; raise TooDeep l) else ();
                                            let val v = f self x in depth := !depth - 1; v end) end) end

val fibF = code (fn self => fn n => if n < 2 then n else self (n - 1) + self (n - 2))
val lenF = code (fn self => fn l => case l of [] => 0 | _ :: t => 1 + self t)
val ackF = code (fn self => fn (m, n) => if m = 0 then n + 1 else if n = 0 then self (m - 1, 1) else self (m - 1, self (m, n - 1)))

fun report name f args show =
    let val _ = calls := 0 in pr (name ^ ": " ^ String.concatWith " " (map (fn a => show (f a)) args) ^ " calls " ^ pi (!calls)) end
val _ = report "fib plain" (eval (sfix (mix counting fibF))) [10, 15] pi
(* memo inside counting: counted calls include the memo hits *)
val _ = report "fib memo" (eval (sfix (mix counting (mix (memoising ()) fibF)))) [10, 15, 60] pi
val _ = report "fib memo outside" (eval (sfix (mix (memoising ()) (mix counting fibF)))) [10, 15, 60] pi
(* polymorphic: the same generators on lists of strings and of ints *)
val lenS = eval (sfix (mix counting lenF))
val _ = report "length" lenS [["a", "b"], [], List.tabulate (50, Int.toString)] pi
val _ = report "length ints" (eval (sfix (mix counting lenF))) [[1, 2, 3]] pi
val ack = eval (sfix (mix (memoising ()) (mix counting ackF)))
val _ = report "ackermann memo" ack [(1, 5), (2, 3), (3, 1)] pi
(* the guard raises from generated code; the handler is at stage 0 *)
val guardedFib = eval (sfix (mix (guarded 12) fibF))
val _ = pr ("guarded fib 10 = " ^ pi (guardedFib 10))
val _ = pr ("guarded fib 20: " ^ (pi (guardedFib 20) handle TooDeep l => "deeper than " ^ pi l))
val _ = pr ("guarded fib 11 after the failure = " ^ pi (guardedFib 11))
(* mixins chosen from data at generation time *)
fun stack ws f = foldr (fn (w, acc) => mix w acc) f ws
val _ = report "stacked" (eval (sfix (stack [counting, memoising (), counting] fibF))) [25] pi
