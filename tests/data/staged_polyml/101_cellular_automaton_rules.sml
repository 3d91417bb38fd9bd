(* A staged one-dimensional cellular automaton and Conway's game of
   life: the rule (a Wolfram rule number, or birth/survival sets) is
   known at generation time and compiled into a generated neighbourhood
   function with the rule table unrolled; the generated step function
   runs many generations on a ring; the results are checked against an
   interpreted rule. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* Wolfram rules: bit k of the rule gives the new cell for neighbourhood k *)
fun ruleCode (rule : int) : [int * int * int -> int] =
    let fun arm k = if k = 8 then code (fn (_ : int) => 0)
                    else let cogen bit = lift ((rule div (Word.toInt (Word.<< (0w1, Word.fromInt k)))) mod 2) cogen k' = lift k cogen rest = arm (k + 1)
                         in code (fn n => if n = k' then bit else rest n) end
        cogen table = arm 0
    in code (fn (l, c, r) => table (l * 4 + c * 2 + r)) end

fun stepCode (rule : int) : [int array -> int array] =
    let cogen f = ruleCode rule
    in code (fn a => let val n = Array.length a
                     in Array.tabulate (n, fn i => f (Array.sub (a, (i + n - 1) mod n), Array.sub (a, i), Array.sub (a, (i + 1) mod n))) end) end

fun render a = String.concat (map (fn 1 => "#" | _ => ".") (Array.foldr (op ::) [] a))
fun run (rule, width, gens) =
    let val step = eval (stepCode rule)
        val a = ref (Array.tabulate (width, fn i => if i = width div 2 then 1 else 0))
    in pr ("rule " ^ pi rule);
       List.app (fn _ => (pr (render (!a)); a := step (!a))) (List.tabulate (gens, fn i => i)) end
val _ = run (90, 31, 8)
val _ = run (30, 31, 8)

(* agreement with the interpreted rule for every fifth rule on a random start *)
fun interpStep rule a =
    let val n = Array.length a
    in Array.tabulate (n, fn i => let val k = Array.sub (a, (i + n - 1) mod n) * 4 + Array.sub (a, i) * 2 + Array.sub (a, (i + 1) mod n)
                                   in (rule div (Word.toInt (Word.<< (0w1, Word.fromInt k)))) mod 2 end) end
val seed = ref 99
fun bit () = (seed := (!seed * 1103515245 + 12345) mod 2147483648; (!seed div 65536) mod 2)
val start = Array.tabulate (40, fn _ => bit ())
val agree = List.all (fn rule => let val s = eval (stepCode rule)
                                     fun iter (0, a, b) = Array.foldr (op ::) [] a = Array.foldr (op ::) [] b
                                       | iter (k, a, b) = iter (k - 1, s a, interpStep rule b)
                                 in iter (3, start, start) end) (List.tabulate (52, fn r => r * 5))
val _ = pr ("52 rules agree: " ^ Bool.toString agree)

(* life-like rules on a torus: birth and survival counts known at generation time *)
fun member (k : int, set : int list) : [int -> bool] =
    case set of [] => code (fn _ => false)
              | x :: r => let cogen x' = lift x cogen rest = member (k, r) in code (fn n => n = x' orelse rest n) end
fun lifeStep (birth : int list, survive : int list) : [bool array array -> bool array array] =
    let cogen born = member (0, birth) cogen stays = member (1, survive)
    in code (fn g => let val h = Array.length g val w = Array.length (Array.sub (g, 0))
                         fun alive (r, c) = if Array.sub (Array.sub (g, (r + h) mod h), (c + w) mod w) then 1 else 0
                         fun count (r, c) = alive (r - 1, c - 1) + alive (r - 1, c) + alive (r - 1, c + 1) + alive (r, c - 1)
                                            + alive (r, c + 1) + alive (r + 1, c - 1) + alive (r + 1, c) + alive (r + 1, c + 1)
                     in Array.tabulate (h, fn r => Array.tabulate (w, fn c => let val n = count (r, c)
                                                                           in if alive (r, c) = 1 then stays n else born n end)) end) end
fun grid rows = Array.fromList (map (fn s => Array.fromList (map (fn c => c = #"#") (explode s))) rows)
fun showGrid g = Array.app (fn row => pr (String.concat (map (fn b => if b then "#" else ".") (Array.foldr (op ::) [] row)))) g
fun population g = Array.foldl (fn (row, acc) => Array.foldl (fn (b, a) => if b then a + 1 else a) acc row) 0 g
val life = eval (lifeStep ([3], [2, 3]))
val glider = grid [".#......", "..#.....", "###.....", "........", "........", "........"]
fun iterate (f, 0, g) = g | iterate (f, k, g) = iterate (f, k - 1, f g)
val _ = showGrid (iterate (life, 4, glider))
val _ = pr ("after 12: population " ^ pi (population (iterate (life, 12, glider))))
val highLife = eval (lifeStep ([3, 6], [2, 3]))
val seeds = eval (lifeStep ([2], []))
val blob = grid ["........", "..##....", "..###...", "...#....", "........", "........"]
val _ = pr ("highlife " ^ String.concatWith " " (List.tabulate (6, fn k => pi (population (iterate (highLife, k, blob))))))
val _ = pr ("seeds " ^ String.concatWith " " (List.tabulate (6, fn k => pi (population (iterate (seeds, k, blob))))))
