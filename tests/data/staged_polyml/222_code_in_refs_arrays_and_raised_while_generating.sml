(* Code kept in refs and arrays and built in a while loop, exceptions
   raised while generating (caught at some levels and not others) and
   inside generated code, polymorphic code used at three types, two levels
   of code with a handler in the inner one, and 300 nested generators. *)
fun pr s = print (s ^ "\n")
exception Stop of int
(* code values kept in refs and arrays, built in a while loop *)
val store : [int -> int] list ref = ref []
val i = ref 0
val _ = while !i < 5 do
  (let cogen k = lift (!i) in store := (code (fn x => x * k + k)) :: !store end; i := !i + 1)
fun compose [] = code (fn x => x)
  | compose (c :: cs) = let cogen f = c cogen g = compose cs in code (fn x => g (f x)) end
val _ = pr (Int.toString (eval (compose (!store)) 1))
val arr : [string] Array.array = Array.tabulate (4, fn j => let cogen s = lift (Int.toString j) in code (s ^ s) end)
val _ = pr (String.concat (Array.foldr (fn (c, acc) => eval c :: acc) [] arr))
(* exceptions raised while generating *)
fun gen 0 = raise Stop 0
  | gen n = if n mod 4 = 0 then (let cogen r = gen (n - 1) in code (r + 1) end handle Stop k => let cogen kk = lift k in code (kk - 100) end)
            else let cogen r = gen (n - 1) in code (r * 2) end
val _ = pr (Int.toString (eval (gen 9)))
val _ = (eval (gen 3); pr "none") handle Stop k => pr ("stopped " ^ Int.toString k)
(* exception raised inside generated code, caught outside eval *)
val bad : [int -> int] = code (fn x => if x > 2 then raise Stop x else x)
val _ = pr (String.concatWith "," (map (fn x => Int.toString (eval bad x) handle Stop k => "S" ^ Int.toString k) [1, 2, 3, 4]))
(* polymorphic code *)
val idc : ['a -> 'a] = code (fn x => x)
val _ = pr (Int.toString (eval idc 3) ^ eval idc "s" ^ Bool.toString (eval idc true))
fun twice (c : ['a -> 'a]) : ['a -> 'a] = let cogen f = c in code (fn x => f (f x)) end
val _ = pr (eval (twice (code (fn s => s ^ "!"))) "hi" ^ Int.toString (eval (twice (twice (code (fn n => n * 3)))) 1))
(* nested code levels with handlers at each *)
val lvl : [[int -> int]] = code (let cogen inner = code (fn x => (x div (x - 5)) handle Div => ~1) in code (fn y => inner y + 1) end)
val f3 = eval (eval lvl)
val _ = pr (String.concatWith " " (map (Int.toString o f3) [4, 5, 6, 10]))
(* lifting data structures built by list functions *)
val tbl = List.tabulate (6, fn k => (k, Int.toString (k * k)))
val lk : [int -> string] = let cogen t = lift tbl in code (fn k => case List.find (fn (a, _) => a = k) t of SOME (_, s) => s | NONE => "?") end
val _ = pr (String.concat (map (eval lk) [0, 3, 5, 9]))
val stages = ref 0
fun deep 0 = code 0 | deep n = (stages := !stages + 1; let cogen d = deep (n - 1) cogen m = lift n in code (d + m) end)
val _ = pr (Int.toString (eval (deep 300)) ^ " " ^ Int.toString (!stages))
