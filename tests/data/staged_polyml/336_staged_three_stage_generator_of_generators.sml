(* Three stages, as the multi-level specialisation papers set them up:
   a linear form sum_i c_i * x_i * y_i where the shape (which terms exist)
   is known first, the coefficients c second and the vectors x, y last.
   Stage one turns the shape into a generator of generators; stage two
   turns coefficients into a specialised function; stage three runs it.
   A second example: a table lookup whose key set is known first, whose
   values come second. *)

(* the unstaged form *)
fun form (shape : int list) (cs : int vector) (x : int vector, y : int vector) =
  foldl (fn (i, acc) => acc + Vector.sub (cs, i) * Vector.sub (x, i) * Vector.sub (y, i)) 0 shape

(* stage 1 -> 2 -> 3: [int vector -> [int vector * int vector -> int]] *)
val stage1Runs = ref 0
fun gen1 (shape : int list) : [int vector -> [int vector * int vector -> int]] =
  let fun terms [] = code (fn _ => code (fn _ => 0))
        | terms (i :: rest) =
            let cogen i' = lift i
                cogen r = terms rest
            in code (fn cs =>
                 let val c = Vector.sub (cs, i')
                     val rest = r cs   (* the generator of the other terms *)
                 in if c = 0 then rest   (* a zero coefficient: no code for this term *)
                    else let cogen c' = lift c
                             cogen j = lift i'
                             cogen r2 = rest
                         in if c = 1 then code (fn (x, y) => Vector.sub (x, j) * Vector.sub (y, j) + r2 (x, y))
                            else code (fn (x, y) => c' * Vector.sub (x, j) * Vector.sub (y, j) + r2 (x, y))
                         end
                 end)
            end
  in stage1Runs := !stage1Runs + 1; terms shape end

(* stage 1 once; stage 2 per coefficient vector; stage 3 per pair of vectors *)
val shape = [0, 2, 3, 5, 7]
val stage2 = eval (gen1 shape)          (* int vector -> [int vector * int vector -> int] *)
val coefficientSets = [Vector.fromList [1, 9, 2, 0, 9, ~3, 9, 1], Vector.fromList [0, 0, 0, 0, 0, 0, 0, 0],
                       Vector.tabulate (8, fn i => i + 1)]
val xs = Vector.tabulate (8, fn i => i - 3)
val ys = Vector.tabulate (8, fn i => 2 * i + 1)
val _ = app (fn cs =>
  let val f = eval (stage2 cs)
      val pairs = [(xs, ys), (ys, xs), (xs, xs), (Vector.tabulate (8, fn _ => 1), ys)]
      val rs = map f pairs
      val ok = ListPair.all (fn (r, p) => r = form shape cs p) (rs, pairs)
  in print (String.concatWith " " (map Int.toString rs) ^ (if ok then "" else " MISMATCH") ^ "\n") end) coefficientSets
val _ = print ("stage one ran " ^ Int.toString (!stage1Runs) ^ " time(s)\n")

(* the three stages in one expression, through two evals *)
val _ = print ("direct: " ^ Int.toString (eval (eval (gen1 [1, 4]) (Vector.fromList [0, 5, 0, 0, 7])) (xs, ys)) ^ "\n")

(* a lookup table: keys first, values second, queries last *)
fun genTable (keys : string list) : [string vector -> [string -> string option]] =
  let fun go (_, []) = code (fn _ => code (fn _ => NONE))
        | go (i, k :: ks) =
            let cogen k' = lift k
                cogen i' = lift i
                cogen rest = go (i + 1, ks)
            in code (fn vals =>
                 let cogen v = lift (SOME (Vector.sub (vals, i')))
                     cogen r = rest vals
                 in code (fn q => if q = k' then v else r q) end)
            end
  in go (0, keys) end

val colours = eval (genTable ["red", "green", "blue"])
val english = eval (colours (Vector.fromList ["#f00", "#0f0", "#00f"]))
val french = eval (colours (Vector.fromList ["rouge", "vert", "bleu"]))
fun showOpt NONE = "-" | showOpt (SOME s) = s
val _ = print (String.concatWith " " (map (fn q => showOpt (english q) ^ "/" ^ showOpt (french q)) ["blue", "red", "mauve", "green"]) ^ "\n")
(* too few values: Subscript at the second stage, before any query *)
val _ = (ignore (colours (Vector.fromList ["only one"])); print "second stage done\n") handle Subscript => print "Subscript at the second stage\n"
