(* Nested and layered patterns: as-patterns at several depths, nested
   tuples inside constructors inside lists, constants in nested
   positions, wildcards, patterns over options of pairs, and clause order
   deciding between overlapping patterns. Two functions are deliberately
   not exhaustive (compilers warn); they are only applied to values they
   cover. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype token = Num of int | Op of char | LParen | RParen | Ident of string
datatype expr = Const of int | Var of string | Bin of char * expr * expr | Neg of expr

fun showTok (Num n) = pi n
  | showTok (Op c) = str c
  | showTok LParen = "("
  | showTok RParen = ")"
  | showTok (Ident s) = s

(* clause order and nesting in a simplifier *)
fun simplify (Bin (#"+", Const 0, e)) = simplify e
  | simplify (Bin (#"+", e, Const 0)) = simplify e
  | simplify (Bin (#"*", Const 1, e)) = simplify e
  | simplify (Bin (#"*", e, Const 1)) = simplify e
  | simplify (Bin (#"*", Const 0, _)) = Const 0
  | simplify (Bin (#"*", _, Const 0)) = Const 0
  | simplify (Neg (Neg e)) = simplify e
  | simplify (Neg (Const n)) = Const (~n)
  | simplify (Bin (c, Const a, Const b)) =
      (case c of #"+" => Const (a + b) | #"*" => Const (a * b) | #"-" => Const (a - b) | _ => Bin (c, Const a, Const b))
  | simplify (Bin (c, a, b)) =
      let val a' = simplify a and b' = simplify b
      in if a' = a andalso b' = b then Bin (c, a, b) else simplify (Bin (c, a', b')) end
  | simplify (Neg e) = let val e' = simplify e in if e' = e then Neg e else simplify (Neg e') end
  | simplify e = e
fun show (Const n) = pi n
  | show (Var v) = v
  | show (Bin (c, a, b)) = "(" ^ show a ^ " " ^ str c ^ " " ^ show b ^ ")"
  | show (Neg e) = "-" ^ show e
val _ = app (fn e => pr (show e ^ " => " ^ show (simplify e)))
  [Bin (#"+", Const 0, Bin (#"*", Var "x", Const 1)),
   Bin (#"*", Bin (#"+", Const 2, Const 3), Var "y"),
   Neg (Neg (Bin (#"-", Const 10, Const 4))),
   Bin (#"*", Bin (#"+", Var "a", Const 0), Bin (#"+", Const 0, Const 0)),
   Bin (#"/", Const 8, Const 2)]

(* layered patterns keep the whole and the parts *)
fun dedupAdjacent (whole as (x :: (rest as (y :: _)))) =
      if x = y then dedupAdjacent rest else x :: dedupAdjacent rest
  | dedupAdjacent short = short
val _ = pr ("dedup: " ^ String.concatWith "" (map pi (dedupAdjacent [1, 1, 2, 3, 3, 3, 1, 4, 4])))

fun spans (all as ((k, v) :: _)) =
      let val (same, others) = List.partition (fn (k', _) => k' = k) all
      in (k, map #2 same) :: spans others end
  | spans [] = []
val grouped = spans [("a", 1), ("b", 2), ("a", 3), ("c", 4), ("b", 5)]
val _ = pr ("groups: " ^ String.concatWith "; " (map (fn (k, vs) => k ^ "=" ^ String.concatWith "," (map pi vs)) grouped))

(* patterns over lists of tokens: a recogniser for "ident = num op num" *)
fun recognise [Ident x, Op #"=", Num a, Op opr, Num b] = SOME (x, a, opr, b)
  | recognise [Ident x, Op #"=", Num a] = SOME (x, a, #"+", 0)
  | recognise (LParen :: (inner as (_ :: _)) ) =
      (case rev inner of RParen :: rest => recognise (rev rest) | _ => NONE)
  | recognise _ = NONE
fun showRec NONE = "no"
  | showRec (SOME (x, a, c, b)) = x ^ " := " ^ pi a ^ " " ^ str c ^ " " ^ pi b
val _ = app (fn ts => pr (String.concatWith " " (map showTok ts) ^ "  ->  " ^ showRec (recognise ts)))
  [[Ident "x", Op #"=", Num 3, Op #"*", Num 4], [Ident "y", Op #"=", Num 7],
   [LParen, Ident "z", Op #"=", Num 1, Op #"-", Num 2, RParen], [Num 1, Op #"="], [LParen, RParen]]

(* options of pairs of options *)
fun merge (SOME (SOME a, SOME b)) = "both " ^ pi (a + b)
  | merge (SOME (SOME a, NONE)) = "left " ^ pi a
  | merge (SOME (NONE, SOME b)) = "right " ^ pi b
  | merge (SOME (NONE, NONE)) = "neither"
  | merge NONE = "nothing"
val _ = pr ("merge: " ^ String.concatWith " | " (map merge [SOME (SOME 1, SOME 2), SOME (SOME 5, NONE), SOME (NONE, SOME 6), SOME (NONE, NONE), NONE]))

(* deliberately non-exhaustive: only called on non-empty lists of pairs *)
fun firstKey ((k, _) :: _) = k
val _ = pr ("firstKey: " ^ firstKey [("alpha", 1), ("beta", 2)])
fun lastTwo [a, b] = (a, b)
  | lastTwo (_ :: rest) = lastTwo rest
val (p, q) = lastTwo [1, 2, 3, 4, 5]
val _ = pr ("lastTwo: " ^ pi p ^ " " ^ pi q)

(* a case with a layered pattern inside a constructor inside a tuple *)
datatype chain = Leaf | Node of int * chain
fun describe (n, t as Node (_, Leaf)) = "node at " ^ pi n ^ " with leaf child (" ^ kind t ^ ")"
  | describe (0, _) = "zero"
  | describe (n, Node (m, Node _)) = "deep node " ^ pi (n + m)
  | describe (_, Leaf) = "leaf"
and kind Leaf = "leaf"
  | kind (Node (m, _)) = "node " ^ pi m
val _ = app (pr o describe) [(3, Node (7, Leaf)), (0, Node (1, Node (2, Leaf))), (4, Node (1, Node (2, Leaf))), (5, Leaf), (0, Leaf)]
