(* Mastermind with 3 pegs and 4 colours (64 codes as base-4 integers):
   scoring with colour counts in arrays, and a solver that keeps the codes
   consistent with every answer and picks among them by Knuth's
   worst-case rule (Knuth picks among all codes: slower). *)
val pegs = 3 and colours = 4
val all = List.tabulate (64, fn i => i)
fun pow4 0 = 1 | pow4 k = 4 * pow4 (k - 1)
fun digits code = List.tabulate (pegs, fn i => (code div pow4 (pegs - 1 - i)) mod 4)
fun showCode code = implode (map (fn d => String.sub ("RGBY", d)) (digits code))

fun score (secret, guess) =
  let val s = digits secret and g = digits guess
      val black = ListPair.foldl (fn (a, b, n) => if a = b then n + 1 else n) 0 (s, g)
      val cs = Array.array (colours, 0) and cg = Array.array (colours, 0)
      val _ = app (fn d => Array.update (cs, d, Array.sub (cs, d) + 1)) s
      val _ = app (fn d => Array.update (cg, d, Array.sub (cg, d) + 1)) g
      val common = List.foldl (fn (c, n) => n + Int.min (Array.sub (cs, c), Array.sub (cg, c))) 0 (List.tabulate (colours, fn c => c))
  in (black, common - black) end

fun worstCase (guess, candidates) =
  let val buckets = Array2.array (pegs + 1, pegs + 1, 0)
      val _ = app (fn c => let val (b, w) = score (c, guess) in Array2.update (buckets, b, w, Array2.sub (buckets, b, w) + 1) end) candidates
  in Array2.fold Array2.RowMajor Int.max 0 buckets end

fun choose candidates =
  let fun better (g, best as (bg, bw)) =
        let val w = worstCase (g, candidates)
            val inC = List.exists (fn c => c = g) candidates
        in if w < bw orelse (w = bw andalso inC andalso not (List.exists (fn c => c = bg) candidates)) then (g, w) else best end
  in #1 (foldl better (hd candidates, valOf Int.maxInt) candidates) end   (* only consistent guesses, to stay cheap *)

exception Cheated of int list
fun solve secret =
  let fun round (candidates, guess, n, trail) =
        let val (b, w) = score (secret, guess)
            val trail = (guess, b, w) :: trail
        in if b = pegs then (n, rev trail)
           else case List.filter (fn c => score (c, guess) = (b, w)) candidates of
                  [] => raise Cheated (map #1 trail)
                | rest => round (rest, if length rest = 1 then hd rest else choose rest, n + 1, trail)
        end
  in round (all, 0 * 16 + 1 * 4 + 1, 1, []) end

fun report secret =
  let val (n, trail) = solve secret
  in print (showCode secret ^ " in " ^ Int.toString n ^ ": " ^
            String.concatWith " " (map (fn (g, b, w) => showCode g ^ "(" ^ Int.toString b ^ Int.toString w ^ ")") trail) ^ "\n") end

val _ = print (String.concatWith " " (map (fn (s, g) => let val (b, w) = score (s, g) in Int.toString b ^ "/" ^ Int.toString w end)
                                       [(0, 0), (27, 36), (27, 27), (1, 4), (21, 42)]) ^ "\n")
val _ = app report [0, 63, 27, 36, 50, 5, 42]
val results = map (fn s => #1 (solve s)) (List.tabulate (8, fn i => i * 8 + 3))
val _ = print ("8 more secrets: max " ^ Int.toString (foldl Int.max 0 results) ^ " guesses, total " ^ Int.toString (foldl op + 0 results) ^ "\n")
val _ = (fn (b, w) => print (Int.toString b ^ Int.toString w ^ "\n")) (score (64, 0))
