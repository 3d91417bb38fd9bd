(* Staged list functions: map, filter and fold with a known function are
   generated once and applied to many lists; and the opposite binding
   time, a known list unrolled with the function late. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun sh xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

fun mapGen (f : [int -> int]) =
    let cogen f' = f in code (let fun m [] = [] | m (x :: r) = f' x :: m r in m end) end
fun filterGen (p : [int -> bool]) =
    let cogen p' = p in code (fn xs => List.filter p' xs) end
fun foldGen (f : [int * int -> int], z : [int]) =
    let cogen f' = f cogen z' = z in code (fn xs => foldl f' z' xs) end

(* unroll over a known list, function late *)
fun mapKnown [] = code (fn (_ : int -> int) => [] : int list)
  | mapKnown (x :: r) = let cogen rest = mapKnown r cogen x' = lift x in code (fn f => f x' :: rest f) end
fun sumKnown [] = code (fn (_ : int -> int) => 0)
  | sumKnown (x :: r) = let cogen rest = sumKnown r cogen x' = lift x in code (fn f => f x' + rest f) end

(* fusion at generation time: a pipeline of known stages *)
datatype stage = Map of int -> int | Filter of int -> bool
fun pipeline [] = code (fn (xs : int list) => xs)
  | pipeline (Map f :: rest) = let cogen f' = lift f cogen r = pipeline rest in code (fn xs => r (map f' xs)) end
  | pipeline (Filter p :: rest) = let cogen p' = lift p cogen r = pipeline rest in code (fn xs => r (List.filter p' xs)) end

val double = eval (mapGen (code (fn x => 2 * x)))
val evens = eval (filterGen (code (fn x => x mod 2 = 0)))
val product = eval (foldGen (code (fn (x, acc) => x * acc), code 1))
val lists = [[], [1], [1, 2, 3, 4, 5], [~3, 7, 10, 11, 12]]
val _ = app (fn l => pr (sh (double l) ^ " " ^ sh (evens l) ^ " " ^ pi (product l))) lists
val known = mapKnown [10, 20, 30]
val _ = pr (sh (eval known (fn x => x + 1)) ^ " " ^ sh (eval known (fn x => x * x)))
val sk = eval (sumKnown (List.tabulate (100, fn i => i)))
val _ = pr (pi (sk (fn x => x)) ^ " " ^ pi (sk (fn x => x * x)) ^ " " ^ pi (sk (fn _ => 1)))
val pl = eval (pipeline [Map (fn x => x + 1), Filter (fn x => x mod 3 <> 0), Map (fn x => x * 10)])
val _ = pr (sh (pl (List.tabulate (12, fn i => i))))
val _ = pr (sh (eval (pipeline []) [4, 5]))
(* the generated map is polymorphic in nothing, but the generator can be reused *)
val counted = ref 0
val countingMap = eval (mapGen (code (fn x => (counted := !counted + 1; x - 1))))
val _ = pr (sh (countingMap [5, 6, 7]) ^ " calls " ^ pi (!counted))
val _ = pr (pi (length (countingMap (List.tabulate (1000, fn i => i)))) ^ " calls " ^ pi (!counted))
