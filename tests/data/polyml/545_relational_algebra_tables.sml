(* A small relational algebra over tuples-as-lists of fields: selection,
   projection, natural join, group-by with aggregates, ordering, and a
   formatted table printer with column widths computed by folds. *)
datatype field = I of int | S of string | Null
type relation = string list * field list list
exception NoColumn of string

fun fieldToString (I n) = Int.toString n | fieldToString (S s) = s | fieldToString Null = "-"
fun cmpField (I a, I b) = Int.compare (a, b)
  | cmpField (S a, S b) = String.compare (a, b)
  | cmpField (Null, Null) = EQUAL | cmpField (Null, _) = LESS | cmpField (_, Null) = GREATER
  | cmpField (I _, S _) = LESS | cmpField (S _, I _) = GREATER

fun colIndex (cols, name) =
  case List.find (fn (c, _) => c = name) (ListPair.zip (cols, List.tabulate (length cols, fn i => i))) of
    SOME (_, i) => i
  | NONE => raise NoColumn name

fun select pred ((cols, rows) : relation) : relation = (cols, List.filter (pred cols) rows)
fun project names ((cols, rows) : relation) : relation =
  let val idx = map (fn n => colIndex (cols, n)) names
  in (names, map (fn row => map (fn i => List.nth (row, i)) idx) rows) end
fun join ((c1, r1) : relation, (c2, r2) : relation) : relation =
  let val common = List.filter (fn c => List.exists (fn d => d = c) c2) c1
      val rest2 = List.filter (fn c => not (List.exists (fn d => d = c) common)) c2
      fun matches (a, b) = List.all (fn c => List.nth (a, colIndex (c1, c)) = List.nth (b, colIndex (c2, c))) common
  in (c1 @ rest2,
      List.concat (map (fn a => List.mapPartial (fn b => if matches (a, b)
                                                          then SOME (a @ map (fn c => List.nth (b, colIndex (c2, c))) rest2)
                                                          else NONE) r2) r1))
  end
fun orderBy name ((cols, rows) : relation) : relation =
  let val i = colIndex (cols, name)
      fun ins (x, []) = [x]
        | ins (x, y :: ys) = if cmpField (List.nth (x, i), List.nth (y, i)) = GREATER then y :: ins (x, ys) else x :: y :: ys
  in (cols, foldr ins [] rows) end   (* stable insertion from the right *)
fun groupBy (key, agg, (name, f)) ((cols, rows) : relation) : relation =
  let val k = colIndex (cols, key) val a = colIndex (cols, agg)
      fun add (row, groups) =
        let val kv = List.nth (row, k)
        in case List.partition (fn (g, _) => g = kv) groups of
             ([(_, vs)], others) => others @ [(kv, vs @ [List.nth (row, a)])]
           | _ => groups @ [(kv, [List.nth (row, a)])]
        end
  in ([key, name], map (fn (kv, vs) => [kv, f vs]) (foldl add [] rows)) end

fun sumF vs = I (foldl (fn (I n, s) => s + n | (_, s) => s) 0 vs)
fun countF vs = I (length vs)
fun maxF vs = foldl (fn (v, m) => if cmpField (v, m) = GREATER then v else m) Null vs

fun printTable ((cols, rows) : relation) =
  let val cells = cols :: map (map fieldToString) rows
      val widths = foldl (fn (row, ws) => ListPair.map Int.max (map size row, ws)) (map (fn _ => 0) cols) cells
      fun line row = "| " ^ String.concatWith " | " (ListPair.map (fn (w, s) => StringCvt.padRight #" " w s) (widths, row)) ^ " |\n"
      val rule = "+" ^ String.concatWith "+" (map (fn w => CharVector.tabulate (w + 2, fn _ => #"-")) widths) ^ "+\n"
  in print (rule ^ line cols ^ rule ^ concat (map line (tl cells)) ^ rule) end

val emp : relation = (["id", "name", "dept", "salary"],
  [[I 1, S "ada", S "eng", I 120], [I 2, S "bob", S "ops", I 80], [I 3, S "cy", S "eng", I 95],
   [I 4, S "di", S "sales", I 70], [I 5, S "ed", S "ops", Null], [I 6, S "flo", S "eng", I 130]])
val dept : relation = (["dept", "floor"], [[S "eng", I 3], [S "ops", I 1], [S "hr", I 2]])

val _ = printTable (orderBy "salary" (project ["name", "salary"] emp))
val _ = printTable (join (emp, dept))
val _ = printTable (groupBy ("dept", "salary", ("total", sumF)) emp)
val _ = printTable (groupBy ("floor", "name", ("people", countF)) (join (emp, dept)))
val _ = printTable (groupBy ("dept", "salary", ("max", maxF)) (select (fn cols => fn row => List.nth (row, colIndex (cols, "id")) <> I 6) emp))
val _ = printTable (orderBy "dept" (select (fn _ => fn _ => false) emp))
val _ = printTable (project ["name", "age"] emp)
