(* Sorting algorithms as in the Rosetta Code "Sorting algorithms/..."
   tasks' Standard ML entries: quicksort with List.partition, merge sort
   with a split by alternation, insertion sort with foldr, selection sort,
   heap sort and shell sort on arrays (in place, with while loops), each
   parameterised by a comparison `op <` style function. *)

fun quicksort (_, []) = []
  | quicksort (lt, x :: xs) =
      let val (smaller, larger) = List.partition (fn y => lt (y, x)) xs
      in quicksort (lt, smaller) @ x :: quicksort (lt, larger) end

fun mergesort lt =
  let
    fun split (x :: y :: rest) = let val (a, b) = split rest in (x :: a, y :: b) end
      | split l = (l, [])
    fun merge ([], ys) = ys
      | merge (xs, []) = xs
      | merge (x :: xs, y :: ys) =
          if lt (y, x) then y :: merge (x :: xs, ys) else x :: merge (xs, y :: ys)
    fun sort [] = []
      | sort [x] = [x]
      | sort l = let val (a, b) = split l in merge (sort a, sort b) end
  in sort end

fun insertionSort lt =
  let fun ins (x, []) = [x]
        | ins (x, y :: ys) = if lt (y, x) then y :: ins (x, ys) else x :: y :: ys
  in foldr ins [] end

fun selectionSort lt [] = []
  | selectionSort lt (x :: xs) =
      let
        val m = foldl (fn (y, m) => if lt (y, m) then y else m) x xs
        fun removeOne (_, []) = []
          | removeOne (v, y :: ys) = if not (lt (v, y)) andalso not (lt (y, v)) then ys
                                     else y :: removeOne (v, ys)
      in m :: selectionSort lt (removeOne (m, x :: xs)) end

fun heapSort lt (a : 'a array) =
  let
    val n = Array.length a
    fun swap (i, j) = let val t = Array.sub (a, i) in
                        Array.update (a, i, Array.sub (a, j)); Array.update (a, j, t) end
    fun siftDown (start, stop) =
      let val root = ref start
          val continue = ref true
      in
        while !continue andalso 2 * !root + 1 <= stop do
          let
            val child = 2 * !root + 1
            val child = if child + 1 <= stop andalso lt (Array.sub (a, child), Array.sub (a, child + 1))
                        then child + 1 else child
          in
            if lt (Array.sub (a, !root), Array.sub (a, child))
            then (swap (!root, child); root := child)
            else continue := false
          end
      end
    val start = ref ((n - 2) div 2)
    val stop = ref (n - 1)
  in
    while !start >= 0 do (siftDown (!start, n - 1); start := !start - 1);
    while !stop > 0 do (swap (!stop, 0); stop := !stop - 1; siftDown (0, !stop))
  end

fun shellSort lt (a : 'a array) =
  let
    val n = Array.length a
    val gap = ref (n div 2)
  in
    while !gap > 0 do (
      let val i = ref (!gap) in
        while !i < n do (
          let val tmp = Array.sub (a, !i)
              val j = ref (!i)
          in
            while !j >= !gap andalso lt (tmp, Array.sub (a, !j - !gap)) do (
              Array.update (a, !j, Array.sub (a, !j - !gap));
              j := !j - !gap);
            Array.update (a, !j, tmp)
          end;
          i := !i + 1)
      end;
      gap := (if !gap = 2 then 1 else !gap * 5 div 11))
  end

fun arraySort sorter lt xs = let val a = Array.fromList xs in sorter lt a; Array.foldr op:: [] a end

val data = [4, 65, 2, ~31, 0, 99, 2, 83, 782, 1, ~7, 15, 65]
val words = ["pear", "apple", "fig", "banana", "kiwi", "cherry", "date"]
fun showInts xs = String.concatWith " " (map Int.toString xs)

val _ = print ("quick:     " ^ showInts (quicksort (op <, data)) ^ "\n")
val _ = print ("merge:     " ^ showInts (mergesort (op <) data) ^ "\n")
val _ = print ("insertion: " ^ showInts (insertionSort (op <) data) ^ "\n")
val _ = print ("selection: " ^ showInts (selectionSort (op <) data) ^ "\n")
val _ = print ("heap:      " ^ showInts (arraySort heapSort (op <) data) ^ "\n")
val _ = print ("shell:     " ^ showInts (arraySort shellSort (op <) data) ^ "\n")
val _ = print ("descending: " ^ showInts (mergesort (op >) data) ^ "\n")
val _ = print (String.concatWith " " (quicksort (op <, words)) ^ "\n")
val _ = print (String.concatWith " " (arraySort heapSort (fn (a, b) => size a < size b
                                                          orelse size a = size b andalso a < b) words) ^ "\n")

(* all six agree on pseudo-random data *)
val rnd = List.tabulate (150, fn i => (i * 7907 + 13) mod 1009 - 500)
val reference = mergesort (op <) rnd
val agree = List.all (fn s => s = reference)
                     [quicksort (op <, rnd), insertionSort (op <) rnd, selectionSort (op <) rnd,
                      arraySort heapSort (op <) rnd, arraySort shellSort (op <) rnd]
val _ = print ("agree: " ^ Bool.toString agree ^ ", min " ^ Int.toString (hd reference)
               ^ ", max " ^ Int.toString (List.last reference) ^ "\n")
val _ = print (showInts (arraySort heapSort (op <) []) ^ "|" ^ showInts (selectionSort (op <) [5]) ^ "\n")
