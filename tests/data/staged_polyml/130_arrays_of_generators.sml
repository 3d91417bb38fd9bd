(* Arrays of generators and generated functions: a table of generated
   piecewise-linear functions built in a loop, one slot replaced later;
   generators that read a ref when they generate (lift) and generated
   code that reads it when it runs (the ref lifted), with the ref changed
   between generation, evaluation and each call; arrays of arrays of code
   combined by a fold into one dispatcher; a generator stored in an array
   that raises when it is evaluated, caught per slot. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val scale = ref 2
(* the scale is read at generation time: baked into the code *)
fun baked (offset : int) : [int -> int] =
  let cogen k = lift (!scale) cogen b = lift offset in code (fn x => k * x + b) end
(* the ref itself is lifted: the code reads it at every call *)
fun live (offset : int) : [int -> int] =
  let cogen r = lift scale cogen b = lift offset in code (fn x => !r * x + b) end

val bakedTable = Array.tabulate (4, fn i => baked (i * 10))
val liveTable = Array.tabulate (4, fn i => live (i * 10))
val () = scale := 3
val bakedFns = Array.tabulate (4, fn i => eval (Array.sub (bakedTable, i)))
val liveFns = Array.tabulate (4, fn i => eval (Array.sub (liveTable, i)))
fun row fns x = String.concatWith " " (Array.foldr (fn (f, acc) => pi (f x) :: acc) [] fns)
val () = pr ("baked at 2: " ^ row bakedFns 1)
val () = pr ("live now 3: " ^ row liveFns 1)
val () = scale := ~1
val () = pr ("baked still: " ^ row bakedFns 1)
val () = pr ("live now ~1: " ^ row liveFns 1)
(* replacing a slot: the old generated function is unaffected *)
val () = Array.update (bakedTable, 0, baked 100)
val () = pr ("slot 0 regenerated: " ^ pi (eval (Array.sub (bakedTable, 0)) 1) ^ ", old " ^ pi (Array.sub (bakedFns, 0) 1))

(* a grid of generators, folded into one dispatcher on (row, column) *)
val grid : [int -> int] array array =
  Array.tabulate (3, fn r => Array.tabulate (3, fn c =>
    let cogen rr = lift r cogen cc = lift c in code (fn x => x * 100 + rr * 10 + cc) end))
fun dispatcher (g : [int -> int] array array) : [int * int * int -> int] =
  Array.foldri (fn (r, rowArr, acc) =>
    Array.foldri (fn (c, cell, acc2) =>
      let cogen f = cell cogen rest = acc2 cogen rr = lift r cogen cc = lift c
      in code (fn (i, j, x) => if i = rr andalso j = cc then f x else rest (i, j, x)) end)
      acc rowArr)
    (code (fn (i, j, _) => raise Subscript)) g
val dispatch = eval (dispatcher grid)
val () = pr ("dispatch: " ^ String.concatWith " " (map (fn (i, j) => pi (dispatch (i, j, 7))) [(0, 0), (1, 2), (2, 1), (2, 2)]))
val () = pr ("outside: " ^ ((pi (dispatch (3, 0, 7))) handle Subscript => "Subscript"))
(* change the grid after building the dispatcher: the dispatcher keeps the old code *)
val () = Array.update (Array.sub (grid, 1), 2, code (fn x => ~x))
val () = pr ("after update: old " ^ pi (dispatch (1, 2, 7)) ^ ", rebuilt " ^ pi (eval (dispatcher grid) (1, 2, 7)))

(* generators that fail when evaluated, one per slot *)
exception Refused of int
val risky : [int] array = Array.tabulate (5, fn i =>
  if i mod 2 = 1 then let cogen j = lift i in code (raise Refused j) end else let cogen k = lift (i * i) in code k end)
val () = pr ("risky: " ^ String.concatWith " " (List.tabulate (5, fn i => (pi (eval (Array.sub (risky, i)))) handle Refused k => "refused" ^ pi k)))
(* generation-time failure inside a tabulate: nothing is stored *)
val attempt = (Array.tabulate (4, fn i => if i = 2 then raise Refused i else lift i); "built") handle Refused k => "stopped at " ^ pi k
val () = pr attempt
(* count evaluations through a ref lifted into every cell's code *)
val calls = ref 0
val counted : [int -> int] array = Array.tabulate (3, fn i => let cogen c = lift calls cogen k = lift i in code (fn x => (c := !c + 1; x + k)) end)
val fs = Array.foldr (fn (g, acc) => eval g :: acc) [] counted
val total = foldl (fn (f, acc) => f acc) 0 (fs @ fs @ fs)
val () = pr ("total " ^ pi total ^ " after " ^ pi (!calls) ^ " calls")
