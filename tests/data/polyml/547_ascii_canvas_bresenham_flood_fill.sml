(* ASCII canvas drawing on a char Array2: Bresenham lines in all octants,
   midpoint circles, flood fill with an explicit stack, and clipping that
   reports points outside by an exception only from the strict plotter. *)
val w = 32 and h = 16
val canvas = Array2.array (h, w, #" ")
exception OffCanvas of int * int

fun inside (x, y) = x >= 0 andalso x < w andalso y >= 0 andalso y < h
fun plot c (x, y) = if inside (x, y) then Array2.update (canvas, y, x, c) else ()
fun plotStrict c (x, y) = if inside (x, y) then Array2.update (canvas, y, x, c) else raise OffCanvas (x, y)

fun line c (x0, y0, x1, y1) =
  let val dx = abs (x1 - x0) and dy = ~(abs (y1 - y0))
      val sx = if x0 < x1 then 1 else ~1 and sy = if y0 < y1 then 1 else ~1
      fun step (x, y, err) =
        (plot c (x, y);
         if x = x1 andalso y = y1 then ()
         else let val e2 = 2 * err
                  val (x, err1) = if e2 >= dy then (x + sx, err + dy) else (x, err)
                  val (y, err2) = if e2 <= dx then (y + sy, err1 + dx) else (y, err1)
              in step (x, y, err2) end)
  in step (x0, y0, dx + dy) end

fun circle c (cx, cy, r) =
  let fun octants (x, y) = app (plot c) [(cx + x, cy + y), (cx - x, cy + y), (cx + x, cy - y), (cx - x, cy - y),
                                         (cx + y, cy + x), (cx - y, cy + x), (cx + y, cy - x), (cx - y, cy - x)]
      fun go (x, y, d) = if x > y then () else
                         (octants (x, y);
                          if d < 0 then go (x + 1, y, d + 2 * x + 3) else go (x + 1, y - 1, d + 2 * (x - y) + 5))
  in go (0, r, 1 - r) end

fun fill c (x, y) =
  let val target = Array2.sub (canvas, y, x)
      fun loop [] n = n
        | loop ((x, y) :: rest) n =
            if inside (x, y) andalso Array2.sub (canvas, y, x) = target
            then (Array2.update (canvas, y, x, c); loop ((x + 1, y) :: (x - 1, y) :: (x, y + 1) :: (x, y - 1) :: rest) (n + 1))
            else loop rest n
  in if target = c then 0 else loop [(x, y)] 0 end

fun show () =
  let val border = "+" ^ CharVector.tabulate (w, fn _ => #"-") ^ "+\n"
  in print border;
     List.app (fn r => print ("|" ^ CharVector.tabulate (w, fn c => Array2.sub (canvas, r, c)) ^ "|\n")) (List.tabulate (h, fn r => r));
     print border
  end

val _ = line #"#" (0, 0, 31, 15)
val _ = line #"*" (31, 0, 0, 15)
val _ = line #"=" (2, 13, 29, 13)
val _ = line #"|" (16, 15, 16, 0)
val _ = circle #"o" (8, 7, 5)
val _ = circle #"@" (26, 4, 8)
val _ = show ()
val filled = fill #"." (8, 7)
val _ = print ("filled " ^ Int.toString filled ^ " cells\n")
val _ = Array2.modify Array2.RowMajor (fn #"." => #" " | c => c) canvas
val n = Array2.fold Array2.ColMajor (fn (c, n) => if c = #" " then n else n + 1) 0 canvas
val _ = print ("ink: " ^ Int.toString n ^ " cells, refill " ^ Int.toString (fill #"~" (0, 15)) ^ "\n")
val _ = show ()
val _ = app (plotStrict #"!") [(0, 0), (31, 15), (32, 3)] handle OffCanvas (x, y) => print ("off canvas at " ^ Int.toString x ^ "," ^ Int.toString y ^ "\n")
val _ = fill #"x" (w, 0)
