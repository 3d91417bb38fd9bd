(* Regular expressions compiled to a DFA at generation time with
   Brzozowski derivatives (smart constructors keep the states finite),
   then staged: each DFA state becomes a generated function that tests the
   next character against the known alphabet and tail-calls the next
   state through a lifted array. Compared with matching by derivatives
   directly, on many strings. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype re = Empty | Eps | Chr of char | Cat of re * re | Alt of re * re | Star of re

fun alt (Empty, r) = r
  | alt (r, Empty) = r
  | alt (r, s) = if r = s then r else Alt (r, s)
fun cat (Empty, _) = Empty
  | cat (_, Empty) = Empty
  | cat (Eps, r) = r
  | cat (r, Eps) = r
  | cat (r, s) = Cat (r, s)
fun star (Star r) = Star r
  | star Eps = Eps
  | star Empty = Eps
  | star r = Star r

fun nullable Empty = false
  | nullable Eps = true
  | nullable (Chr _) = false
  | nullable (Cat (a, b)) = nullable a andalso nullable b
  | nullable (Alt (a, b)) = nullable a orelse nullable b
  | nullable (Star _) = true
fun deriv (c, Empty) = Empty
  | deriv (c, Eps) = Empty
  | deriv (c, Chr d) = if c = d then Eps else Empty
  | deriv (c, Cat (a, b)) = if nullable a then alt (cat (deriv (c, a), b), deriv (c, b)) else cat (deriv (c, a), b)
  | deriv (c, Alt (a, b)) = alt (deriv (c, a), deriv (c, b))
  | deriv (c, Star a) = cat (deriv (c, a), Star a)

fun matches (r, s) = nullable (foldl (fn (c, r) => deriv (c, r)) r (explode s))

(* explore the states reachable over the alphabet; states numbered in discovery order *)
fun index (x, xs) = let fun go (_, []) = NONE | go (i, y :: r) = if x = y then SOME i else go (i + 1, r) in go (0, xs) end
fun explore (r0, alphabet) =
    let fun go (states, []) = states
          | go (states, r :: todo) =
            let val next = map (fn c => deriv (c, r)) alphabet
                val fresh = List.filter (fn d => not (isSome (index (d, states)))) next
                fun dedup [] = [] | dedup (x :: xs) = x :: dedup (List.filter (fn y => y <> x) xs)
                val fresh' = dedup fresh
            in go (states @ fresh', todo @ fresh') end
    in go ([r0], [r0]) end

fun compile (r0, alphabet) : [string -> bool] =
    let val states = explore (r0, alphabet)
        val n = length states
        val table = Array.array (n, fn (_ : string, _ : int) => false)
        cogen tbl = lift table
        fun stateGen r =
            let fun arms [] = code (fn (_ : char, _ : string, _ : int) => false)
                  | arms (c :: cs) =
                    let val target = valOf (index (deriv (c, r), states))
                        cogen rest = arms cs cogen c' = lift c cogen t = lift target
                    in code (fn (x, s, i) => if x = c' then Array.sub (tbl, t) (s, i) else rest (x, s, i)) end
                cogen dispatch = arms (if r = Empty then [] else alphabet)
                cogen final = lift (nullable r)
            in code (fn (s, i) => if i = size s then final else dispatch (String.sub (s, i), s, i + 1)) end
        val _ = List.app (fn (i, r) => Array.update (table, i, eval (stateGen r)))
                         (ListPair.zip (List.tabulate (n, fn i => i), states))
    in code (fn s => Array.sub (tbl, 0) (s, 0)) end

fun str s = foldr (fn (c, r) => cat (Chr c, r)) Eps (explode s)
fun plus r = cat (r, star r)
val ab = [#"a", #"b"]
val cases =
  [("(a|b)*abb", cat (star (alt (Chr #"a", Chr #"b")), str "abb"), ab),
   ("a*b*", cat (star (Chr #"a"), star (Chr #"b")), ab),
   ("(ab|ba)+", plus (alt (str "ab", str "ba")), ab),
   ("even a's", star (alt (Chr #"b", cat (Chr #"a", cat (star (Chr #"b"), Chr #"a")))), ab),
   ("cat|car|dog", alt (str "cat", alt (str "car", str "dog")), explode "acdgort")]
val subjects = ["", "a", "b", "ab", "abb", "aabb", "babb", "abab", "baba", "aab", "bab", "aa", "cat", "car", "dog", "cart", "abba"]
val _ = app (fn (name, r, alphabet) =>
   let val m = eval (compile (r, alphabet))
       val states = length (explore (r, alphabet))
   in pr (name ^ " (" ^ pi states ^ " states): " ^ String.concat (map (fn s => if m s then "1" else "0") subjects) ^
          (if List.all (fn s => m s = matches (r, s)) subjects then " agrees" else " DISAGREES"))
   end) cases
