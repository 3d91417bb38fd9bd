(* Specialising a dynamic-programming matcher to a static pattern, in the
   spirit of the KMP test of partial evaluation: the edit distance
   between a known pattern and a run-time word.  The generator unrolls
   the pattern: each of its characters becomes a constant in a
   specialised row update, so the generated code keeps only the loop over
   the word, with one row of m + 1 cells.  Generators are memoised by
   pattern (asking twice generates once). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun min3 (a, b, c) = Int.min (a, Int.min (b, c))

(* unstaged: the full table *)
fun distance (p, w) =
    let val m = size p
        val n = size w
        val row = Array.tabulate (m + 1, fn j => j)
        fun line i =
            if i > n then Array.sub (row, m)
            else let fun cell (j, diag) =
                         if j > m then ()
                         else let val up = Array.sub (row, j)
                                  val v = min3 (up + 1, Array.sub (row, j - 1) + 1,
                                                diag + (if String.sub (p, j - 1) = String.sub (w, i - 1) then 0 else 1))
                              in Array.update (row, j, v); cell (j + 1, up) end
                 in Array.update (row, 0, i); cell (1, i - 1); line (i + 1) end
    in line 1 end

val generated = ref 0

(* the row update for pattern positions j .. m, specialised to their characters *)
fun cells (p, j) : [int array * char * int -> unit] =
    if j > size p then code (fn _ => ())
    else let cogen c = lift (String.sub (p, j - 1))
             cogen jj = lift j
             cogen rest = cells (p, j + 1)
         in code (fn (row, ch, diag) =>
                    let val up = Array.sub (row, jj)
                        val v = min3 (up + 1, Array.sub (row, jj - 1) + 1, diag + (if c = ch then 0 else 1))
                    in Array.update (row, jj, v); rest (row, ch, up) end)
         end

fun specialise p : [string -> int] =
    (generated := !generated + 1;
     let cogen update = cells (p, 1)
         cogen m = lift (size p)
     in code (fn w =>
                let val row = Array.tabulate (m + 1, fn j => j)
                    fun line i = if i > size w then Array.sub (row, m)
                                 else (Array.update (row, 0, i); update (row, String.sub (w, i - 1), i - 1); line (i + 1))
                in line 1 end)
     end)

(* memo table of specialised matchers *)
val table : (string * (string -> int)) list ref = ref []
fun matcher p =
    case List.find (fn (q, _) => q = p) (!table) of
        SOME (_, f) => f
      | NONE => let val f = eval (specialise p) in table := (p, f) :: !table; f end

val words = ["kitten", "sitting", "mitten", "", "kit", "knitting", "smitten"]
val _ = app (fn p =>
               let val f = matcher p
               in pr ("\"" ^ p ^ "\": " ^ String.concatWith " " (map (fn w =>
                        let val a = f w val b = distance (p, w)
                        in pi a ^ (if a = b then "" else "(MISMATCH " ^ pi b ^ ")") end) words))
               end) ["kitten", "sitting", "", "k", "mitten", "kitten", "sitting"]
val _ = pr ("patterns generated: " ^ pi (!generated) ^ " for 7 requests")

(* the closest word to each pattern *)
fun closest p = foldl (fn (w, (bw, bd)) => let val d = matcher p w in if d < bd then (w, d) else (bw, bd) end) ("", 1000) words
val _ = app (fn p => let val (w, d) = closest p in pr ("closest to " ^ p ^ ": " ^ w ^ " at " ^ pi d) end)
            ["mittens", "kitchen", "sit", "knit"]
val _ = pr ("patterns generated now: " ^ pi (!generated))
