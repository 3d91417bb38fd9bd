(* Dynamic programming over arrays of arrays: Levenshtein distance with the edit script
   recovered by walking back, a line diff from the longest common subsequence (printed in
   unified style with + and -), and the Damerau transposition variant *)
fun table (rows, cols, init) = Array.tabulate (rows, fn i => Array.tabulate (cols, fn j => init (i, j)))
fun get (t, i, j) = Array.sub (Array.sub (t, i), j)
fun set (t, i, j, v) = Array.update (Array.sub (t, i), j, v)
fun min3 (a, b, c) = Int.min (a, Int.min (b, c))

datatype edit = Keep of char | Sub of char * char | Ins of char | Del of char

fun levenshtein (a, b) =
    let val n = size a and m = size b
        val d = table (n + 1, m + 1, fn (i, j) => if i = 0 then j else if j = 0 then i else 0)
        fun fill (i, j) =
            if i > n then ()
            else if j > m then fill (i + 1, 1)
            else
              let val cost = if String.sub (a, i - 1) = String.sub (b, j - 1) then 0 else 1
              in set (d, i, j, min3 (get (d, i - 1, j) + 1, get (d, i, j - 1) + 1, get (d, i - 1, j - 1) + cost));
                 fill (i, j + 1)
              end
        val _ = fill (1, 1)
        fun back (0, 0, acc) = acc
          | back (i, 0, acc) = back (i - 1, 0, Del (String.sub (a, i - 1)) :: acc)
          | back (0, j, acc) = back (0, j - 1, Ins (String.sub (b, j - 1)) :: acc)
          | back (i, j, acc) =
            let val x = String.sub (a, i - 1) and y = String.sub (b, j - 1)
                val here = get (d, i, j)
            in if x = y andalso here = get (d, i - 1, j - 1) then back (i - 1, j - 1, Keep x :: acc)
               else if here = get (d, i - 1, j - 1) + 1 then back (i - 1, j - 1, Sub (x, y) :: acc)
               else if here = get (d, i - 1, j) + 1 then back (i - 1, j, Del x :: acc)
               else back (i, j - 1, Ins y :: acc)
            end
    in (get (d, n, m), back (n, m, [])) end

fun editStr (Keep c) = str c
  | editStr (Sub (x, y)) = "(" ^ str x ^ ">" ^ str y ^ ")"
  | editStr (Ins c) = "[+" ^ str c ^ "]"
  | editStr (Del c) = "[-" ^ str c ^ "]"

fun damerau (a, b) =
    let val n = size a and m = size b
        val d = table (n + 1, m + 1, fn (i, j) => if i = 0 then j else if j = 0 then i else 0)
        fun at (s, k) = String.sub (s, k - 1)
        val _ = List.app (fn i => List.app (fn j =>
                    let val cost = if at (a, i) = at (b, j) then 0 else 1
                        val v = min3 (get (d, i - 1, j) + 1, get (d, i, j - 1) + 1, get (d, i - 1, j - 1) + cost)
                        val v = if i > 1 andalso j > 1 andalso at (a, i) = at (b, j - 1) andalso at (a, i - 1) = at (b, j)
                                then Int.min (v, get (d, i - 2, j - 2) + 1) else v
                    in set (d, i, j, v) end) (List.tabulate (m, fn j => j + 1))) (List.tabulate (n, fn i => i + 1))
    in get (d, n, m) end

val pairs = [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("abc", ""), ("same", "same"),
             ("ca", "ac"), ("intention", "execution"), ("abcdef", "badcfe")]
val _ = List.app (fn (a, b) =>
            let val (k, script) = levenshtein (a, b)
            in print (a ^ " -> " ^ b ^ ": " ^ Int.toString k ^ " (damerau " ^ Int.toString (damerau (a, b)) ^ ") "
                      ^ String.concat (map editStr script) ^ "\n")
            end) pairs

(* line diff through the LCS table over vectors of lines *)
fun diff (old, new) =
    let val a = Vector.fromList old and b = Vector.fromList new
        val n = Vector.length a and m = Vector.length b
        val l = table (n + 1, m + 1, fn _ => 0)
        fun fill i = if i < 0 then ()
                     else (let fun col j = if j < 0 then ()
                                          else (set (l, i, j, if Vector.sub (a, i) = Vector.sub (b, j) then 1 + get (l, i + 1, j + 1)
                                                              else Int.max (get (l, i + 1, j), get (l, i, j + 1)));
                                                col (j - 1))
                           in col (m - 1) end; fill (i - 1))
        val _ = fill (n - 1)
        fun walk (i, j) =
            if i < n andalso j < m andalso Vector.sub (a, i) = Vector.sub (b, j) then ("  " ^ Vector.sub (a, i)) :: walk (i + 1, j + 1)
            else if j < m andalso (i = n orelse get (l, i, j + 1) >= get (l, i + 1, j)) then ("+ " ^ Vector.sub (b, j)) :: walk (i, j + 1)
            else if i < n then ("- " ^ Vector.sub (a, i)) :: walk (i + 1, j)
            else []
    in (get (l, 0, 0), walk (0, 0)) end

val old = ["fun fact 0 = 1", "  | fact n = n * fact (n - 1)", "", "val x = fact 5", "val _ = print x"]
val new = ["(* factorial *)", "fun fact 0 = 1", "  | fact n = n * fact (n - 1)", "val x = fact 10", "val _ = print x", "val _ = print \"\\n\""]
val (common, lines) = diff (old, new)
val _ = print ("common lines: " ^ Int.toString common ^ "\n")
val _ = List.app (fn s => print (s ^ "\n")) lines
val (c2, l2) = diff ([], ["only"])
val _ = print (Int.toString c2 ^ " " ^ String.concatWith "|" l2 ^ "\n")
