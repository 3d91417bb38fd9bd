(* Sorting networks generated for a fixed size and run in place on arrays,
   polymorphic in the element type: the comparator is itself a generator
   (['a * 'a -> order]), built by combinators (lexicographic pairs,
   reversal, keys) from Int.compare, String.compare, Char.compare and
   List.collate, and spliced into every compare-exchange.  One network
   generator serves ints, strings, pairs and lists.  Every result is
   checked against an insertion sort on lists. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun revC (c : ['a * 'a -> order]) : ['a * 'a -> order] = let cogen c' = c in code (fn (a, b) => c' (b, a)) end
fun pairC (c1 : ['a * 'a -> order], c2 : ['b * 'b -> order]) : [('a * 'b) * ('a * 'b) -> order] =
  let cogen f = c1 cogen g = c2 in code (fn ((a1, b1), (a2, b2)) => case f (a1, a2) of EQUAL => g (b1, b2) | r => r) end
fun keyC (key : ['a -> 'b], c : ['b * 'b -> order]) : ['a * 'a -> order] =
  let cogen k = key cogen c' = c in code (fn (a, b) => c' (k a, k b)) end
fun listC (c : ['a * 'a -> order]) : ['a list * 'a list -> order] = let cogen c' = c in code (List.collate c') end

(* Batcher's odd-even merge sort, as a list of comparator pairs for n = 2^k *)
fun batcher n =
  let fun merge (lo, len, r) =
        let val step = r * 2
        in if step < len
           then merge (lo, len, step) @ merge (lo + r, len, step) @
                List.concat (List.tabulate ((len - r - r) div step + 1, fn k => let val i = lo + r + k * step in if i + r < lo + len then [(i, i + r)] else [] end))
           else [(lo, lo + r)]
        end
      fun sort (lo, len) = if len > 1 then let val h = len div 2 in sort (lo, h) @ sort (lo + h, h) @ merge (lo, len, 1) end else []
  in sort (0, n) end

fun network (pairs : (int * int) list, cmp : ['a * 'a -> order]) : ['a array -> unit] =
  let cogen c = cmp
  in foldr (fn ((i, j), rest) =>
              let cogen r = rest cogen i' = lift i cogen j' = lift j
              in code (fn a => let val x = Array.sub (a, i') val y = Array.sub (a, j')
                               in (case c (x, y) of GREATER => (Array.update (a, i', y); Array.update (a, j', x)) | _ => ()); r a end) end)
           (code (fn (_ : 'a array) => ())) pairs
  end

fun insertion cmp xs = foldr (fn (x, sorted) => let fun ins [] = [x] | ins (y :: ys) = if cmp (x, y) = GREATER then y :: ins ys else x :: y :: ys in ins sorted end) [] xs

val net8 = batcher 8
val net16 = batcher 16
val _ = pr ("comparators: 8 -> " ^ pi (length net8) ^ ", 16 -> " ^ pi (length net16))
fun run (name, net, cmpG, cmp, show, inputs) =
  let val sorter = eval (network (net, cmpG))
  in List.app (fn xs => let val a = Array.fromList xs
                        in sorter a;
                           pr (name ^ ": " ^ String.concatWith " " (map show (Array.foldr op:: [] a)) ^
                               (if Array.foldr op:: [] a = insertion cmp xs then "" else " DISAGREE")) end) inputs
  end

val _ = run ("int", net8, code Int.compare, Int.compare, pi, [[5, 3, 8, 1, 9, 2, 7, 4], [1, 1, 1, 0, 0, 0, 2, 2], List.tabulate (8, fn i => 8 - i)])
val _ = run ("int desc", net8, revC (code Int.compare), fn (a, b) => Int.compare (b, a), pi, [[5, 3, 8, 1, 9, 2, 7, 4]])
val _ = run ("str", net8, code String.compare, String.compare, fn s => s, [["pear", "apple", "fig", "kiwi", "date", "plum", "lime", "apple"]])
val _ = run ("len,str", net8, keyC (code (fn s => (size s, s)), pairC (code Int.compare, code String.compare)),
             fn (a, b) => case Int.compare (size a, size b) of EQUAL => String.compare (a, b) | r => r, fn s => s,
             [["pear", "apple", "fig", "kiwi", "date", "plum", "lime", "apple"]])
val _ = run ("lists", net8, listC (code Char.compare), List.collate Char.compare, String.implode,
             [map String.explode ["ba", "b", "", "abc", "ab", "c", "a", "ba"]])
val _ = run ("pairs", net16, pairC (code Int.compare, revC (code String.compare)),
             fn ((a1, b1), (a2, b2)) => case Int.compare (a1, a2) of EQUAL => String.compare (b2, b1) | r => r,
             fn (n, s) => pi n ^ s, [List.tabulate (16, fn i => (i * 7 mod 4, str (chr (97 + i * 5 mod 26))))])
(* the 16-network on many inputs: all sorted, all agree *)
val sort16 = eval (network (net16, code Int.compare))
val ok = List.all (fn k => let val xs = List.tabulate (16, fn i => (i * i * 31 + k * 17 + i * k) mod 97)
                               val a = Array.fromList xs
                           in sort16 a; Array.foldr op:: [] a = insertion Int.compare xs end) (List.tabulate (100, fn k => k))
val _ = pr ("100 inputs of 16: " ^ Bool.toString ok)
