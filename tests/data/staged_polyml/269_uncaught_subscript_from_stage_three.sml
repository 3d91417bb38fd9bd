(* A two-stage lookup-table builder: stage 1 knows the table size, stage
   2 the table's contents, stage 3 the index. Indexes are checked at
   stage 2 for a few known keys; a lookup past the end of the array, in
   code generated at the second level, raises Subscript, first handled,
   then uncaught. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* tableGen n : [int list -> [int -> int]] *)
fun tableGen n =
    let cogen size = lift n
    in code (fn contents =>
               let val arr = Array.array (size, 0)
                   val _ = List.foldl (fn (v, i) => (if i < size then Array.update (arr, i, v) else (); i + 1)) 0 contents
                   cogen tbl = lift arr
               in code (fn i => Array.sub (tbl, i) * 10) end)
    end

val stage2 = eval (tableGen 4)
val squares = eval (stage2 [0, 1, 4, 9, 16, 25])
val primes = eval (stage2 [2, 3])
val _ = pr ("squares: " ^ String.concatWith " " (map (pi o squares) [0, 1, 2, 3]))
val _ = pr ("primes: " ^ String.concatWith " " (map (pi o primes) [0, 1, 2, 3]))
val _ = pr ("index 4, handled: " ^ ((pi (squares 4)) handle Subscript => "Subscript"))
val below = ref ~1   (* an index read at run time *)
val _ = pr ("index ~1, handled: " ^ ((pi (primes (!below))) handle Subscript => "Subscript"))
val _ = pr "a loop over indexes 0..9:"
val _ = List.app (fn i => pr ("  " ^ pi i ^ " -> " ^ pi (squares i))) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
val _ = pr "not reached"
