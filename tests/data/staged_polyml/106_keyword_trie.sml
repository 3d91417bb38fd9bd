(* A staged keyword recogniser: a set of keywords known at generation
   time is built into a trie, and the trie compiled into nested
   character tests over the input (a generated decision per trie node,
   with the accepting token lifted); a generated lexer uses it to
   classify words of a program text as keywords or identifiers, and a
   second trie of operators is matched by longest match. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype trie = T of (int option * (char * trie) list)   (* token at this node, children *)
val empty = T (NONE, [])
fun insert (T (tok, kids), [], id) = T (SOME id, kids)
  | insert (T (tok, kids), c :: cs, id) =
      let fun go [] = [(c, insert (empty, cs, id))]
            | go ((d, t) :: rest) = if d = c then (d, insert (t, cs, id)) :: rest else (d, t) :: go rest
      in T (tok, go kids) end
fun build words = foldl (fn ((w, i), t) => insert (t, explode w, i)) empty (ListPair.zip (words, List.tabulate (length words, fn i => i)))
fun countNodes (T (_, kids)) = 1 + foldl (fn ((_, t), n) => n + countNodes t) 0 kids

(* whole-word recognition: at position i of s, with the word ending at e *)
fun exact (T (tok, kids)) : [string * int * int -> int option] =
    let cogen here = lift tok
        fun arms [] = code (fn (_ : char, _ : string, _ : int, _ : int) => (NONE : int option))
          | arms ((c, t) :: rest) = let cogen c' = lift c cogen sub = exact t cogen others = arms rest
                                    in code (fn (x, s, i, e) => if x = c' then sub (s, i + 1, e) else others (x, s, i, e)) end
        cogen dispatch = arms kids
    in code (fn (s, i, e) => if i = e then here else dispatch (String.sub (s, i), s, i, e)) end

(* longest match from position i: the best token and its end *)
fun longest (T (tok, kids)) : [string * int * (int * int) option -> (int * int) option] =
    let cogen here = lift tok
        fun arms [] = code (fn (_ : char, _ : string, _ : int, best : (int * int) option) => best)
          | arms ((c, t) :: rest) = let cogen c' = lift c cogen sub = longest t cogen others = arms rest
                                    in code (fn (x, s, i, best) => if x = c' then sub (s, i + 1, best) else others (x, s, i, best)) end
        cogen dispatch = arms kids
    in code (fn (s, i, best) => let val best' = case here of SOME t => SOME (t, i) | NONE => best
                                in if i < size s then dispatch (String.sub (s, i), s, i, best') else best' end) end

val keywords = ["fun", "fn", "let", "in", "end", "val", "if", "then", "else", "case", "of", "datatype", "and", "andalso", "orelse"]
val kwTrie = build keywords
val _ = pr ("keyword trie nodes " ^ pi (countNodes kwTrie))
val isKw = eval (exact kwTrie)
val operators = ["=", "=>", "==", "<", "<=", "<>", ">", ">=", "->", "-", "::", ":", ":=", "+", "^"]
val opTrie = build operators
val opMatch = eval (longest opTrie)

datatype token = Kw of string | Id of string | Op of string | Num of int | Bad of char
fun lex (s : string) : token list =
    let val n = size s
        fun word (i, j) = if j < n andalso (Char.isAlphaNum (String.sub (s, j)) orelse String.sub (s, j) = #"'") then word (i, j + 1) else j
        fun go i =
            if i >= n then []
            else let val c = String.sub (s, i)
                 in if Char.isSpace c then go (i + 1)
                    else if Char.isAlpha c then let val j = word (i, i)
                                                in (case isKw (s, i, j) of SOME k => Kw (List.nth (keywords, k)) | NONE => Id (String.substring (s, i, j - i))) :: go j end
                    else if Char.isDigit c then let val j = word (i, i) in Num (valOf (Int.fromString (String.substring (s, i, j - i)))) :: go j end
                    else case opMatch (s, i, NONE) of
                             SOME (k, j) => Op (List.nth (operators, k)) :: go j
                           | NONE => Bad c :: go (i + 1)
                 end
    in go 0 end
fun showTok (Kw k) = "K:" ^ k | showTok (Id x) = "I:" ^ x | showTok (Op o') = "O:" ^ o' | showTok (Num n) = "N:" ^ pi n | showTok (Bad c) = "?" ^ str c
val programs = ["fun fact n = if n <= 1 then 1 else n * fact (n - 1)",
                "val x' = let val funny = 3 in funny :: [] end",
                "case xs of [] => 0 | x :: r => x >= 2 andalso r <> []",
                "andalsox orelse and ends infix ==> :=:"]
val _ = List.app (fn p => pr (String.concatWith " " (map showTok (lex p)))) programs

(* many lookups *)
val words = ["fun", "funny", "fn", "f", "let", "lets", "else", "elsewhere", "datatype", "data", "", "orelse", "or"]
val counts = List.tabulate (300, fn _ => length (List.filter (fn w => isSome (isKw (w, 0, size w))) words))
val _ = pr (pi (foldl op+ 0 counts) ^ " keyword hits")
(* a trie of 500 generated words *)
val manyWords = List.tabulate (500, fn i => "w" ^ pi (i * 7919 mod 1000))
val bigIsKw = eval (exact (build manyWords))
fun present i = let val w = "w" ^ pi i in isSome (bigIsKw (w, 0, size w)) end
val _ = pr (pi (length (List.filter present (List.tabulate (1000, fn i => i)))) ^ " of 1000 found")
