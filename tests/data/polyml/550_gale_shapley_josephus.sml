(* Gale-Shapley stable matching with preference vectors and rank arrays,
   a stability check over all pairs, and the Josephus problem solved by a
   circular "next" array and by the recurrence. *)
fun galeShapley (menPrefs : int vector vector, womenPrefs : int vector vector) =
  let val n = Vector.length menPrefs
      val rank = Array2.tabulate Array2.RowMajor (n, n, fn _ => 0)
      val _ = Vector.appi (fn (w, prefs) => Vector.appi (fn (r, m) => Array2.update (rank, w, m, r)) prefs) womenPrefs
      val fiance = Array.array (n, ~1)          (* woman -> man *)
      val nextChoice = Array.array (n, 0)       (* man -> index into his list *)
      val log = ref []
      fun propose [] = ()
        | propose (m :: free) =
            let val i = Array.sub (nextChoice, m)
                val w = Vector.sub (Vector.sub (menPrefs, m), i)
                val _ = Array.update (nextChoice, m, i + 1)
                val current = Array.sub (fiance, w)
            in if current < 0 then (Array.update (fiance, w, m); log := (m, w, "accepts") :: !log; propose free)
               else if Array2.sub (rank, w, m) < Array2.sub (rank, w, current)
               then (Array.update (fiance, w, m); log := (m, w, "trades up") :: !log; propose (current :: free))
               else (log := (m, w, "rejects") :: !log; propose (m :: free))
            end
  in propose (List.tabulate (n, fn m => m)); (fiance, rev (!log), rank) end

val men = Vector.fromList ["abe", "bob", "col", "dan"]
val women = Vector.fromList ["amy", "bea", "cat", "dee"]
val mp = Vector.fromList (map Vector.fromList [[1, 0, 2, 3], [2, 0, 1, 3], [0, 1, 2, 3], [1, 2, 0, 3]])
val wp = Vector.fromList (map Vector.fromList [[0, 1, 2, 3], [3, 0, 1, 2], [2, 1, 0, 3], [0, 3, 2, 1]])
val (fiance, log, rank) = galeShapley (mp, wp)
val _ = List.app (fn (m, w, what) => print (Vector.sub (women, w) ^ " " ^ what ^ " " ^ Vector.sub (men, m) ^ "\n")) log
val _ = Array.appi (fn (w, m) => print (Vector.sub (women, w) ^ " - " ^ Vector.sub (men, m) ^ "\n")) fiance

fun stable (fiance, mp : int vector vector, rank) =
  let val n = Array.length fiance
      fun husband w = Array.sub (fiance, w)
      fun wifeOf m = valOf (Array.findi (fn (_, m') => m' = m) fiance)
      fun prefersM (m, w) = let val prefs = Vector.sub (mp, m)
                                val pos = fn x => #1 (valOf (Vector.findi (fn (_, y) => y = x) prefs))
                            in pos w < pos (#1 (wifeOf m)) end
      val blocking = List.concat (List.tabulate (n, fn m => List.mapPartial (fn w =>
                       if prefersM (m, w) andalso Array2.sub (rank, w, m) < Array2.sub (rank, w, husband w)
                       then SOME (m, w) else NONE) (List.tabulate (n, fn w => w))))
  in blocking end
val _ = print ("blocking pairs: " ^ Int.toString (length (stable (fiance, mp, rank))) ^ "\n")
val _ = Array.update (fiance, 0, 3)
val _ = Array.update (fiance, 1, 0)
val _ = print ("after a swap: " ^ String.concatWith " " (map (fn (m, w) => Vector.sub (men, m) ^ "/" ^ Vector.sub (women, w))
                                                        (stable (fiance, mp, rank))) ^ "\n")

fun josephusSim (n, k) =
  let val next = Array.tabulate (n, fn i => (i + 1) mod n)
      fun go (prev, left, order) =
        if left = 0 then rev order
        else let fun skip (p, 0) = p | skip (p, j) = skip (Array.sub (next, p), j - 1)
                 val p = skip (prev, k - 1)
                 val victim = Array.sub (next, p)
             in Array.update (next, p, Array.sub (next, victim)); go (p, left - 1, victim :: order) end
  in go (n - 1, n, []) end
fun josephus (1, _) = 0 | josephus (n, k) = (josephus (n - 1, k) + k) mod n
val _ = print ("order (7,3): " ^ String.concatWith " " (map Int.toString (josephusSim (7, 3))) ^ "\n")
val _ = List.app (fn (n, k) => print (Int.toString n ^ "," ^ Int.toString k ^ ": survivor " ^ Int.toString (List.last (josephusSim (n, k)))
                                      ^ " recurrence " ^ Int.toString (josephus (n, k)) ^ "\n")) [(7, 3), (41, 3), (10, 1), (1, 5), (100, 7)]
val _ = print (Int.toString (length (josephusSim (0, 2))) ^ " in an empty circle\n")
val _ = List.last (josephusSim (0, 2))
