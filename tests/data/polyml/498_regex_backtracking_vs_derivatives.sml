(* Regular expressions parsed from strings, matched two ways: a backtracking
   matcher with continuations, and Brzozowski derivatives with a smart
   constructor normal form. The two must agree on every test string. *)
datatype re = Empty | Eps | Chr of char | Any | Cls of char list * bool
            | Seq of re * re | Alt of re * re | Star of re

exception Parse of int * string

(* grammar: alt := seq ('|' seq)* ; seq := post* ; post := atom ('*'|'+'|'?')* *)
fun parse s =
  let val n = size s
      fun peek i = if i < n then SOME (String.sub (s, i)) else NONE
      fun alt i =
        let val (r, i) = seq i
        in case peek i of SOME #"|" => let val (r2, j) = alt (i + 1) in (Alt (r, r2), j) end
                        | _ => (r, i) end
      and seq i =
        case peek i of
            NONE => (Eps, i)
          | SOME #"|" => (Eps, i)
          | SOME #")" => (Eps, i)
          | _ => let val (a, j) = post i val (b, k) = seq j
                 in (case b of Eps => a | _ => Seq (a, b), k) end
      and post i =
        let val (a, j) = atom i
            fun loop (a, j) = case peek j of
                SOME #"*" => loop (Star a, j + 1)
              | SOME #"+" => loop (Seq (a, Star a), j + 1)
              | SOME #"?" => loop (Alt (a, Eps), j + 1)
              | _ => (a, j)
        in loop (a, j) end
      and atom i =
        case peek i of
            SOME #"(" => let val (r, j) = alt (i + 1)
                         in if peek j = SOME #")" then (r, j + 1) else raise Parse (j, "expected )") end
          | SOME #"." => (Any, i + 1)
          | SOME #"[" => cls (i + 1)
          | SOME #"\\" => (case peek (i + 1) of SOME c => (Chr c, i + 2) | NONE => raise Parse (i, "dangling \\"))
          | SOME c => if Char.contains "*+?)|" c then raise Parse (i, "unexpected " ^ str c) else (Chr c, i + 1)
          | NONE => raise Parse (i, "unexpected end")
      and cls i =
        let val neg = peek i = SOME #"^"
            fun items (j, acc) =
              case peek j of
                  NONE => raise Parse (j, "unclosed [")
                | SOME #"]" => (Cls (rev acc, neg), j + 1)
                | SOME a => (case (peek (j + 1), peek (j + 2)) of
                      (SOME #"-", SOME b) => if b <> #"]" then items (j + 3, List.tabulate (ord b - ord a + 1, fn k => chr (ord a + k)) @ acc)
                                             else items (j + 1, a :: acc)
                    | _ => items (j + 1, a :: acc))
        in items (if neg then i + 1 else i, []) end
      val (r, i) = alt 0
  in if i = n then r else raise Parse (i, "trailing input") end

fun matchesChar (Chr c) x = c = x
  | matchesChar Any _ = true
  | matchesChar (Cls (cs, neg)) x = (List.exists (fn c => c = x) cs) <> neg
  | matchesChar _ _ = false

(* backtracking: m r cs k succeeds if r matches a prefix of cs and k the rest *)
fun bt r s =
  let fun m Empty _ _ = false
        | m Eps cs k = k cs
        | m (Seq (a, b)) cs k = m a cs (fn rest => m b rest k)
        | m (Alt (a, b)) cs k = m a cs k orelse m b cs k
        | m (Star a) cs k = k cs orelse m a cs (fn rest => rest <> cs andalso m (Star a) rest k)
        | m r (c :: cs) k = matchesChar r c andalso k cs
        | m _ [] _ = false
  in m r (explode s) null end

fun nullable Empty = false | nullable Eps = true | nullable (Star _) = true
  | nullable (Seq (a, b)) = nullable a andalso nullable b
  | nullable (Alt (a, b)) = nullable a orelse nullable b
  | nullable _ = false
fun seq (Empty, _) = Empty | seq (_, Empty) = Empty | seq (Eps, b) = b | seq (a, Eps) = a | seq (a, b) = Seq (a, b)
fun alt (Empty, b) = b | alt (a, Empty) = a | alt (a, b) = if a = b then a else Alt (a, b)
fun deriv c (Seq (a, b)) = if nullable a then alt (seq (deriv c a, b), deriv c b) else seq (deriv c a, b)
  | deriv c (Alt (a, b)) = alt (deriv c a, deriv c b)
  | deriv c (Star a) = seq (deriv c a, Star a)
  | deriv _ Empty = Empty
  | deriv _ Eps = Empty
  | deriv c r = if matchesChar r c then Eps else Empty
fun dm r s = nullable (foldl (fn (c, r) => deriv c r) r (explode s))

fun size_ Empty = 1 | size_ Eps = 1 | size_ (Chr _) = 1 | size_ Any = 1 | size_ (Cls _) = 1
  | size_ (Seq (a, b)) = 1 + size_ a + size_ b | size_ (Alt (a, b)) = 1 + size_ a + size_ b
  | size_ (Star a) = 1 + size_ a

val tests = [("a*b", ["", "b", "aab", "aaba", "ba"]),
             ("(ab|a)*c", ["c", "abc", "aabac", "abab", "abac"]),
             ("[a-c]+x?", ["", "abc", "abcx", "abcxx", "d"]),
             ("[^0-9]*[0-9]+", ["abc123", "123", "abc", "1a2"]),
             ("(a*)*b", ["aaab", "aaa", "b"]),
             ("h(e|a)llo\\.", ["hello.", "hallo.", "hillo.", "hello"]),
             (".*ab.*", ["xxabyy", "ab", "ba", "aab"]),
             ("(a|b)*abb", ["abb", "aabb", "babb", "abab", "bbbbbbabb"]),
             ("x(y|)z", ["xz", "xyz", "xyyz"])]

val _ = app (fn (p, ss) =>
  let val r = parse p
      val res = map (fn s => (bt r s, dm r s)) ss
      val mark = String.concat (map (fn (a, b) => if a <> b then "!" else if a then "1" else "0") res)
      val big = foldl (fn (c, r) => deriv c r) r (explode "abababab")
  in print (p ^ " [" ^ Int.toString (size_ r) ^ "] " ^ mark ^ "  d*size=" ^ Int.toString (size_ big) ^ "\n") end) tests

val _ = app (fn p => (ignore (parse p); print (p ^ ": ok\n"))
                     handle Parse (i, m) => print (p ^ ": error at " ^ Int.toString i ^ ": " ^ m ^ "\n"))
  ["(ab", "a)b", "[abc", "*a", "a\\", "a||b", "[]]", "((a))"]
