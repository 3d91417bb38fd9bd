(* Refs and arrays in generated code, as a systems programmer stages them:
   a histogram whose bucket boundaries are known (the bucket search becomes
   a generated decision tree, the counts an array the generated code
   updates), a moving average over a window of known size (a ring buffer
   allocated by the generated code, its index arithmetic specialised to
   the window), and a counter shared between the generator and the
   generated code through a lifted ref. *)

(* bucket k holds bounds[k-1] <= x < bounds[k]; bucket 0 below the first bound *)
fun bucketOf (bounds : int list) (x : int) =
  let fun go (k, []) = k | go (k, b :: bs) = if x < b then k else go (k + 1, bs) in go (0, bounds) end

fun genBucket (bounds : int vector) (lo : int) (hi : int) : [int -> int] =
  (* the answer lies in lo..hi; bounds[lo..hi-1] separate them *)
  if lo = hi then let cogen k = lift lo in code (fn _ => k) end
  else let val mid = (lo + hi) div 2
           cogen b = lift (Vector.sub (bounds, mid))
           cogen left = genBucket bounds lo mid
           cogen right = genBucket bounds (mid + 1) hi
       in code (fn x => if x < b then left x else right x) end

fun genHistogram (bounds : int list) : [int list -> int array] =
  let val bv = Vector.fromList bounds
      cogen which = genBucket bv 0 (length bounds)
      cogen n = lift (length bounds + 1)
  in code (fn xs => let val counts = Array.array (n, 0)
                    in app (fn x => let val k = which x in Array.update (counts, k, Array.sub (counts, k) + 1) end) xs;
                       counts end) end

fun showA a = "[" ^ String.concatWith " " (map Int.toString (Array.foldr op:: [] a)) ^ "]"

val bounds = [0, 10, 20, 50, 100, 1000]
val data = List.tabulate (400, fn i => (i * i * 7 + 3 * i) mod 1500 - 100)
val hist = eval (genHistogram bounds)
val h = hist data
val _ = print ("histogram " ^ showA h ^ "\n")
val ref' = Array.array (length bounds + 1, 0)
val _ = app (fn x => let val k = bucketOf bounds x in Array.update (ref', k, Array.sub (ref', k) + 1) end) data
val _ = print ("agrees: " ^ Bool.toString (showA h = showA ref') ^ "\n")
(* every call of the generated function gets its own counts array *)
val h2 = hist [5, 5, 5]
val _ = print ("second call " ^ showA h2 ^ ", first unchanged " ^ showA h ^ "\n")

(* a moving average over a window of w: the generated code owns a ring buffer *)
fun genMovingAvg (w : int) : [unit -> int -> int] =
  let cogen w' = lift w
  in code (fn () =>
       let val buf = Array.array (w', 0)
           val pos = ref 0
           val sum = ref 0
           val seen = ref 0
       in fn x => (sum := !sum - Array.sub (buf, !pos) + x;
                   Array.update (buf, !pos, x);
                   pos := (if !pos + 1 = w' then 0 else !pos + 1);
                   if !seen < w' then seen := !seen + 1 else ();
                   !sum div !seen)
       end)
  end

val newAvg4 = eval (genMovingAvg 4)
val a = newAvg4 ()
val b = newAvg4 ()
val series = [10, 20, 30, 40, 50, 60, 10, 10, 10, 10]
val _ = print ("avg4: " ^ String.concatWith " " (map (fn x => Int.toString (a x)) series) ^ "\n")
(* b is a second, independent buffer *)
val _ = print ("b after one 100: " ^ Int.toString (b 100) ^ ", a after 0: " ^ Int.toString (a 0) ^ "\n")
val avg1 = eval (genMovingAvg 1) ()
val _ = print ("avg1: " ^ String.concatWith " " (map (fn x => Int.toString (avg1 x)) [3, 9, 27]) ^ "\n")

(* a ref shared by both stages: the generator counts what it emits, the
   generated code counts how often it runs, in the same cell *)
val events = ref ([] : string list)
fun note s = events := s :: !events
val shared = ref 0
fun genCounted (name : string) : [int -> int] =
  let val () = note ("generate " ^ name)
      val () = shared := !shared + 100
      cogen cell = lift shared
      cogen nm = lift name
  in code (fn x => (cell := !cell + 1; note ("run " ^ nm); x + !cell)) end
val f = eval (genCounted "f")
val g = eval (genCounted "g")
val r1 = f 0
val r2 = g 0
val r3 = f 0
val _ = print ("results " ^ Int.toString r1 ^ " " ^ Int.toString r2 ^ " " ^ Int.toString r3 ^ ", shared = " ^ Int.toString (!shared) ^ "\n")
val _ = print (String.concatWith "; " (rev (!events)) ^ "\n")

(* arrays of generated functions, indexed by a run-time value *)
val table = Array.tabulate (5, fn k => eval (genBucket (Vector.fromList (List.tabulate (k, fn j => j * 10))) 0 k))
val _ = print ("buckets of 25 by table size: " ^ String.concatWith " " (List.tabulate (5, fn k => Int.toString (Array.sub (table, k) 25))) ^ "\n")
(* in place: the generated code sorts an array of 3 by a fixed network *)
val sort3 = eval (code (fn arr =>
  let fun cswap (i, j) = if Array.sub (arr, i) > Array.sub (arr, j)
                         then let val t = Array.sub (arr, i) in Array.update (arr, i, Array.sub (arr, j)); Array.update (arr, j, t) end
                         else ()
  in cswap (0, 1); cswap (1, 2); cswap (0, 1) end))
val arrs = map Array.fromList [[3, 2, 1], [1, 2, 3], [2, 3, 1], [5, 5, 4]]
val _ = app sort3 arrs
val _ = print ("sorted: " ^ String.concatWith " " (map showA arrs) ^ "\n")
