(* Reduced ordered BDDs with a hash-consed node table (arrays, Word hashing)
   and a memoised apply; tautology checks and satisfying-assignment counts. *)
val maxNodes = 4096
val lowA = Array.array (maxNodes, 0)
val highA = Array.array (maxNodes, 0)
val varA = Array.array (maxNodes, 0)
val count = ref 2    (* 0 = false, 1 = true *)
val buckets : int list array = Array.array (257, [])

fun hash3 (v, l, h) =
  Word.toInt (Word.mod (Word.xorb (Word.fromInt v * 0w31 + Word.fromInt l, Word.<< (Word.fromInt h, 0w5)), 0w257))

exception TableFull of int

fun mk (v, l, h) =
  if l = h then l
  else
    let val b = hash3 (v, l, h)
    in case List.find (fn n => Array.sub (varA, n) = v andalso Array.sub (lowA, n) = l andalso Array.sub (highA, n) = h)
                      (Array.sub (buckets, b)) of
         SOME n => n
       | NONE =>
           let val n = !count
           in if n >= maxNodes then raise TableFull n else ();
              Array.update (varA, n, v); Array.update (lowA, n, l); Array.update (highA, n, h);
              Array.update (buckets, b, n :: Array.sub (buckets, b));
              count := n + 1; n
           end
    end

fun var v = mk (v, 0, 1)
fun topVar n = if n < 2 then valOf Int.maxInt else Array.sub (varA, n)

fun apply (oper : bool * bool -> bool) (a, b) =
  let val memo = ref []
      fun go (a, b) =
        if a < 2 andalso b < 2 then (if oper (a = 1, b = 1) then 1 else 0)
        else case List.find (fn ((x, y), _) => x = a andalso y = b) (!memo) of
               SOME (_, r) => r
             | NONE =>
                 let val v = Int.min (topVar a, topVar b)
                     fun split n = if topVar n = v then (Array.sub (lowA, n), Array.sub (highA, n)) else (n, n)
                     val (al, ah) = split a
                     val (bl, bh) = split b
                     val r = mk (v, go (al, bl), go (ah, bh))
                 in memo := ((a, b), r) :: !memo; r end
  in go (a, b) end

val andB = apply (fn (x, y) => x andalso y)
val orB = apply (fn (x, y) => x orelse y)
val xorB = apply (fn (x, y) => x <> y)
fun notB a = xorB (a, 1)
fun impB (a, b) = orB (notB a, b)
fun iffB (a, b) = notB (xorB (a, b))

fun satCount (n, nvars) =
  let fun pow2 k = if k <= 0 then 1 else 2 * pow2 (k - 1)
      fun go (n, level) =
        if n = 0 then 0 else if n = 1 then pow2 (nvars - level)
        else let val v = Array.sub (varA, n)
             in pow2 (v - level) * (go (Array.sub (lowA, n), v + 1) + go (Array.sub (highA, n), v + 1)) end
  in go (n, 0) end

fun size n = let val seen = ref [] fun go n = if n < 2 orelse List.exists (fn m => m = n) (!seen) then ()
                                              else (seen := n :: !seen; go (Array.sub (lowA, n)); go (Array.sub (highA, n)))
             in go n; length (!seen) end

fun report (name, f, nvars) =
  print (StringCvt.padRight #" " 26 name ^ (if f = 1 then "tautology " else if f = 0 then "unsat     " else "          ")
         ^ "nodes " ^ StringCvt.padLeft #" " 3 (Int.toString (size f)) ^ "  models " ^ Int.toString (satCount (f, nvars)) ^ "\n")

val [x0, x1, x2, x3] = map var [0, 1, 2, 3]
val _ = report ("x0 & x1", andB (x0, x1), 4)
val _ = report ("excluded middle", orB (x0, notB x0), 4)
val _ = report ("contradiction", andB (x2, notB x2), 4)
val _ = report ("de morgan", iffB (notB (andB (x0, x1)), orB (notB x0, notB x1)), 4)
val _ = report ("peirce", impB (impB (impB (x0, x1), x0), x0), 4)
val _ = report ("parity of 4", foldl xorB 0 [x0, x1, x2, x3], 4)
val _ = report ("majority of 3", orB (orB (andB (x0, x1), andB (x1, x2)), andB (x0, x2)), 3)
(* n-queens-style: exactly one of 8 variables *)
val xs = List.tabulate (8, var)
val atMostOne = foldl andB 1 (List.concat (List.tabulate (8, fn i => List.tabulate (8, fn j =>
                  if i < j then notB (andB (List.nth (xs, i), List.nth (xs, j))) else 1))))
val exactlyOne = andB (atMostOne, foldl orB 0 xs)
val _ = report ("exactly one of 8", exactlyOne, 8)
val _ = print ("table holds " ^ Int.toString (!count) ^ " nodes\n")
val _ = let fun chain (k, acc) = if k > 3000 then acc else chain (k + 1, xorB (acc, var k)) in chain (8, 0) end
