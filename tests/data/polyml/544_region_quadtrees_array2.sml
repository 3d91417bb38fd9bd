(* Region quadtrees over a square bitmap held in Array2: build, count
   nodes, rotate, intersect/union, and render back; the bitmap is drawn
   from strings. *)
datatype qt = White | Black | Quad of qt * qt * qt * qt   (* nw, ne, sw, se *)

fun fromRows rows =
  let val n = length rows
  in Array2.tabulate Array2.RowMajor (n, n, fn (r, c) => String.sub (List.nth (rows, r), c) = #"#") end

fun build (a, r, c, size) =
  if size = 1 then (if Array2.sub (a, r, c) then Black else White)
  else
    let val h = size div 2
        val q = (build (a, r, c, h), build (a, r, c + h, h), build (a, r + h, c, h), build (a, r + h, c + h, h))
    in case q of
         (White, White, White, White) => White
       | (Black, Black, Black, Black) => Black
       | (nw, ne, sw, se) => Quad (nw, ne, sw, se)
    end

fun nodes White = 1 | nodes Black = 1 | nodes (Quad (a, b, c, d)) = 1 + nodes a + nodes b + nodes c + nodes d
fun area (White, _) = 0 | area (Black, s) = s * s
  | area (Quad (a, b, c, d), s) = let val h = s div 2 in area (a, h) + area (b, h) + area (c, h) + area (d, h) end

fun rotate (Quad (nw, ne, sw, se)) = Quad (rotate sw, rotate nw, rotate se, rotate ne)   (* clockwise *)
  | rotate leaf = leaf

fun norm (q as Quad (White, White, White, White)) = White
  | norm (Quad (Black, Black, Black, Black)) = Black
  | norm q = q
fun combine (leafOp : qt * qt -> qt option) (a, b) =
  case leafOp (a, b) of
    SOME r => r
  | NONE => (case (a, b) of
               (Quad (a1, a2, a3, a4), Quad (b1, b2, b3, b4)) =>
                 norm (Quad (combine leafOp (a1, b1), combine leafOp (a2, b2), combine leafOp (a3, b3), combine leafOp (a4, b4)))
             | (Quad _, leaf) => combine leafOp (a, Quad (leaf, leaf, leaf, leaf))
             | (leaf, _) => combine leafOp (Quad (leaf, leaf, leaf, leaf), b))
val union = combine (fn (Black, _) => SOME Black | (_, Black) => SOME Black | (White, x) => SOME x | (x, White) => SOME x
                      | _ => NONE)
val inter = combine (fn (White, _) => SOME White | (_, White) => SOME White | (Black, x) => SOME x | (x, Black) => SOME x
                      | _ => NONE)

fun render (q, size) =
  let val a = Array2.array (size, size, #".")
      fun paint (White, _, _, _) = ()
        | paint (Black, r, c, s) = List.app (fn i => List.app (fn j => Array2.update (a, r + i, c + j, #"#"))
                                                              (List.tabulate (s, fn j => j))) (List.tabulate (s, fn i => i))
        | paint (Quad (nw, ne, sw, se), r, c, s) =
            let val h = s div 2 in paint (nw, r, c, h); paint (ne, r, c + h, h); paint (sw, r + h, c, h); paint (se, r + h, c + h, h) end
  in paint (q, 0, 0, size);
     List.tabulate (size, fn r => CharVector.tabulate (size, fn c => Array2.sub (a, r, c)))
  end

fun show (label, q) =
  (print (label ^ ": " ^ Int.toString (nodes q) ^ " nodes, area " ^ Int.toString (area (q, 8)) ^ "\n");
   app (fn row => print ("  " ^ row ^ "\n")) (render (q, 8)))

val img1 = ["........", ".######.", ".######.", ".##..##.", ".##..##.", ".######.", ".######.", "........"]
val img2 = ["####....", "####....", "####....", "####....", "........", "........", "........", "#......#"]
val q1 = build (fromRows img1, 0, 0, 8)
val q2 = build (fromRows img2, 0, 0, 8)
val _ = show ("ring", q1)
val _ = show ("corner", q2)
val _ = show ("rotated corner", rotate q2)
val _ = show ("union", union (q1, q2))
val _ = show ("intersection", inter (q1, rotate (rotate q2)))
val _ = print (Bool.toString (rotate (rotate (rotate (rotate q1))) = q1) ^ " "
               ^ Bool.toString (union (q1, Black) = Black) ^ " " ^ Bool.toString (inter (q2, White) = White) ^ "\n")
val _ = build (fromRows ["#.", "."], 0, 0, 2)
