(* Nested patterns with constants of every kind (negative ints, words in
   hex, chars with escapes, strings), layered patterns inside constructor
   arguments and tuples in `fun` clauses, ref patterns that read a cell
   while matching, and clauses whose order decides the answer. *)
fun pr s = print (s ^ "\n")

datatype shape = Pt | Seg of int * int | Poly of (int * int) list | Tagged of string * shape

fun classify (Tagged ("", _)) = "untitled"
  | classify (Tagged ("origin", Pt)) = "named origin"
  | classify (Tagged (name, s as Seg (0, _))) = name ^ ":vertical-start " ^ classify s
  | classify (Tagged (name, Tagged (inner, _))) = name ^ "/" ^ inner
  | classify (Tagged (name, _)) = name ^ ":other"
  | classify Pt = "point"
  | classify (Seg (~1, ~1)) = "minus-one diagonal"
  | classify (Seg (x, y)) = if x = y then "diagonal " ^ Int.toString x else "segment"
  | classify (Poly []) = "empty polygon"
  | classify (Poly [_]) = "degenerate 1"
  | classify (Poly [(0, 0), (0, 0)]) = "double origin"
  | classify (Poly (all as (p as (a, b)) :: _ :: _)) =
      "polygon of " ^ Int.toString (length all) ^ " from " ^ Int.toString a ^ "," ^ Int.toString b
      ^ (if p = (0, 0) then " (origin)" else "")

val () = app (pr o classify)
  [Pt, Seg (~1, ~1), Seg (~2, ~2), Seg (3, 4), Poly [], Poly [(1, 1)], Poly [(0, 0), (0, 0)],
   Poly [(0, 0), (0, 0), (1, 1)], Poly [(~5, 7), (2, 2)], Tagged ("", Pt), Tagged ("origin", Pt),
   Tagged ("origin", Seg (0, 1)), Tagged ("a", Tagged ("b", Pt)), Tagged ("z", Poly [])]

(* chars and strings with escapes as constants *)
fun escape #"\n" = "\\n"
  | escape #"\t" = "\\t"
  | escape #"\\" = "\\\\"
  | escape #"\"" = "\\\""
  | escape #"\^A" = "^A"
  | escape #"\255" = "<255>"
  | escape c = String.str c
val () = pr (String.concat (map escape (explode "a\tb\nc\\d\"e\^A\255")))

fun keyword "if" = 1 | keyword "then" = 2 | keyword "else" = 3
  | keyword "" = 0 | keyword "\t" = ~1 | keyword _ = ~2
val () = pr (String.concatWith "," (map (Int.toString o keyword) ["if", "then", "else", "", "\t", "iff"]))

(* words in hex and decimal in nested positions *)
fun opname (0wx0, _) = "nop"
  | opname (0wx1, [0w0]) = "push zero"
  | opname (0wx1, [w]) = "push " ^ Word.toString w
  | opname (0wxFF, _ :: _ :: rest) = "long with " ^ Int.toString (length rest) ^ " extra"
  | opname (w, _) = "op " ^ Word.fmt StringCvt.DEC w
val () = app (pr o opname) [(0w0, []), (0w1, [0w0]), (0w1, [0wx1F]), (0w255, [0w1, 0w2, 0w3]), (0w255, [0w1]), (0w17, [])]

(* ref patterns: matching reads the cell *)
fun bump (r as ref 0) = (r := 100; "was zero")
  | bump (r as ref n) = if n < 0 then (r := ~n; "was negative " ^ Int.toString n) else (r := n + 1; "was " ^ Int.toString n)
val cells = [ref 0, ref ~7, ref 41]
val () = app (fn c => pr (bump c)) cells
val () = pr (String.concatWith " " (map (fn ref n => Int.toString n) cells))

fun pairRef (ref (a, ref b)) = a + b
val shared = ref 5
val () = pr (Int.toString (pairRef (ref (10, shared))))
val () = shared := ~20
val () = pr (Int.toString (pairRef (ref (10, shared))))

(* options of tuples of lists, layered at two depths *)
fun describe NONE = "none"
  | describe (SOME (whole as ([], vs))) = "no keys, " ^ Int.toString (length vs) ^ " values" ^ (if whole = ([], [1, 2]) then "!" else "")
  | describe (SOME (k :: (ks as _ :: _), v :: _)) = k ^ "+" ^ Int.toString (length ks) ^ "=" ^ Int.toString v
  | describe (SOME ([k], [])) = k ^ " alone"
  | describe (SOME ([k], ~1 :: _)) = k ^ " is minus one"
  | describe (SOME (k :: _, vs)) = k ^ " with " ^ Int.toString (length vs)
val () = app (pr o describe)
  [NONE, SOME ([], [1, 2]), SOME (["a", "b", "c"], [9]), SOME (["a"], []), SOME (["x"], [~1, 3]),
   SOME (["y"], [4, 5]), SOME (["p", "q"], [])]

(* patterns with negative constants in nested tuples inside case *)
fun sign3 (a, (b, c)) =
  case (Int.compare (a, 0), (b, c)) of
      (LESS, (~1, _)) => "neg,minus-one"
    | (EQUAL, (0, 0)) => "all zero"
    | (GREATER, (_, ~100)) => "pos,minus-hundred"
    | (ord, (x, y)) => (case ord of LESS => "<" | EQUAL => "=" | GREATER => ">") ^ Int.toString (x + y)
val () = app (pr o sign3) [(~3, (~1, 0)), (0, (0, 0)), (5, (1, ~100)), (5, (~4, ~5)), (0, (2, ~2))]
