(* Partial evaluation of list functions on a list whose prefix is known
   and whose tail comes at run time, as the online partial evaluation
   papers do it: append, member, assoc lookup, a fold and a merge with a
   known sorted prefix.  The known elements are unrolled into the code; the
   tail is a parameter.  Each specialised function is compared with the
   unstaged one on many tails. *)

(* append [a, b, c] ys  ==>  fn ys => a :: b :: c :: ys *)
fun sAppend (xs : int list) : [int list -> int list] =
  foldr (fn (x, rest) => let cogen x' = lift x cogen r = rest in code (fn ys => x' :: r ys) end)
        (code (fn ys => ys)) xs

(* member of known @ tail: tests unrolled for the known part, a loop for the tail *)
fun sMember (known : int list) : [int * int list -> bool] =
  foldr (fn (k, rest) => let cogen k' = lift k cogen r = rest in code (fn (x, tail) => x = k' orelse r (x, tail)) end)
        (code (fn (x, tail) => List.exists (fn y => y = x) tail)) known

(* assoc lookup in a known table extended at run time: the known keys are
   unrolled, values lifted; the extension is searched after them *)
fun sAssoc (table : (string * int) list) : [string * (string * int) list -> int option] =
  case table of
    [] => code (fn (k, ext) => Option.map #2 (List.find (fn (k', _) => k' = k) ext))
  | (key, v) :: rest =>
      let cogen key' = lift key cogen v' = lift (SOME v) cogen r = sAssoc rest
      in code (fn (k, ext) => if k = key' then v' else r (k, ext)) end

(* a left fold over known @ tail, with a known function: the known part is
   folded at generation time where the accumulator is static too *)
fun sSumSquares (known : int list) : [int list -> int] =
  let val static = foldl (fn (x, acc) => acc + x * x) 0 known
      cogen s = lift static
  in code (fn tail => foldl (fn (x, acc) => acc + x * x) s tail) end

(* the accumulator is dynamic (it starts at run time): the known part is unrolled *)
fun sHorner (known : int list) : [int * int * int list -> int] =
  (* value of known @ tail as digits in base b, starting from acc *)
  foldl (fn (d, rest) => let cogen d' = lift d cogen r = rest in code (fn (b, acc, tail) => r (b, acc * b + d', tail)) end)
        (code (fn (b, acc, tail) => foldl (fn (d, a) => a * b + d) acc tail)) (rev known)

(* merge of a known sorted list with a sorted run-time list *)
fun merge ([], ys) = ys
  | merge (xs, []) = xs
  | merge (x :: xs, y :: ys) = if x <= y then x :: merge (xs, y :: ys) else y :: merge (x :: xs, ys)

fun sMerge (known : int list) : [int list -> int list] =
  case known of
    [] => code (fn ys => ys)
  | x :: xs =>
      (* the rest's code is spliced once and shared: spliced in both arms it
         would be copied at each known element, 2^n copies *)
      let cogen x' = lift x cogen r = sMerge xs
      in code (fn ys => let val rest = r
                            fun go [] = x' :: rest []
                              | go (y :: ys) = if x' <= y then x' :: rest (y :: ys) else y :: go ys
                        in go ys end) end

fun showL xs = "[" ^ String.concatWith "," (map Int.toString xs) ^ "]"

val known = [3, 1, 4, 1, 5]
val tails = [[], [9], [2, 6], [5, 3, 5], List.tabulate (20, fn i => i * 7 mod 11)]

val app' = eval (sAppend known)
val mem = eval (sMember known)
val ss = eval (sSumSquares known)
val hor = eval (sHorner known)
val _ = app (fn t =>
  print (showL (app' t) ^ " mem6=" ^ Bool.toString (mem (6, t)) ^ " mem4=" ^ Bool.toString (mem (4, t))
         ^ " sq=" ^ Int.toString (ss t) ^ " base3=" ^ Int.toString (hor (3, 0, t))
         ^ (if app' t = known @ t andalso ss t = foldl (fn (x, a) => a + x * x) 0 (known @ t)
               andalso hor (3, 0, t) = foldl (fn (d, a) => a * 3 + d) 0 (known @ t)
               andalso mem (6, t) = List.exists (fn y => y = 6) (known @ t) then "" else " MISMATCH") ^ "\n")) tails

val table = [("zero", 0), ("one", 1), ("two", 2), ("three", 3)]
val look = eval (sAssoc table)
val ext = [("four", 4), ("two", 22)]
val _ = print (String.concatWith " " (map (fn k => k ^ "=" ^ (case look (k, ext) of NONE => "-" | SOME v => Int.toString v))
                                          ["one", "two", "four", "five", "three", ""]) ^ "\n")

val sortedKnown = [1, 4, 4, 9, 16]
val mg = eval (sMerge sortedKnown)
val _ = app (fn t => print (showL (mg t) ^ (if mg t = merge (sortedKnown, t) then "" else " MISMATCH") ^ "\n"))
            [[], [0], [4], [2, 3, 10, 20], [17, 18], [~5, 1, 1, 16, 16]]

(* the same specialised merge used as a step of an insertion-free sort *)
fun mergeAll [] = [] | mergeAll (l :: ls) = merge (l, mergeAll ls)
val big = List.tabulate (300, fn i => (i * 37) mod 101)
val sortedBig = mergeAll (map (fn x => [x]) big)
val _ = print ("merged with 300: " ^ Int.toString (length (mg sortedBig)) ^ " elements, first "
               ^ showL (List.take (mg sortedBig, 8)) ^ "\n")
