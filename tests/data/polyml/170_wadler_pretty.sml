(* A Wadler-style pretty printer: a document algebra with groups and
   nesting, the lazy-choice layout algorithm, and documents for an
   S-expression tree and a small imperative syntax at several widths. *)

(* The rendered document is lazy in its tail, as in the paper's Haskell:
   choosing between two layouts looks only as far as the end of the line. *)
datatype doc =
    Nil
  | Text of string * (unit -> doc)
  | Line of int * (unit -> doc)       (* newline, then indentation *)

datatype DOC =
    NIL
  | CONCAT of DOC * DOC
  | NEST of int * DOC
  | TEXT of string
  | LINE
  | UNION of DOC * DOC

infixr 6 <>
fun x <> y = CONCAT (x, y)
val nil_ = NIL
fun nest i x = NEST (i, x)
val text = TEXT
val line = LINE

fun flatten NIL = NIL
  | flatten (CONCAT (x, y)) = flatten x <> flatten y
  | flatten (NEST (i, x)) = NEST (i, flatten x)
  | flatten (TEXT s) = TEXT s
  | flatten LINE = TEXT " "
  | flatten (UNION (x, _)) = flatten x

fun group x = UNION (flatten x, x)

fun fitsDoc w Nil = w >= 0
  | fitsDoc w (Text (s, d)) = w >= 0 andalso fitsDoc (w - size s) (d ())
  | fitsDoc w (Line _) = w >= 0

fun better w k x y = let val x' = x () in if fitsDoc (w - k) x' then x' else y () end

(* be w k [(indent, doc)]: the work list of the algorithm *)
fun be w k [] = Nil
  | be w k ((i, NIL) :: z) = be w k z
  | be w k ((i, CONCAT (x, y)) :: z) = be w k ((i, x) :: (i, y) :: z)
  | be w k ((i, NEST (j, x)) :: z) = be w k ((i + j, x) :: z)
  | be w k ((i, TEXT s) :: z) = Text (s, fn () => be w (k + size s) z)
  | be w k ((i, LINE) :: z) = Line (i, fn () => be w i z)
  | be w k ((i, UNION (x, y)) :: z) = better w k (fn () => be w k ((i, x) :: z)) (fn () => be w k ((i, y) :: z))

fun layout Nil = ""
  | layout (Text (s, d)) = s ^ layout (d ())
  | layout (Line (i, d)) = "\n" ^ spaces i ^ layout (d ())
and spaces n = implode (List.tabulate (n, fn _ => #" "))

fun pretty w x = layout (be w 0 [(0, x)])

(* Combinators *)
fun folddoc f [] = NIL
  | folddoc f [x] = x
  | folddoc f (x :: xs) = f (x, folddoc f xs)
fun spread xs = folddoc (fn (x, y) => x <> text " " <> y) xs
fun stack xs = folddoc (fn (x, y) => x <> line <> y) xs
fun bracket l x r = group (text l <> nest 2 (line <> x) <> line <> text r)
infixr 5 <+/>
fun x <+/> y = x <> UNION (text " ", line) <> y
fun fillwords s = folddoc (op <+/>) (map text (String.tokens Char.isSpace s))
fun commaSep xs = folddoc (fn (x, y) => x <> text "," <> line <> y) xs

(* Trees in the style of the paper *)
datatype tree = Node of string * tree list

fun showTree (Node (s, ts)) = group (text s <> nest (size s) (showBracket ts))
and showBracket [] = NIL
  | showBracket ts = text "[" <> nest 1 (showTrees ts) <> text "]"
and showTrees [t] = showTree t
  | showTrees (t :: ts) = showTree t <> text "," <> line <> showTrees ts
  | showTrees [] = NIL

fun showTree' (Node (s, ts)) = text s <> showBracket' ts
and showBracket' [] = NIL
  | showBracket' ts = bracket "[" (showTrees' ts) "]"
and showTrees' [t] = showTree' t
  | showTrees' (t :: ts) = showTree' t <> text "," <> line <> showTrees' ts
  | showTrees' [] = NIL

val tree =
  Node ("aaa", [Node ("bbbbb", [Node ("ccc", []), Node ("dd", [])]),
                Node ("eee", []),
                Node ("ffff", [Node ("gg", []), Node ("hhh", []), Node ("ii", [])])])

val () = List.app (fn w =>
  (print ("--- width " ^ Int.toString w ^ " ---\n");
   print (pretty w (showTree tree) ^ "\n");
   print (pretty w (showTree' tree) ^ "\n"))) [80, 30, 10]

(* A small statement language *)
datatype exp = Var of string | Num of int | Op of string * exp * exp | Call of string * exp list
datatype stmt = Assign of string * exp | While of exp * stmt list | If of exp * stmt list * stmt list
              | Return of exp

fun expDoc (Var x) = text x
  | expDoc (Num n) = text (Int.toString n)
  | expDoc (Op (o', a, b)) = group (text "(" <> expDoc a <> nest 2 (line <> text o' <> text " " <> expDoc b) <> text ")")
  | expDoc (Call (f, args)) = group (text f <> text "(" <> nest 2 (commaSep (map expDoc args)) <> text ")")

fun block ss = group (text "{" <> nest 4 (line <> stack (map stmtDoc ss)) <> line <> text "}")
and stmtDoc (Assign (x, e)) = group (text x <> text " :=" <> nest 4 (line <> expDoc e)) <> text ";"
  | stmtDoc (While (c, body)) = text "while " <> expDoc c <> text " " <> block body
  | stmtDoc (If (c, t, [])) = text "if " <> expDoc c <> text " " <> block t
  | stmtDoc (If (c, t, e)) = text "if " <> expDoc c <> text " " <> block t <> text " else " <> block e
  | stmtDoc (Return e) = text "return " <> expDoc e <> text ";"

val program = [
  Assign ("i", Num 0),
  Assign ("total", Call ("sum", [Var "xs", Op ("*", Var "scale", Num 100), Call ("len", [Var "xs"])])),
  While (Op ("<", Var "i", Var "n"),
         [If (Op ("==", Op ("%", Var "i", Num 2), Num 0),
              [Assign ("total", Op ("+", Var "total", Call ("f", [Var "i"])))],
              [Assign ("total", Op ("-", Var "total", Num 1))]),
          Assign ("i", Op ("+", Var "i", Num 1))]),
  Return (Var "total")
]

val () = List.app (fn w => print ("--- width " ^ Int.toString w ^ " ---\n" ^ pretty w (stack (map stmtDoc program)) ^ "\n"))
                  [100, 40, 20]

val para = "the pretty printer chooses between the flat and the broken layout of each group, looking ahead only as far as the end of the current line"
val () = List.app (fn w => print ("[" ^ Int.toString w ^ "]\n" ^ pretty w (fillwords para) ^ "\n")) [60, 25]

(* The size of the rendered text for growing widths, as a check of monotonicity. *)
val widths = [5, 10, 20, 40, 80]
val lines = map (fn w => length (String.fields (fn c => c = #"\n") (pretty w (stack (map stmtDoc program))))) widths
val () = print (String.concatWith " " (map Int.toString lines) ^ "\n")
fun lineOf (Line (i, _)) = i
val () = print (Int.toString (lineOf (be 10 0 [(0, text "x")])) ^ "\n")
