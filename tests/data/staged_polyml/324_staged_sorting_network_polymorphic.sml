(* Batcher's odd-even merge sort network for n = 2^k elements, computed at
   generation time as a list of comparators, emitted as straight-line code
   over an array, polymorphic in the element type through a comparison
   passed at run time. Checked against insertion sort on all 0/1 inputs
   (the zero-one principle) and on strings. *)
fun oddEvenMerge (lo, n, r) =
  let val m = r * 2
  in if m < n then
       oddEvenMerge (lo, n, m) @ oddEvenMerge (lo + r, n, m) @
       List.tabulate ((n - r - m) div m + 1, fn k => let val i = lo + r + k * m in (i, i + r) end)
     else [(lo, lo + r)]
  end
fun network (lo, n) =
  if n > 1 then let val h = n div 2 in network (lo, h) @ network (lo + h, h) @ oddEvenMerge (lo, n, 1) end else []

fun genNet [] : ['a array * ('a * 'a -> bool) -> unit] = code (fn _ => ())
  | genNet ((i, j) :: rest) =
      let cogen k = genNet rest cogen i' = lift i cogen j' = lift j
      in code (fn (a, gt) =>
           let val x = Array.sub (a, i') val y = Array.sub (a, j')
           in if gt (x, y) then (Array.update (a, i', y); Array.update (a, j', x)) else (); k (a, gt) end)
      end

fun insertionSort gt xs = foldr (fn (x, acc) => let fun ins [] = [x] | ins (y :: ys) = if gt (x, y) then y :: ins ys else x :: y :: ys in ins acc end) [] xs

fun bits n v = List.tabulate (n, fn i => (v div (Word.toInt (Word.<< (0w1, Word.fromInt i)))) mod 2)

val _ = app (fn n =>
  let val net = network (0, n)
      val sorter : int array * (int * int -> bool) -> unit = eval (genNet net)
      val inputs = List.tabulate (Word.toInt (Word.<< (0w1, Word.fromInt n)), bits n)
      val ok = List.all (fn xs => let val a = Array.fromList xs in sorter (a, op >); Array.foldr op:: [] a = insertionSort op > xs end) inputs
  in print ("n=" ^ Int.toString n ^ ": " ^ Int.toString (length net) ^ " comparators, "
            ^ Int.toString (length inputs) ^ " zero-one inputs " ^ (if ok then "sorted" else "NOT SORTED") ^ "\n") end) [1, 2, 4, 8]

val sort8s : string array * (string * string -> bool) -> unit = eval (genNet (network (0, 8)))
val words = Array.fromList ["pear", "apple", "fig", "kiwi", "banana", "date", "cherry", "apple"]
val _ = sort8s (words, op >)
val _ = print (String.concatWith " " (Array.foldr op:: [] words) ^ "\n")
val _ = sort8s (words, fn (a, b) => size a < size b orelse (size a = size b andalso a < b))
val _ = print (String.concatWith " " (Array.foldr op:: [] words) ^ "\n")
val sort8p : (int * string) array * ((int * string) * (int * string) -> bool) -> unit = eval (genNet (network (0, 8)))
val pairs = Array.fromList (List.tabulate (8, fn i => ((i * 5) mod 3, Int.toString i)))
val _ = sort8p (pairs, fn ((a, _), (b, _)) => a > b)
val _ = print (String.concatWith " " (Array.foldr (fn ((k, s), acc) => Int.toString k ^ s :: acc) [] pairs) ^ "\n")

val sort16 : int array * (int * int -> bool) -> unit = eval (genNet (network (0, 16)))
val checksum = List.foldl (fn (r, acc) =>
  let val a = Array.tabulate (16, fn i => (i * 7919 + r * 104729) mod 1000) in sort16 (a, op >); acc + Array.sub (a, 0) + Array.sub (a, 15) end) 0 (List.tabulate (500, fn r => r))
val _ = print ("500 sorts of 16: " ^ Int.toString checksum ^ "\n")
val _ = sort16 (Array.array (8, 0), op >)
