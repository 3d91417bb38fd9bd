(* Naive versus tail-recursive folds over long lists. *)
fun upto (lo, hi) =
    let fun go (i, acc) = if i < lo then acc else go (i - 1, i :: acc)
    in go (hi, []) end

fun sumNaive [] = 0
  | sumNaive (x :: xs) = x + sumNaive xs
fun sumTail xs =
    let fun go ([], acc) = acc
          | go (x :: xs, acc) = go (xs, acc + x)
    in go (xs, 0) end

fun lengthNaive [] = 0
  | lengthNaive (_ :: xs) = 1 + lengthNaive xs

fun mapNaive f [] = []
  | mapNaive f (x :: xs) = f x :: mapNaive f xs
fun mapTail f xs =
    let fun go ([], acc) = rev acc
          | go (x :: xs, acc) = go (xs, f x :: acc)
    in go (xs, []) end

fun appendNaive ([], ys) = ys
  | appendNaive (x :: xs, ys) = x :: appendNaive (xs, ys)

fun myFoldl f acc [] = acc
  | myFoldl f acc (x :: xs) = myFoldl f (f (x, acc)) xs
fun myFoldr f acc [] = acc
  | myFoldr f acc (x :: xs) = f (x, myFoldr f acc xs)

val n = 200000
val xs = upto (1, n)
val _ = print ("length " ^ Int.toString (length xs) ^ " / " ^ Int.toString (lengthNaive xs) ^ "\n")
val _ = print ("sums " ^ Int.toString (sumNaive xs) ^ " " ^ Int.toString (sumTail xs) ^ "\n")
val _ = print ("foldl " ^ Int.toString (foldl op + 0 xs) ^ ", foldr " ^ Int.toString (foldr op + 0 xs) ^ "\n")
val _ = print ("myFoldl - " ^ Int.toString (myFoldl op - 0 xs) ^ ", myFoldr - " ^ Int.toString (myFoldr op - 0 xs) ^ "\n")

val sq = mapNaive (fn x => x * x mod 1000) xs
val sq2 = mapTail (fn x => x * x mod 1000) xs
val _ = print ("maps agree: " ^ Bool.toString (sq = sq2) ^ "\n")
val _ = print ("sum of squares mod 1000: " ^ Int.toString (sumTail sq) ^ "\n")

val both = appendNaive (xs, rev xs)
val _ = print ("appended length " ^ Int.toString (length both) ^ ", last " ^ Int.toString (List.last both) ^ "\n")

val evens = List.filter (fn x => x mod 2 = 0) xs
val (small, large) = List.partition (fn x => x < 1000) xs
val _ = print ("evens " ^ Int.toString (length evens) ^ ", small " ^ Int.toString (length small)
               ^ ", large " ^ Int.toString (length large) ^ "\n")

(* string building over a long list *)
val digits = map (fn x => Char.chr (ord #"0" + x mod 10)) xs
val s = implode digits
val _ = print ("string size " ^ Int.toString (size s) ^ ", prefix " ^ String.substring (s, 0, 25) ^ "\n")
val count7 = CharVector.foldl (fn (c, k) => if c = #"7" then k + 1 else k) 0 s
val _ = print ("sevens: " ^ Int.toString count7 ^ "\n")

(* a fold producing pairs *)
val (mn, mx) = foldl (fn (x, (a, b)) => (Int.min (x, a), Int.max (x, b))) (valOf Int.maxInt, valOf Int.minInt)
                     (map (fn x => (x * 7919) mod 100003 - 50000) xs)
val _ = print ("min " ^ Int.toString mn ^ ", max " ^ Int.toString mx ^ "\n")

(* concat and tabulate *)
val chunks = List.tabulate (1000, fn i => List.tabulate (i mod 7, fn j => i * j))
val flat = List.concat chunks
val _ = print ("flat " ^ Int.toString (length flat) ^ " sum " ^ Int.toString (sumTail flat) ^ "\n")
val _ = print ("take/drop: " ^ Int.toString (sumTail (List.take (xs, 10))) ^ " "
               ^ Int.toString (hd (List.drop (xs, n - 1))) ^ "\n")
val _ = print ("nth " ^ Int.toString (List.nth (xs, 123456)) ^ "\n")
val _ = print ("product overflows: ")
val _ = print (Int.toString (foldl op * 1 (List.take (xs, 30))) ^ "\n")
  handle Overflow => print "Overflow caught\n"
val _ = print ("nth past end: " ^ Int.toString (List.nth (xs, n)) ^ "\n")
