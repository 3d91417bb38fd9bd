(* A sorting network generated for a size known early: odd-even
   transposition sort on n elements unrolled into straight-line
   compare-exchange steps on an array, checked against insertion sort
   on every permutation of 5 elements and on random arrays; a second
   generator specialises to a comparison given as a generator. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val swaps = ref 0
(* the comparator pairs of odd-even transposition sort, computed early *)
fun pairs n =
    let fun round r = let fun from i = if i + 1 >= n then [] else (i, i + 1) :: from (i + 2)
                      in from (r mod 2) end
        fun all r = if r >= n then [] else round r @ all (r + 1)
    in all 0 end

fun netGen (cmp : [int * int -> bool]) [] = code (fn (_ : int array) => ())
  | netGen cmp ((i, j) :: rest) =
      let cogen more = netGen cmp rest
          cogen ii = lift i
          cogen jj = lift j
          cogen greater = cmp
      in code (fn a => let val x = Array.sub (a, ii) val y = Array.sub (a, jj)
                       in if greater (x, y) then (swaps := !swaps + 1; Array.update (a, ii, y); Array.update (a, jj, x)) else ();
                          more a end)
      end

fun insertionSort xs =
    let fun ins (x, []) = [x]
          | ins (x, y :: ys) = if x <= y then x :: y :: ys else y :: ins (x, ys)
    in foldl ins [] xs end
fun perms [] = [[]]
  | perms xs = List.concat (map (fn x => map (fn p => x :: p) (perms (List.filter (fn y => y <> x) xs))) xs)

val sort5 = eval (netGen (code (fn (a, b) => a > b)) (pairs 5))
val _ = pr ("comparators for 5: " ^ pi (length (pairs 5)))
val allOk = List.all (fn p => let val a = Array.fromList p
                              in sort5 a; Array.foldr (op ::) [] a = insertionSort p end) (perms [3, 1, 4, 5, 9])
val _ = pr ("all 120 permutations sorted: " ^ Bool.toString allOk ^ ", swaps " ^ pi (!swaps))

(* random arrays of size 8 from a linear congruential generator *)
val seed = ref 12345
fun rand () = (seed := (!seed * 1103515245 + 12345) mod 2147483648; !seed mod 100)
val sort8 = eval (netGen (code (fn (a, b) => a > b)) (pairs 8))
fun trial k = if k = 0 then true
              else let val xs = List.tabulate (8, fn _ => rand ())
                       val a = Array.fromList xs
                   in sort8 a; Array.foldr (op ::) [] a = insertionSort xs andalso trial (k - 1) end
val _ = pr ("200 random arrays of 8 sorted: " ^ Bool.toString (trial 200))
val sample = Array.fromList [5, ~3, 8, 8, 0, 12, ~7, 1]
val _ = sort8 sample
val _ = pr ("sample: " ^ String.concatWith " " (map pi (Array.foldr (op ::) [] sample)))

(* a descending network and one ordering by distance to 10 *)
val desc4 = eval (netGen (code (fn (a, b) => a < b)) (pairs 4))
val near10 = eval (netGen (code (fn (a, b) => abs (a - 10) > abs (b - 10))) (pairs 6))
val d = Array.fromList [2, 9, 4, 7]
val n = Array.fromList [1, 20, 10, 13, 6, 11]
val _ = (desc4 d; near10 n)
val _ = pr ("descending: " ^ String.concatWith " " (map pi (Array.foldr (op ::) [] d)) ^
            "; nearest 10 first: " ^ String.concatWith " " (map pi (Array.foldr (op ::) [] n)))
(* a network for 8 used on a shorter array raises Subscript *)
val _ = pr ("short array: " ^ ((sort8 (Array.fromList [3, 2, 1]); "sorted") handle Subscript => "Subscript"))
