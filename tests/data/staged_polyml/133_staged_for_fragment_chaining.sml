(* Fragment chaining and the staged for loop of Danilewski et al.,
   "Specialization through Dynamic Staging" (GPCE 2014), §5.3-5.4,
   Listings 7 and 8: container functions f1 ... fn each stage a fragment
   of code and return the stage of its last instruction; a master function
   chains them; sfor iterates at generation time and chains the body's
   fragments, unrolling the loop. Here a fragment is a generator of a state
   transformer [int array -> unit], chaining is sequencing of generated
   code, and a staged for loop folds the body's generators over the range
   (the stage parameters of DeepCPS become the order of splices). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showa a = String.concatWith " " (map pi (Array.foldr (op ::) [] a))

(* chain two fragments: the second runs after the first *)
fun seq (f : [int array -> unit]) (g : [int array -> unit]) : [int array -> unit] =
    let cogen f' = f cogen g' = g in code (fn a => (f' a; g' a)) end
val skip = code (fn (_ : int array) => ())

(* container functions: each stages one fragment *)
fun incr i = let cogen i' = lift i in code (fn a => Array.update (a, i', Array.sub (a, i') + 1)) end
fun double i = let cogen i' = lift i in code (fn a => Array.update (a, i', 2 * Array.sub (a, i'))) end
fun move (i, j) = let cogen i' = lift i cogen j' = lift j in code (fn a => Array.update (a, j', Array.sub (a, i'))) end

(* the master function fM: f1; f2; f3; f4 *)
val fM = foldr (fn (f, rest) => seq f rest) skip [incr 0, double 0, move (0, 1), incr 1]
val a = Array.array (3, 5)
val _ = eval fM a
val _ = pr ("fM: " ^ showa a)

(* sfor: the loop runs at generation time, the body's fragments are chained *)
fun sfor (from, to) (body : int -> [int array -> unit]) : [int array -> unit] =
    if from >= to then skip else seq (body from) (sfor (from + 1, to) body)

(* a prefix sum, unrolled: a[i] := a[i] + a[i-1] for i = 1 .. n-1 *)
fun prefix n = sfor (1, n) (fn i =>
    let cogen i' = lift i in code (fn a => Array.update (a, i', Array.sub (a, i') + Array.sub (a, i' - 1))) end)
val b = Array.fromList [1, 2, 3, 4, 5, 6, 7, 8]
val prefix8 = eval (prefix 8)
val _ = prefix8 b
val _ = pr ("prefix sums: " ^ showa b)
val _ = prefix8 b
val _ = pr ("again: " ^ showa b)

(* nested staged loops: a bubble-sort network for a known length, the
   compare-exchange fragments chained by two sfor loops *)
val swaps = ref 0
fun cmpx (i, j) = let cogen i' = lift i cogen j' = lift j in
    code (fn a => let val x = Array.sub (a, i') val y = Array.sub (a, j')
                  in if x > y then (swaps := !swaps + 1; Array.update (a, i', y); Array.update (a, j', x)) else () end) end
fun bubble n = sfor (0, n - 1) (fn pass => sfor (0, n - 1 - pass) (fn i => cmpx (i, i + 1)))
val sort6 = eval (bubble 6)
val _ = List.app (fn l => let val arr = Array.fromList l in sort6 arr; pr (showa arr) end)
                 [[6, 5, 4, 3, 2, 1], [1, 2, 3, 4, 5, 6], [3, 1, 3, 1, 3, 1], [~7, 100, 0, ~7, 42, 9]]
val _ = pr ("swaps: " ^ pi (!swaps))

(* a loop whose body stages nothing for some iterations: those fold away *)
val evensOnly = sfor (0, 10) (fn i => if i mod 2 = 0 then double (i div 2) else skip)
val c = Array.array (5, 1)
val _ = eval evensOnly c
val _ = pr ("evensOnly: " ^ showa c)
(* running a chained fragment past the array raises at run time, after the earlier fragments ran *)
val d = Array.array (2, 0)
val _ = (eval (sfor (0, 4) incr) d; pr "no error") handle Subscript => pr ("Subscript after " ^ showa d)
