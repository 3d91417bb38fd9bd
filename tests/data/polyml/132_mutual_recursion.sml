(* mutual recursion: even/odd, a mutually recursive datatype of forests and
   trees, an expression/statement language, and a recursive-descent parser
   for arithmetic built of mutually recursive functions *)
fun isEven 0 = true
  | isEven n = isOdd (n - 1)
and isOdd 0 = false
  | isOdd n = isEven (n - 1)
val _ = print (String.concatWith " " (map (fn n => Bool.toString (isEven n) ^ "/" ^ Bool.toString (isOdd n)) [0, 1, 10, 7]) ^ "\n")
datatype 'a tree = Node of 'a * 'a forest
and 'a forest = Empty | Trees of 'a tree * 'a forest
fun sizeTree (Node (_, f)) = 1 + sizeForest f
and sizeForest Empty = 0
  | sizeForest (Trees (t, f)) = sizeTree t + sizeForest f
fun flattenTree (Node (x, f)) = x :: flattenForest f
and flattenForest Empty = []
  | flattenForest (Trees (t, f)) = flattenTree t @ flattenForest f
fun depthTree (Node (_, f)) = 1 + depthForest f
and depthForest Empty = 0
  | depthForest (Trees (t, f)) = Int.max (depthTree t, depthForest f)
fun leaf x = Node (x, Empty)
val t = Node (1, Trees (Node (2, Trees (leaf 4, Trees (leaf 5, Empty))), Trees (leaf 3, Trees (Node (6, Trees (leaf 7, Empty)), Empty))))
val _ = print (Int.toString (sizeTree t) ^ " " ^ Int.toString (depthTree t) ^ " " ^ String.concatWith "," (map Int.toString (flattenTree t)) ^ "\n")
datatype exp = Lit of int | Var of string | Plus of exp * exp | Block of stmt list * exp
and stmt = Assign of string * exp | Print of exp
fun evalExp env (Lit n) = n
  | evalExp env (Var x) = (case List.find (fn (y, _) => y = x) (!env) of SOME (_, v) => v | NONE => 0)
  | evalExp env (Plus (a, b)) = evalExp env a + evalExp env b
  | evalExp env (Block (ss, e)) = (app (execStmt env) ss; evalExp env e)
and execStmt env (Assign (x, e)) = env := (x, evalExp env e) :: !env
  | execStmt env (Print e) = print (Int.toString (evalExp env e) ^ "\n")
val prog = Block ([Assign ("x", Lit 4), Print (Var "x"), Assign ("y", Plus (Var "x", Lit 10)),
                   Print (Block ([Assign ("x", Lit 1)], Plus (Var "x", Var "y")))], Plus (Var "x", Var "missing"))
val _ = print ("result " ^ Int.toString (evalExp (ref []) prog) ^ "\n")
(* expr := term { + term }, term := factor { * factor }, factor := digit | ( expr ) *)
exception Parse of string
fun parseExpr cs =
  let val (v, rest) = parseTerm cs
  in exprTail (v, rest) end
and exprTail (v, #"+" :: cs) = let val (w, rest) = parseTerm cs in exprTail (v + w, rest) end
  | exprTail (v, #"-" :: cs) = let val (w, rest) = parseTerm cs in exprTail (v - w, rest) end
  | exprTail (v, cs) = (v, cs)
and parseTerm cs =
  let val (v, rest) = parseFactor cs
  in termTail (v, rest) end
and termTail (v, #"*" :: cs) = let val (w, rest) = parseFactor cs in termTail (v * w, rest) end
  | termTail (v, cs) = (v, cs)
and parseFactor (#"(" :: cs) =
      (case parseExpr cs of
         (v, #")" :: rest) => (v, rest)
       | _ => raise Parse "expected )")
  | parseFactor (c :: cs) = if Char.isDigit c then (ord c - ord #"0", cs) else raise Parse ("unexpected " ^ str c)
  | parseFactor [] = raise Parse "unexpected end"
fun calc s =
  case parseExpr (List.filter (not o Char.isSpace) (explode s)) of
    (v, []) => Int.toString v
  | (_, c :: _) => raise Parse ("trailing " ^ str c)
val _ = app (fn s => print (s ^ " = " ^ (calc s handle Parse m => "parse error: " ^ m) ^ "\n"))
            ["1 + 2 * 3", "(1 + 2) * 3", "2 * (3 + 4) * 5 - 6", "((9))", "1 +", "1 + x", "(1 + 2", "3 4"]
