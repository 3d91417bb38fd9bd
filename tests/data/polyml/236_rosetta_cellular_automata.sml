(* After the Rosetta Code tasks "One-dimensional cellular automata" (the
   Game of Life in one dimension, "_###_##_#_#_#_#__#__" for ten
   generations, as the task prints it) and "Elementary cellular automaton"
   (rules 30, 90 and 110 on a wrapped row, with the rule number's bits read
   through Word.andb / Word.>>). *)

fun nextGen cells =
  let
    val n = size cells
    fun alive i = i >= 0 andalso i < n andalso String.sub (cells, i) = #"#"
    fun cell i =
      let val neighbours = (if alive (i - 1) then 1 else 0) + (if alive (i + 1) then 1 else 0)
      in if alive i then (if neighbours = 1 then #"#" else #"_")
         else (if neighbours = 2 then #"#" else #"_")
      end
  in CharVector.tabulate (n, cell) end

fun generations (cells, 0) = [cells]
  | generations (cells, k) =
      let val next = nextGen cells
      in if next = cells then [cells] else cells :: generations (next, k - 1) end

val _ = List.app (fn (i, g) => print ("Generation " ^ Int.toString i ^ ": " ^ g ^ "\n"))
                 (ListPair.zip (List.tabulate (10, fn i => i),
                                generations ("_###_##_#_#_#_#__#__", 9)))

(* Elementary cellular automata on a ring of cells *)
fun step rule (row : bool vector) =
  let
    val n = Vector.length row
    fun at i = Vector.sub (row, (i + n) mod n)
    fun bit b = if b then 0w1 else 0w0
    fun next i =
      let val k = Word.orb (Word.<< (bit (at (i - 1)), 0w2), Word.orb (Word.<< (bit (at i), 0w1), bit (at (i + 1))))
      in Word.andb (Word.>> (Word.fromInt rule, k), 0w1) = 0w1 end
  in Vector.tabulate (n, next) end

fun render row = CharVector.tabulate (Vector.length row, fn i => if Vector.sub (row, i) then #"#" else #".")

fun run (rule, width, steps) =
  let
    val start = Vector.tabulate (width, fn i => i = width div 2)
    fun loop (row, 0) = ()
      | loop (row, k) = (print (render row ^ "\n"); loop (step rule row, k - 1))
  in
    print ("Rule " ^ Int.toString rule ^ ":\n");
    loop (start, steps)
  end

val _ = run (90, 31, 16)
val _ = run (30, 31, 12)
val _ = run (110, 31, 10)

(* population counts of rule 30 over a longer run *)
fun population row = Vector.foldl (fn (b, n) => if b then n + 1 else n) 0 row
fun counts (rule, width, steps) =
  let fun loop (row, 0, acc) = rev acc
        | loop (row, k, acc) = loop (step rule row, k - 1, population row :: acc)
  in loop (Vector.tabulate (width, fn i => i = width div 2), steps, []) end
val _ = print (String.concatWith " " (map Int.toString (counts (30, 64, 24))) ^ "\n")
