(* After the Rosetta Code tasks "Word wrap" (greedy wrapping at a given
   width) and "Align columns" (left, right and centre alignment of
   $-separated fields), in the style of the Standard ML entries: tokens,
   foldl over words with an accumulator of lines, StringCvt padding. *)

val text = "In olden times when wishing still helped one, there lived a king \
           \whose daughters were all beautiful, but the youngest was so \
           \beautiful that the sun itself, which has seen so much, was \
           \astonished whenever it shone in her face."

fun wrap width s =
  let
    fun step (w, (line, lines)) =
      if line = "" then (w, lines)
      else if size line + 1 + size w <= width then (line ^ " " ^ w, lines)
      else (w, line :: lines)
    val (last, lines) = foldl step ("", []) (String.tokens Char.isSpace s)
  in rev (if last = "" then lines else last :: lines) end

fun justify width line =
  let
    val ws = String.tokens (fn c => c = #" ") line
    val gaps = length ws - 1
    val spaces = width - foldl (fn (w, n) => n + size w) 0 ws
    fun build ([], _) = ""
      | build ([w], _) = w
      | build (w :: rest, i) =
          let val n = spaces div gaps + (if i < spaces mod gaps then 1 else 0)
          in w ^ CharVector.tabulate (n, fn _ => #" ") ^ build (rest, i + 1) end
  in if gaps = 0 then line else build (ws, 0) end

fun frame width lines = app (fn l => print ("|" ^ StringCvt.padRight #" " width l ^ "|\n")) lines

val _ = frame 72 (wrap 72 text)
val _ = print "\n"
val narrow = wrap 30 text
val _ = frame 30 narrow
val _ = print "\n"
val _ = frame 30 (map (justify 30) (List.take (narrow, length narrow - 1)) @ [List.last narrow])
val _ = print "\n"

val table = "Given$a$text$file$of$many$lines,$where$fields$within$a$line$\n\
            \are$delineated$by$a$single$'dollar'$character,$write$a$program\n\
            \that$aligns$each$column$of$fields$by$ensuring$that$words$in$each$\n\
            \column$are$separated$by$at$least$one$space."

val rows = map (String.fields (fn c => c = #"$")) (String.tokens (fn c => c = #"\n") table)

fun columnWidths rows =
  let
    fun widen (row, ws) =
      let fun go ([], ws) = ws
            | go (f :: fs, []) = size f :: go (fs, [])
            | go (f :: fs, w :: ws) = Int.max (size f, w) :: go (fs, ws)
      in go (row, ws) end
  in foldl widen [] rows end

datatype align = Left | Right | Centre

fun pad Left (w, s) = StringCvt.padRight #" " w s
  | pad Right (w, s) = StringCvt.padLeft #" " w s
  | pad Centre (w, s) =
      let val extra = w - size s
          val l = extra div 2
      in StringCvt.padRight #" " w (CharVector.tabulate (l, fn _ => #" ") ^ s) end

fun showTable how =
  let val widths = columnWidths rows
  in app (fn row =>
            print (String.concatWith " " (ListPair.map (pad how) (widths, row)) ^ "\n")) rows
  end

val _ = showTable Left
val _ = showTable Right
val _ = showTable Centre
val _ = print (Int.toString (length (columnWidths rows)) ^ " columns\n")
