(* ASCII art from integer arithmetic only: a Mandelbrot set in 16.16 fixed point (escape counts
   mapped to characters), a Bresenham circle and lines drawn into a CharArray-like array of
   strings, and a checksum of every row as a word *)
val scale = 65536
fun fx (n, d) = n * scale div d
fun fmul (a, b) = a * b div scale

fun escape (cr, ci, limit) =
    let fun go (zr, zi, k) =
            if k = limit then k
            else let val zr2 = fmul (zr, zr) and zi2 = fmul (zi, zi)
                 in if zr2 + zi2 > 4 * scale then k
                    else go (zr2 - zi2 + cr, 2 * fmul (zr, zi) + ci, k + 1)
                 end
    in go (0, 0, 0) end

val shades = " .:-=+*#%@"
fun shade k = String.sub (shades, k * (size shades - 1) div 30)

fun mandelRow y =
    CharVector.tabulate (64, fn x =>
        shade (escape (fx (x, 24) - fx (5, 2), fx (y, 12) - fx (1, 1), 30)))

val rows = List.tabulate (25, mandelRow)
val _ = List.app (fn r => print (r ^ "|\n")) rows

fun checksum s = CharVector.foldl (fn (c, h) => Word.xorb (Word.<< (h, 0w5) + Word.>> (h, 0w58), Word.fromInt (ord c))) 0w0 s
val _ = print ("checksum " ^ Word.fmt StringCvt.HEX (foldl (fn (r, h) => Word.xorb (h, checksum r)) 0w0 rows) ^ "\n")

(* a canvas: an array of mutable rows (arrays of chars) *)
val w = 41 and h = 21
val canvas = Array.tabulate (h, fn _ => Array.array (w, #"."))
fun plot (x, y, c) =
    if x >= 0 andalso x < w andalso y >= 0 andalso y < h then Array.update (Array.sub (canvas, y), x, c) else ()

fun line (x0, y0, x1, y1, c) =
    let val dx = abs (x1 - x0) and dy = ~ (abs (y1 - y0))
        val sx = if x0 < x1 then 1 else ~1 and sy = if y0 < y1 then 1 else ~1
        fun go (x, y, err) =
            (plot (x, y, c);
             if x = x1 andalso y = y1 then ()
             else let val e2 = 2 * err
                      val (x', err') = if e2 >= dy then (x + sx, err + dy) else (x, err)
                      val (y', err'') = if e2 <= dx then (y + sy, err' + dx) else (y, err')
                  in go (x', y', err'') end)
    in go (x0, y0, dx + dy) end

fun circle (cx, cy, r, c) =
    let fun go (x, y, err) =
            if x < y then ()
            else (List.app (fn (a, b) => plot (cx + a, cy + b, c))
                           [(x, y), (y, x), (~y, x), (~x, y), (~x, ~y), (~y, ~x), (y, ~x), (x, ~y)];
                  if err <= 0 then go (x, y + 1, err + 2 * y + 3)
                  else go (x - 1, y, err - 2 * x + 1))
    in go (r, 0, 1 - r) end

val _ = circle (20, 10, 9, #"o")
val _ = line (0, 0, 40, 20, #"\\")
val _ = line (0, 20, 40, 0, #"/")
val _ = line (20, 0, 20, 20, #"|")
val _ = plot (~1, 5, #"X")
val _ = plot (20, 10, #"+")
val _ = Array.app (fn row => print (implode (Array.foldr (op ::) [] row) ^ "\n")) canvas
val filled = Array.foldl (fn (row, n) => Array.foldl (fn (c, n) => if c = #"." then n else n + 1) n row) 0 canvas
val _ = print (Int.toString filled ^ " of " ^ Int.toString (w * h) ^ " cells drawn\n")
