(* A regex compiled to a DFA by Brzozowski derivatives at generation time
   (states numbered by their normalised regex, explored breadth first over
   an alphabet), then the DFA compiled to mutually recursive ML code: one
   generated function per state, a case over the character with the
   transitions as constants. The generated matchers run on many inputs and
   agree with the derivative matcher. *)
datatype re = Nul | Eps | C of char | Seq of re * re | Alt of re * re | Star of re

fun nullable Nul = false | nullable Eps = true | nullable (C _) = false
  | nullable (Seq (a, b)) = nullable a andalso nullable b
  | nullable (Alt (a, b)) = nullable a orelse nullable b
  | nullable (Star _) = true

(* a total order on regexes, so Alt can be kept sorted and duplicate-free *)
fun tag Nul = 0 | tag Eps = 1 | tag (C _) = 2 | tag (Seq _) = 3 | tag (Alt _) = 4 | tag (Star _) = 5
fun cmp (C a, C b) = Char.compare (a, b)
  | cmp (Seq (a, b), Seq (c, d)) = (case cmp (a, c) of EQUAL => cmp (b, d) | o' => o')
  | cmp (Alt (a, b), Alt (c, d)) = (case cmp (a, c) of EQUAL => cmp (b, d) | o' => o')
  | cmp (Star a, Star b) = cmp (a, b)
  | cmp (a, b) = Int.compare (tag a, tag b)

fun seq (Nul, _) = Nul | seq (_, Nul) = Nul | seq (Eps, r) = r | seq (r, Eps) = r
  | seq (Seq (a, b), c) = seq (a, seq (b, c))
  | seq (a, b) = Seq (a, b)
fun alt (Nul, r) = r | alt (r, Nul) = r
  | alt (Alt (a, b), c) = alt (a, alt (b, c))
  | alt (a, Alt (b, c)) = (case cmp (a, b) of EQUAL => Alt (b, c) | LESS => Alt (a, Alt (b, c)) | GREATER => alt (b, alt (a, c)))
  | alt (a, b) = (case cmp (a, b) of EQUAL => a | LESS => Alt (a, b) | GREATER => Alt (b, a))
fun star (Star r) = Star r | star Eps = Eps | star Nul = Eps | star r = Star r

fun d c Nul = Nul | d c Eps = Nul | d c (C x) = if x = c then Eps else Nul
  | d c (Seq (a, b)) = if nullable a then alt (seq (d c a, b), d c b) else seq (d c a, b)
  | d c (Alt (a, b)) = alt (d c a, d c b)
  | d c (Star r) = seq (d c r, star r)

fun matches r s = nullable (foldl (fn (c, r) => d c r) r (explode s))

(* build the DFA: states as a list of (regex, index), transitions per char *)
fun dfa alphabet r0 =
  let val states = ref [(r0, 0)]
      fun indexOf r = case List.find (fn (r', _) => cmp (r, r') = EQUAL) (!states) of
          SOME (_, i) => (i, false)
        | NONE => let val i = length (!states) in states := !states @ [(r, i)]; (i, true) end
      fun explore [] acc = rev acc
        | explore ((r, i) :: queue) acc =
            let val trans = map (fn c => let val (j, new) = indexOf (d c r) in (c, j, new) end) alphabet
                val news = List.mapPartial (fn (c, j, true) => SOME (d c r, j) | _ => NONE) trans
            in explore (queue @ news) ((i, nullable r, map (fn (c, j, _) => (c, j)) trans) :: acc) end
      val table = explore [(r0, 0)] []
  in (table, map #1 (!states)) end

(* one generated function per state; dispatch through an array of them *)
fun genState (accept, trans) : [(int -> char list -> bool) -> char list -> bool] =
  let fun genCase [] = code (fn go => fn c => fn rest => false)
        | genCase ((c, j) :: more) =
            let cogen k = genCase more cogen c' = lift c cogen j' = lift j
            in code (fn go => fn c => fn rest => if c = c' then go j' rest else k go c rest) end
      cogen cases = genCase trans
      cogen acc = lift accept
  in code (fn go => fn cs => case cs of [] => acc | c :: rest => cases go c rest) end

fun genDfa table : [string -> bool] =
  let fun all [] = code []
        | all ((_, accept, trans) :: more) = let cogen h = genState (accept, trans) cogen t = all more in code (h :: t) end
      cogen states = all table
  in code (let val arr = Vector.fromList states
               fun go i cs = Vector.sub (arr, i) go cs
           in fn s => go 0 (explode s) end) end

fun lit s = foldr (fn (c, r) => seq (C c, r)) Eps (explode s)
val ab = explode "ab"
val cases =
  [("(a|b)*abb", seq (star (alt (C #"a", C #"b")), lit "abb"), ab),
   ("(ab)*", star (lit "ab"), ab),
   ("even a's", star (alt (C #"b", seq (C #"a", seq (star (C #"b"), C #"a")))), ab),
   ("a(b|c)*d", seq (C #"a", seq (star (alt (C #"b", C #"c")), C #"d")), explode "abcd"),
   ("contains aba", seq (star (alt (C #"a", C #"b")), seq (lit "aba", star (alt (C #"a", C #"b")))), ab)]

fun strings alphabet 0 = [""]
  | strings alphabet n = "" :: List.concat (map (fn s => map (fn c => str c ^ s) alphabet) (strings alphabet (n - 1)))
fun uniq [] = [] | uniq (x :: xs) = x :: uniq (List.filter (fn y => y <> x) xs)

val _ = app (fn (name, r, alphabet) =>
  let val (table, _) = dfa alphabet r
      val m = eval (genDfa table)
      val inputs = uniq (strings alphabet 5)
      val agree = List.all (fn s => m s = matches r s) inputs
      val accepted = List.filter m inputs
  in print (name ^ ": " ^ Int.toString (length table) ^ " states, " ^ Int.toString (length accepted) ^ " of "
            ^ Int.toString (length inputs) ^ " accepted, " ^ (if agree then "agree" else "DISAGREE")
            ^ "; shortest: " ^ String.concatWith "," (List.take (accepted, Int.min (4, length accepted))) ^ "\n")
  end) cases

val m = eval (genDfa (#1 (dfa ab (seq (star (alt (C #"a", C #"b")), lit "abb")))))
val long = String.concat (List.tabulate (2000, fn i => if i mod 3 = 0 then "a" else "b")) ^ "abb"
val _ = print ("long input: " ^ Bool.toString (m long) ^ ", count over 500 runs: "
               ^ Int.toString (length (List.filter (fn i => m (String.extract (long, i, NONE))) (List.tabulate (500, fn i => i)))) ^ "\n")
val _ = print ("outside the alphabet: " ^ Bool.toString (m "abxabb") ^ "\n")
