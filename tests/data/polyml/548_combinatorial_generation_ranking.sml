(* Combinatorial generation: next permutation on an array, Gray codes with
   Word xor, k-combinations, integer partitions, Catalan numbers by a
   memo array, and ranking/unranking of permutations (factorial base). *)
fun nextPerm (a : int array) =
  let val n = Array.length a
      fun findI i = if i < 0 then ~1 else if Array.sub (a, i) < Array.sub (a, i + 1) then i else findI (i - 1)
      val i = findI (n - 2)
      fun swap (x, y) = let val t = Array.sub (a, x) in Array.update (a, x, Array.sub (a, y)); Array.update (a, y, t) end
      fun rev (x, y) = if x < y then (swap (x, y); rev (x + 1, y - 1)) else ()
  in if i < 0 then false
     else let fun findJ j = if Array.sub (a, j) > Array.sub (a, i) then j else findJ (j - 1)
          in swap (i, findJ (n - 1)); rev (i + 1, n - 1); true end
  end
fun arr2s a = Array.foldr (fn (x, s) => Int.toString x ^ s) "" a

val a = Array.fromList [1, 2, 2, 3]
val perms = ref [arr2s a]
val _ = while nextPerm a do perms := arr2s a :: !perms
val _ = print (Int.toString (length (!perms)) ^ " perms of 1223: " ^ String.concatWith " " (rev (!perms)) ^ "\n")

fun gray n = Word.xorb (n, Word.>> (n, 0w1))
fun bits (w, k) = CharVector.tabulate (k, fn i => if Word.andb (Word.>> (w, Word.fromInt (k - 1 - i)), 0w1) = 0w1 then #"1" else #"0")
val codes = List.tabulate (16, fn i => gray (Word.fromInt i))
val _ = print ("gray: " ^ String.concatWith " " (map (fn w => bits (w, 4)) codes) ^ "\n")
fun popcount 0w0 = 0 | popcount w = Word.toInt (Word.andb (w, 0w1)) + popcount (Word.>> (w, 0w1))
val oneBit = ListPair.all (fn (x, y) => popcount (Word.xorb (x, y)) = 1) (codes, tl codes @ [hd codes])
val _ = print ("adjacent codes differ in one bit (cyclically): " ^ Bool.toString oneBit ^ "\n")
fun ungray g = let fun go (g, shift) = if shift >= 0w64 then g else go (Word.xorb (g, Word.>> (g, shift)), shift * 0w2) in go (g, 0w1) end
val _ = print ("ungray: " ^ String.concatWith "," (map (Int.toString o Word.toInt o ungray) codes) ^ "\n")

fun combos (0, _) = [[]]
  | combos (_, []) = []
  | combos (k, x :: xs) = map (fn c => x :: c) (combos (k - 1, xs)) @ combos (k, xs)
val _ = print ("C(5,3): " ^ String.concatWith " " (map (implode o map (fn i => chr (ord #"a" + i))) (combos (3, [0, 1, 2, 3, 4]))) ^ "\n")

fun partitions (n, maxPart) =
  if n = 0 then [[]]
  else List.concat (List.tabulate (Int.min (n, maxPart), fn i =>
         let val p = Int.min (n, maxPart) - i in map (fn rest => p :: rest) (partitions (n - p, p)) end))
val _ = print ("partitions of 6: " ^ String.concatWith " " (map (fn p => String.concatWith "+" (map Int.toString p)) (partitions (6, 6))) ^ "\n")
val _ = print ("p(n): " ^ String.concatWith " " (List.tabulate (16, fn n => Int.toString (length (partitions (n, n))))) ^ "\n")

val catalan = Array.array (31, 0)
val _ = Array.update (catalan, 0, 1)
val _ = List.app (fn n => Array.update (catalan, n, List.foldl (fn (i, s) => s + Array.sub (catalan, i) * Array.sub (catalan, n - 1 - i)) 0
                                                   (List.tabulate (n, fn i => i)))) (List.tabulate (30, fn n => n + 1))
val _ = print ("catalan 30 = " ^ Int.toString (Array.sub (catalan, 30)) ^ "\n")

fun fact n = if n <= 1 then 1 else n * fact (n - 1)
fun rank [] = 0
  | rank (x :: xs) = length (List.filter (fn y => y < x) xs) * fact (length xs) + rank xs
fun unrank (r, items) =
  if null items then []
  else let val f = fact (length items - 1) val i = r div f
           val x = List.nth (items, i)
       in x :: unrank (r mod f, List.filter (fn y => y <> x) items) end
val sample = [3, 0, 4, 1, 2]
val _ = print ("rank " ^ Int.toString (rank sample) ^ ", unrank 0/57/119: "
               ^ String.concatWith " / " (map (fn r => String.concatWith "" (map Int.toString (unrank (r, [0, 1, 2, 3, 4])))) [0, 57, 119]) ^ "\n")
val ok = List.all (fn r => rank (unrank (r, [0, 1, 2, 3, 4, 5])) = r) (List.tabulate (720, fn r => r))
val _ = print ("rank o unrank = id on 720: " ^ Bool.toString ok ^ "\n")
val _ = print (Int.toString (fact 21) ^ "\n")
