(* Fenwick (binary indexed) tree for prefix sums, and a segment tree for
   range minimum, both over arrays; checked against naive loops. *)
fun lowbit i = Word.toInt (Word.andb (Word.fromInt i, Word.~ (Word.fromInt i)))

fun fenwick n = Array.array (n + 1, 0)
fun fwAdd (t, i, d) =
  let val n = Array.length t - 1
      fun loop j = if j > n then ()
                   else (Array.update (t, j, Array.sub (t, j) + d); loop (j + lowbit j))
  in loop (i + 1) end
fun fwPrefix (t, i) =  (* sum of items 0 .. i-1 *)
  let fun loop (j, acc) = if j <= 0 then acc else loop (j - lowbit j, acc + Array.sub (t, j))
  in loop (i, 0) end
fun fwRange (t, lo, hi) = fwPrefix (t, hi) - fwPrefix (t, lo)

(* segment tree: leaves at size .. 2*size-1 *)
fun segBuild xs =
  let val n = length xs
      fun pow2 k = if k >= n then k else pow2 (2 * k)
      val size = pow2 1
      val t = Array.array (2 * size, valOf Int.maxInt)
      val _ = List.foldl (fn (x, i) => (Array.update (t, size + i, x); i + 1)) 0 xs
      fun up i = if i = 0 then ()
                 else (Array.update (t, i, Int.min (Array.sub (t, 2*i), Array.sub (t, 2*i+1))); up (i - 1))
  in up (size - 1); (size, t) end
fun segSet ((size, t), i, v) =
  let fun up j = if j = 0 then ()
                 else (Array.update (t, j, Int.min (Array.sub (t, 2*j), Array.sub (t, 2*j+1))); up (j div 2))
  in Array.update (t, size + i, v); up ((size + i) div 2) end
fun segMin ((size, t), lo, hi) =   (* min over [lo, hi) *)
  let fun go (l, r, acc) =
        if l >= r then acc
        else let val (acc, l) = if l mod 2 = 1 then (Int.min (acc, Array.sub (t, l)), l + 1) else (acc, l)
                 val (acc, r) = if r mod 2 = 1 then (Int.min (acc, Array.sub (t, r - 1)), r - 1) else (acc, r)
             in go (l div 2, r div 2, acc) end
  in go (lo + size, hi + size, valOf Int.maxInt) end

val seed = ref 0w12345
fun rand n = (seed := Word.andb (!seed * 0w1103515245 + 0w12345, 0wx7FFFFFFF);
              Word.toInt (!seed) mod n)

val n = 37
val data = Array.tabulate (n, fn _ => rand 100 - 50)
val fw = fenwick n
val _ = Array.appi (fn (i, x) => fwAdd (fw, i, x)) data
val seg = segBuild (Array.foldr (op ::) [] data)

fun naiveSum (lo, hi) = let fun s (i, a) = if i >= hi then a else s (i + 1, a + Array.sub (data, i)) in s (lo, 0) end
fun naiveMin (lo, hi) = let fun s (i, a) = if i >= hi then a else s (i + 1, Int.min (a, Array.sub (data, i))) in s (lo, valOf Int.maxInt) end

val mismatches = ref 0
fun query k =
  let val a = rand n val b = rand n
      val (lo, hi) = if a <= b then (a, b + 1) else (b, a + 1)
      val s = fwRange (fw, lo, hi) val m = segMin (seg, lo, hi)
  in if s <> naiveSum (lo, hi) orelse m <> naiveMin (lo, hi) then mismatches := !mismatches + 1 else ();
     if k mod 10 = 0 then
       print (concat ["[", StringCvt.padLeft #" " 2 (Int.toString lo), ",",
                      StringCvt.padLeft #" " 2 (Int.toString hi), ") sum=",
                      StringCvt.padLeft #" " 5 (Int.toString s), " min=", Int.toString m, "\n"])
     else ()
  end
fun update () =
  let val i = rand n val v = rand 200 - 100
  in fwAdd (fw, i, v - Array.sub (data, i)); Array.update (data, i, v); segSet (seg, i, v) end

val _ = List.app (fn k => (query k; if k mod 3 = 0 then update () else ())) (List.tabulate (120, fn k => k))
val _ = print ("mismatches: " ^ Int.toString (!mismatches) ^ "\n")
val _ = print ("total: " ^ Int.toString (fwPrefix (fw, n)) ^ " lowbits: "
               ^ String.concatWith "," (List.tabulate (12, Int.toString o lowbit)) ^ "\n")
