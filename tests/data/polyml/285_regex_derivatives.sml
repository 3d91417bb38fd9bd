(* Regular expressions matched by Brzozowski derivatives: smart constructors keep terms
   small (and so compared by structural equality), a DFA is built by exploring derivatives
   until no new state appears (states found with `=` on the datatype), and the automaton is
   run on words and printed as a transition table *)
datatype re =
    Empty                (* matches nothing *)
  | Eps                  (* the empty word *)
  | Chr of char
  | Any
  | Seq of re * re
  | Alt of re * re
  | Star of re
  | And of re * re
  | Not of re

(* a total order on terms, so that alternatives can be kept sorted *)
fun tag Empty = 0 | tag Eps = 1 | tag (Chr _) = 2 | tag Any = 3 | tag (Seq _) = 4
  | tag (Alt _) = 5 | tag (Star _) = 6 | tag (And _) = 7 | tag (Not _) = 8
fun cmp (Chr a, Chr b) = Char.compare (a, b)
  | cmp (Seq (a, b), Seq (c, d)) = (case cmp (a, c) of EQUAL => cmp (b, d) | o' => o')
  | cmp (Alt (a, b), Alt (c, d)) = (case cmp (a, c) of EQUAL => cmp (b, d) | o' => o')
  | cmp (And (a, b), And (c, d)) = (case cmp (a, c) of EQUAL => cmp (b, d) | o' => o')
  | cmp (Star a, Star b) = cmp (a, b)
  | cmp (Not a, Not b) = cmp (a, b)
  | cmp (a, b) = Int.compare (tag a, tag b)

fun seq (Empty, _) = Empty
  | seq (_, Empty) = Empty
  | seq (Eps, r) = r
  | seq (r, Eps) = r
  | seq (Seq (a, b), c) = seq (a, seq (b, c))
  | seq (a, b) = Seq (a, b)
fun alt (Empty, r) = r
  | alt (r, Empty) = r
  | alt (Alt (a, b), c) = alt (a, alt (b, c))
  | alt (a, b as Alt (c, d)) =
    (case cmp (a, c) of EQUAL => b | LESS => Alt (a, b) | GREATER => alt (c, alt (a, d)))
  | alt (a, b) = (case cmp (a, b) of EQUAL => a | LESS => Alt (a, b) | GREATER => Alt (b, a))
fun star (Star r) = Star r
  | star Eps = Eps
  | star Empty = Eps
  | star r = Star r
fun both (Empty, _) = Empty
  | both (_, Empty) = Empty
  | both (a, b) = (case cmp (a, b) of EQUAL => a | LESS => And (a, b) | GREATER => And (b, a))
fun neg (Not r) = r
  | neg r = Not r

fun nullable Empty = false
  | nullable Eps = true
  | nullable (Chr _) = false
  | nullable Any = false
  | nullable (Seq (a, b)) = nullable a andalso nullable b
  | nullable (Alt (a, b)) = nullable a orelse nullable b
  | nullable (Star _) = true
  | nullable (And (a, b)) = nullable a andalso nullable b
  | nullable (Not r) = not (nullable r)

fun deriv c Empty = Empty
  | deriv c Eps = Empty
  | deriv c (Chr d) = if c = d then Eps else Empty
  | deriv c Any = Eps
  | deriv c (Seq (a, b)) =
    let val first = seq (deriv c a, b)
    in if nullable a then alt (first, deriv c b) else first end
  | deriv c (Alt (a, b)) = alt (deriv c a, deriv c b)
  | deriv c (r as Star a) = seq (deriv c a, r)
  | deriv c (And (a, b)) = both (deriv c a, deriv c b)
  | deriv c (Not r) = neg (deriv c r)

fun matches r w = nullable (CharVector.foldl (fn (c, r) => deriv c r) r w)

fun show Empty = "0" | show Eps = "e" | show (Chr c) = str c | show Any = "."
  | show (Seq (a, b)) = show a ^ show b
  | show (Alt (a, b)) = "(" ^ show a ^ "|" ^ show b ^ ")"
  | show (Star r) = "(" ^ show r ^ ")*"
  | show (And (a, b)) = "(" ^ show a ^ "&" ^ show b ^ ")"
  | show (Not r) = "~(" ^ show r ^ ")"

fun str' s = foldr (fn (c, r) => seq (Chr c, r)) Eps (explode s)
fun oneOf s = foldl (fn (c, r) => alt (Chr c, r)) Empty (explode s)

(* explore the states reachable over an alphabet; states are compared with = *)
fun dfa alphabet r =
    let fun index (x, states) =
            let fun go (i, []) = NONE
                  | go (i, s :: rest) = if s = x then SOME i else go (i + 1, rest)
            in go (0, states) end
        fun explore (states, [], edges) = (states, rev edges)
          | explore (states, (i, s) :: todo, edges) =
            let val (states, todo, edges) =
                    foldl (fn (c, (states, todo, edges)) =>
                              let val d = deriv c s
                              in case index (d, states) of
                                     SOME j => (states, todo, (i, c, j) :: edges)
                                   | NONE => let val j = length states
                                             in (states @ [d], todo @ [(j, d)], (i, c, j) :: edges) end
                              end) (states, todo, edges) (explode alphabet)
            in explore (states, todo, edges) end
    in explore ([r], [(0, r)], []) end

fun report (name, r, alphabet, words) =
    let val (states, edges) = dfa alphabet r
    in print (name ^ ": " ^ show r ^ "\n");
       print ("  " ^ Int.toString (length states) ^ " states, accepting: " ^
              String.concatWith " " (List.mapPartial (fn (i, s) => if nullable s then SOME (Int.toString i) else NONE)
                                                     (ListPair.zip (List.tabulate (length states, fn i => i), states))) ^ "\n");
       List.app (fn i => print ("  " ^ Int.toString i ^ ":" ^
                    String.concat (map (fn (_, c, j) => " " ^ str c ^ "->" ^ Int.toString j) (List.filter (fn (k, _, _) => k = i) edges)) ^ "\n"))
                (List.tabulate (length states, fn i => i));
       print ("  " ^ String.concatWith " " (map (fn w => "\"" ^ w ^ "\"=" ^ (if matches r w then "yes" else "no")) words) ^ "\n")
    end

val ab = star (alt (str' "ab", Chr #"c"))
val _ = report ("(ab|c)*", ab, "abc", ["", "ab", "abc", "cab", "aab", "ababcc", "b"])
val evenAs = star (seq (Chr #"a", Chr #"a"))
val noBB = neg (seq (star Any, seq (str' "bb", star Any)))
val _ = report ("even a's", evenAs, "ab", ["", "a", "aa", "aaa", "aaaa", "ab"])
val _ = report ("no bb", noBB, "ab", ["", "abab", "abba", "bb", "ba"])
val _ = report ("even a's and no bb", both (star (alt (Chr #"b", seq (Chr #"a", seq (star (Chr #"b"), Chr #"a")))), noBB), "ab",
                ["", "aa", "abab", "abba", "baab", "aba"])
val digits = seq (oneOf "0123456789", star (oneOf "0123456789"))
val number = seq (alt (Eps, Chr #"-"), digits)
val _ = report ("number", number, "-0129", ["0", "-12", "--1", "-", "1290", ""])
val _ = print ("simplified alt is canonical: " ^ Bool.toString (alt (Chr #"b", alt (Chr #"a", Chr #"b")) = alt (Chr #"a", Chr #"b")) ^ "\n")
