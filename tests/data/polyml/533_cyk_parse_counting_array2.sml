(* CYK recognition and parse-tree counting for a grammar in Chomsky normal
   form, with Array2 tables of nonterminal lists and of counts. *)
datatype rule = Unit of string * char | Pair of string * string * string

val grammar =
  [Pair ("S", "NP", "VP"), Pair ("VP", "VP", "PP"), Pair ("VP", "V", "NP"),
   Pair ("PP", "P", "NP"), Pair ("NP", "Det", "N"), Pair ("NP", "NP", "PP"),
   Unit ("NP", #"i"), Unit ("V", #"s"), Unit ("Det", #"t"), Unit ("N", #"m"),
   Unit ("N", #"e"), Unit ("P", #"w"), Unit ("N", #"f")]

fun nonterminals g =
  foldr (fn (Unit (a, _), acc) => if List.exists (fn x => x = a) acc then acc else a :: acc
          | (Pair (a, _, _), acc) => if List.exists (fn x => x = a) acc then acc else a :: acc) [] g

val nts = Vector.fromList (nonterminals grammar)
val numNt = Vector.length nts
fun ntIndex a = case Vector.findi (fn (_, x) => x = a) nts of SOME (i, _) => i | NONE => raise Fail ("unknown " ^ a)

(* counts: Array2 (n*n) of int vectors-as-arrays per nonterminal, stored as
   a 2-D array of arrays *)
fun cyk (word : string) =
  let val n = size word
      val t = Array2.tabulate Array2.RowMajor (n, n, fn _ => Array.array (numNt, 0))
      fun cell (i, j) = Array2.sub (t, i, j)
      fun add (arr, k, v) = Array.update (arr, k, Array.sub (arr, k) + v)
      val _ = List.tabulate (n, fn i =>
                List.app (fn Unit (a, c) => if c = String.sub (word, i) then add (cell (i, i), ntIndex a, 1) else ()
                           | Pair _ => ()) grammar)
      fun span len = List.tabulate (n - len + 1, fn i =>
            let val j = i + len - 1
            in List.tabulate (len - 1, fn k =>
                 List.app (fn Pair (a, b, c) =>
                              let val l = Array.sub (cell (i, i + k), ntIndex b)
                                  val r = Array.sub (cell (i + k + 1, j), ntIndex c)
                              in if l * r > 0 then add (cell (i, j), ntIndex a, l * r) else () end
                            | Unit _ => ()) grammar) end)
      val _ = List.tabulate (Int.max (n - 1, 0), fn k => span (k + 2))
  in t end

fun report w =
  let val t = cyk w
      val n = size w
      val counts = Array2.sub (t, 0, n - 1)
      val s = Array.sub (counts, ntIndex "S")
      val present = Array.foldri (fn (i, c, acc) => if c > 0 then Vector.sub (nts, i) :: acc else acc) [] counts
  in print (StringCvt.padRight #" " 14 w ^ StringCvt.padLeft #" " 3 (Int.toString s) ^ " parse(s); top cell: "
            ^ String.concatWith " " present ^ "\n")
  end

val _ = print ("nonterminals: " ^ String.concatWith "," (Vector.foldr (op ::) [] nts) ^ "\n")
val _ = app report ["istm", "istmwtf", "istmwtfwte", "i", "tm", "stm", "istmwtfwtewtm"]
val _ = report ""
