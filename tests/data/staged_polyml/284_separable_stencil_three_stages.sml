(* The online-PE paper's stencil specialisation (apply_stencil with the
   Gaussian mask propagated into the code), taken one stage further: the
   mask's radius is known first, its values next, the image last.  The
   first stage unrolls the taps for the radius and yields code that,
   given the values, generates the filter with the values as constants
   (zero taps left out, unit taps without a multiplication): a generator
   of type [int list -> [int array -> int array]].  The 5x5 blur is
   separable, so one 1-D filter runs over the rows and then the columns. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showRow a = String.concatWith " " (List.tabulate (Array.length a, fn i => pi (Array.sub (a, i))))

val stage1 = ref 0
val stage2 = ref 0

(* taps for offsets off .. r, reading the values from the run-time mask list *)
fun taps (off, r) : [int list -> [int array -> int -> int]] =
    if off > r then code (fn _ => code (fn _ => fn _ => 0))
    else
      let val _ = stage1 := !stage1 + 1
          cogen more = taps (off + 1, r)
          cogen o' = lift off
      in code (fn ks =>
                 let val k = hd ks
                     val _ = stage2 := !stage2 + 1
                     cogen rest = more (tl ks)
                     cogen kk = lift k
                 in if k = 0 then code (fn row => fn x => rest row x)
                    else if k = 1 then
                      code (fn row => fn x =>
                              let val n = Array.length row
                                  val j = Int.max (0, Int.min (n - 1, x + o'))
                              in Array.sub (row, j) + rest row x end)
                    else
                      code (fn row => fn x =>
                              let val n = Array.length row
                                  val j = Int.max (0, Int.min (n - 1, x + o'))
                              in kk * Array.sub (row, j) + rest row x end)
                 end)
      end

(* stage 1: the radius; the result generates, from a mask, a row filter dividing by the mask's sum *)
fun filterFor r : [int list -> [int array -> int array]] =
    let cogen sumTaps = taps (~r, r)
    in code (fn ks =>
               let val total = foldl op+ 0 ks
                   cogen body = sumTaps ks
                   cogen d = lift (if total = 0 then 1 else total)
               in code (fn row => Array.tabulate (Array.length row, fn x => body row x div d)) end)
    end

(* unstaged reference *)
fun reference ks row =
    let val n = Array.length row
        val r = length ks div 2
        val total = foldl op+ 0 ks
        val d = if total = 0 then 1 else total
        fun at j = Array.sub (row, Int.max (0, Int.min (n - 1, j)))
    in Array.tabulate (n, fn x => #1 (foldl (fn (k, (s, off)) => (s + k * at (x + off), off + 1)) (0, ~r) ks) div d) end

val radius2 = eval (filterFor 2)
val _ = pr ("stage 1 for radius 2: " ^ pi (!stage1) ^ " taps unrolled")
val gauss = eval (radius2 [1, 4, 6, 4, 1])
val edge = eval (radius2 [~1, ~2, 0, 2, 1])
val box = eval (radius2 [1, 1, 1, 1, 1])
val _ = pr ("stage 2 for three masks: " ^ pi (!stage2) ^ " taps examined")

val row = Array.fromList [0, 0, 16, 32, 16, 0, 0, 80, 80, 80]
fun same (a, b) = Array.foldli (fn (i, v, ok) => ok andalso v = Array.sub (b, i)) true a
val _ = app (fn (name, f, ks) =>
               let val out = f row
               in pr (name ^ ": " ^ showRow out ^ (if same (out, reference ks row) then "" else " MISMATCH")) end)
            [("gauss", gauss, [1, 4, 6, 4, 1]), ("edge", edge, [~1, ~2, 0, 2, 1]), ("box", box, [1, 1, 1, 1, 1])]

(* separable 2-D blur: rows, then columns *)
val image = Array.fromList (map Array.fromList
               [[0, 0, 0, 0, 0, 0], [0, 64, 64, 64, 0, 0], [0, 64, 255, 64, 0, 0],
                [0, 64, 64, 64, 0, 0], [0, 0, 0, 0, 0, 0]])
fun column (img, x) = Array.tabulate (Array.length img, fn y => Array.sub (Array.sub (img, y), x))
fun blur2d f img =
    let val rows = Array.tabulate (Array.length img, fn y => f (Array.sub (img, y)))
        val w = Array.length (Array.sub (img, 0))
        val cols = Array.tabulate (w, fn x => f (column (rows, x)))
    in Array.tabulate (Array.length img, fn y => Array.tabulate (w, fn x => Array.sub (Array.sub (cols, x), y))) end
val blurred = blur2d gauss image
val _ = Array.app (fn r => pr ("  " ^ showRow r)) blurred
val reference2d = blur2d (reference [1, 4, 6, 4, 1]) image
val _ = pr ("2-D agrees with the unstaged filter: " ^
            (if Array.foldli (fn (y, r, ok) => ok andalso same (r, Array.sub (reference2d, y))) true blurred then "yes" else "NO"))

(* radius 1 and 0, and a mask shorter than the radius promised *)
val _ = pr ("radius 1 [1,2,1]: " ^ showRow (eval (eval (filterFor 1) [1, 2, 1]) row))
val _ = pr ("radius 0 [3]: " ^ showRow (eval (eval (filterFor 0) [3]) row))
val _ = pr ("radius 2 with 3 values: " ^ ((ignore (radius2 [1, 2, 1]); "built") handle Empty => "Empty at stage 2"))
