(* Staged sorting networks: a bitonic network and an odd-even
   transposition network for fixed sizes, unrolled into straight-line
   compare-exchange code on an array. The network is built as data at
   generation time, its comparators counted, then compiled; a generated
   sorter for pairs compares by a key function supplied as code. Each
   sorter is checked against a reference insertion sort on many
   pseudo-random arrays. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* bitonic network as a list of (i, j, ascending) comparators *)
fun bitonicSort (lo, n, up) =
    if n <= 1 then []
    else let val m = n div 2
         in bitonicSort (lo, m, true) @ bitonicSort (lo + m, m, false) @ bitonicMerge (lo, n, up) end
and bitonicMerge (lo, n, up) =
    if n <= 1 then []
    else let val m = n div 2
         in List.tabulate (m, fn i => (lo + i, lo + i + m, up)) @ bitonicMerge (lo, m, up) @ bitonicMerge (lo + m, m, up) end

(* odd-even transposition: n rounds of neighbours *)
fun transposition n =
    List.concat (List.tabulate (n, fn r => List.mapPartial (fn i => if i mod 2 = r mod 2 andalso i + 1 < n then SOME (i, i + 1, true) else NONE)
                                                           (List.tabulate (n, fn i => i))))

(* the comparators as generated code: one compare-exchange after another *)
fun compile (net : (int * int * bool) list, less : ['a * 'a -> bool]) : ['a array -> unit] =
    case net of
        [] => code (fn _ => ())
      | (i, j, up) :: rest =>
          let cogen rest' = compile (rest, less) cogen lt = less cogen i' = lift i cogen j' = lift j cogen up' = lift up
          in code (fn a => let val x = Array.sub (a, i') val y = Array.sub (a, j')
                           in (if lt (y, x) = up' then (Array.update (a, i', y); Array.update (a, j', x)) else ();
                               rest' a) end) end

fun insertionSort lt xs =
    let fun ins (x, []) = [x]
          | ins (x, y :: r) = if lt (y, x) then y :: ins (x, r) else x :: y :: r
    in foldl ins [] xs end

val seed = ref 12345
fun rand () = (seed := (!seed * 1103515245 + 12345) mod 2147483648; !seed div 65536 mod 1000)

fun check (name, n, sorter : int array -> unit, trials) =
    let val bad = ref 0
        fun one _ = let val xs = List.tabulate (n, fn _ => rand ())
                        val a = Array.fromList xs
                    in sorter a;
                       if Array.foldr (op ::) [] a = insertionSort (op <) xs then () else bad := !bad + 1 end
    in List.app one (List.tabulate (trials, fn i => i));
       pr (name ^ " n=" ^ pi n ^ ": " ^ pi trials ^ " trials, " ^ pi (!bad) ^ " wrong") end

val intLess = code (fn (x : int, y : int) => x < y)
val _ = List.app (fn n => pr ("bitonic " ^ pi n ^ ": " ^ pi (length (bitonicSort (0, n, true))) ^ " comparators")) [2, 4, 8, 16, 32]
val _ = List.app (fn n => check ("bitonic", n, eval (compile (bitonicSort (0, n, true), intLess)), 60)) [2, 4, 8, 16]
val _ = List.app (fn n => check ("transposition", n, eval (compile (transposition n, intLess)), 100)) [3, 5, 10]

(* descending with the same network *)
val down8 = eval (compile (bitonicSort (0, 8, false), intLess))
val a = Array.fromList [5, 1, 4, 1, 5, 9, 2, 6]
val _ = down8 a
val _ = pr (String.concatWith " " (map pi (Array.foldr (op ::) [] a)))

(* the same generator at another type: strings by length, then pairs by key *)
val byLength = eval (compile (bitonicSort (0, 8, true), code (fn (s : string, t : string) => size s < size t orelse size s = size t andalso s < t)))
val words = Array.fromList ["pear", "fig", "banana", "kiwi", "apple", "date", "plum", "lime"]
val _ = byLength words
val _ = pr (String.concatWith " " (Array.foldr (op ::) [] words))
fun byKey (key : [string -> int]) = let cogen k = key in code (fn ((x : string, _ : int), (y, _)) => k x < k y) end
val pairs = Array.fromList (List.tabulate (16, fn i => (Int.toString ((i * 7) mod 16), i)))
val _ = eval (compile (bitonicSort (0, 16, true), byKey (code (fn s => valOf (Int.fromString s))))) pairs
val _ = pr (String.concatWith " " (map (fn (s, i) => s ^ ":" ^ pi i) (Array.foldr (op ::) [] pairs)))

(* a sorter of 64 elements: a 672-comparator straight line, run 50 times *)
val net64 = bitonicSort (0, 64, true)
val _ = pr ("64: " ^ pi (length net64) ^ " comparators")
val _ = check ("bitonic", 64, eval (compile (net64, intLess)), 15)
