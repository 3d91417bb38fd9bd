(* Cellular automata: elementary rules on a word-packed row (Word bit
   operations), Conway's life on a torus in a two-dimensional array with
   generation detection, and Langton's ant on a vector of vectors. *)

(* --- Elementary automaton: 60 cells packed in a word --- *)
val width = 60
val mask = Word.- (Word.<< (0w1, Word.fromInt width), 0w1)

fun bit (w, i) = Word.andb (Word.>> (w, Word.fromInt i), 0w1) = 0w1

fun stepRule rule row =
  let
    fun cell i =
      let val l = if bit (row, (i + 1) mod width) then 4 else 0
          val c = if bit (row, i) then 2 else 0
          val r = if bit (row, (i + width - 1) mod width) then 1 else 0
      in bit (Word.fromInt rule, l + c + r) end
    fun build (i, acc) = if i < 0 then acc
                         else build (i - 1, if cell i then Word.orb (acc, Word.<< (0w1, Word.fromInt i)) else acc)
  in Word.andb (build (width - 1, 0w0), mask) end

fun rowString row = implode (List.tabulate (width, fn i => if bit (row, width - 1 - i) then #"#" else #"."))

fun popcount w = if w = 0w0 then 0 else 1 + popcount (Word.andb (w, w - 0w1))

fun runRule (rule, gens) =
  let val start = Word.<< (0w1, Word.fromInt (width div 2))
      fun go (k, row) =
        if k = gens then row
        else (print (rowString row ^ "\n"); go (k + 1, stepRule rule row))
  in print ("rule " ^ Int.toString rule ^ ":\n");
     let val final = go (0, start)
     in print ("after " ^ Int.toString gens ^ ": " ^ Int.toString (popcount final) ^ " live, word "
               ^ Word.toString final ^ "\n") end
  end

val () = runRule (90, 16)
val () = runRule (30, 12)
val () = runRule (110, 8)

(* --- Life on a torus --- *)
type grid = bool Array.array * int * int

fun newGrid (h, w) : grid = (Array.array (h * w, false), h, w)
fun get ((a, h, w) : grid) (r, c) = Array.sub (a, ((r + h) mod h) * w + (c + w) mod w)
fun setCell ((a, _, w) : grid) (r, c) v = Array.update (a, r * w + c, v)

fun neighbours g (r, c) =
  foldl (fn ((dr, dc), n) => if get g (r + dr, c + dc) then n + 1 else n) 0
        [(~1, ~1), (~1, 0), (~1, 1), (0, ~1), (0, 1), (1, ~1), (1, 0), (1, 1)]

fun lifeStep (g as (a, h, w)) =
  let val g' as (a', _, _) = newGrid (h, w)
  in
    Array.appi (fn (i, alive) =>
      let val n = neighbours g (i div w, i mod w)
      in Array.update (a', i, n = 3 orelse (alive andalso n = 2)) end) a;
    g'
  end

fun render ((a, h, w) : grid) =
  List.app (fn r => print (implode (List.tabulate (w, fn c => if Array.sub (a, r * w + c) then #"O" else #".")) ^ "\n"))
           (List.tabulate (h, fn r => r))

fun population ((a, _, _) : grid) = Array.foldl (fn (b, n) => if b then n + 1 else n) 0 a
fun fingerprint ((a, _, _) : grid) = Array.foldli (fn (i, b, acc) => if b then (acc * 31 + i) mod 1000000007 else acc) 7 a

fun place g (r0, c0) cells = List.app (fn (r, c) => setCell g (r0 + r, c0 + c) true) cells

val glider = [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
val blinker = [(0, 0), (0, 1), (0, 2)]

val g = newGrid (10, 12)
val () = place g (0, 0) glider
val () = place g (6, 7) blinker
val () = render g

(* Run until a state repeats, remembering fingerprints. *)
fun findCycle (g, seen, k) =
  let val s = fingerprint g
  in case List.find (fn (s', _) => s' = s) seen of
       SOME (_, k0) => (k0, k, g)
     | NONE => if k > 200 then raise Fail "no cycle" else findCycle (lifeStep g, (s, k) :: seen, k + 1)
  end

val (first, again, gEnd) = findCycle (g, [], 0)
val () = print ("state " ^ Int.toString first ^ " repeats at generation " ^ Int.toString again ^
                ", period " ^ Int.toString (again - first) ^ ", population " ^ Int.toString (population gEnd) ^ "\n")
val () = render gEnd

(* R-pentomino on a small torus: population over time *)
val rp = newGrid (16, 16)
val () = place rp (7, 7) [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]
fun pops (g, 0, acc) = rev acc
  | pops (g, k, acc) = pops (lifeStep g, k - 1, population g :: acc)
val () = print (String.concatWith " " (map Int.toString (pops (rp, 16, []))) ^ "\n")

(* --- Langton's ant on a vector of rows rebuilt functionally --- *)
datatype heading = N | E | S | W
fun turnRight h = case h of N => E | E => S | S => W | W => N
fun turnLeft h = case h of N => W | W => S | S => E | E => N

fun ant (size, steps) =
  let
    val board = Vector.tabulate (size, fn _ => Vector.tabulate (size, fn _ => false))
    fun flip (b, r, c) = Vector.update (b, r, Vector.update (Vector.sub (b, r), c, not (Vector.sub (Vector.sub (b, r), c))))
    fun go (0, b, _, _, _) = b
      | go (k, b, r, c, h) =
          let val black = Vector.sub (Vector.sub (b, r), c)
              val h' = if black then turnLeft h else turnRight h
              val b' = flip (b, r, c)
              val (r', c') = case h' of N => (r - 1, c) | S => (r + 1, c) | E => (r, c + 1) | W => (r, c - 1)
          in go (k - 1, b', r', c', h') end
  in go (steps, board, size div 2, size div 2, N) end

val b = ant (21, 400)
val () = Vector.app (fn row => print (Vector.foldr (fn (x, s) => (if x then "#" else " ") ^ s) "" row ^ "|\n")) b
val blacks = Vector.foldl (fn (row, n) => Vector.foldl (fn (x, n) => if x then n + 1 else n) n row) 0 b
val () = print ("black cells: " ^ Int.toString blacks ^ "\n")
(* On a board too small the ant walks off the edge. *)
val _ = ant (5, 200)
