(* A glob compiler over two stages with a memo table of generated code
   keyed by pattern strings: stage one fixes the case sensitivity and
   generates a compiler; stage two (running that compiler) parses the
   pattern (a star, ?, [abc], [a-z], [!x]) and generates the matcher.  The
   compiled matchers are kept in an association list in a ref, so a
   pattern compiled twice is generated once.  A malformed pattern makes
   the stage-two generation raise BadPattern (position, reason), which
   the caller handles; the last one is compiled outside any handler and
   ends the program. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception BadPattern of int * string
datatype item = Any | One | Lit of char | Class of bool * (char * char) list

fun parse (p : string) : item list =
  let val n = size p
      fun cls (i, acc) =
        if i >= n then raise BadPattern (i, "unterminated class")
        else case String.sub (p, i) of
               #"]" => if null acc then raise BadPattern (i, "empty class") else (rev acc, i + 1)
             | c => if i + 2 < n andalso String.sub (p, i + 1) = #"-" andalso String.sub (p, i + 2) <> #"]"
                    then (if String.sub (p, i + 2) < c then raise BadPattern (i, "reversed range") else cls (i + 3, (c, String.sub (p, i + 2)) :: acc))
                    else cls (i + 1, (c, c) :: acc)
      fun go i =
        if i >= n then []
        else case String.sub (p, i) of
               #"*" => Any :: go (i + 1)
             | #"?" => One :: go (i + 1)
             | #"[" => let val neg = i + 1 < n andalso String.sub (p, i + 1) = #"!"
                           val (ranges, j) = cls (if neg then i + 2 else i + 1, [])
                       in Class (neg, ranges) :: go j end
             | #"\\" => if i + 1 < n then Lit (String.sub (p, i + 1)) :: go (i + 2) else raise BadPattern (i, "trailing backslash")
             | c => Lit c :: go (i + 1)
  in go 0 end

fun matchU fold (items, s) =
  let val norm = if fold then Char.toLower else (fn c => c)
      fun inR c = List.exists (fn (a, b) => norm a <= norm c andalso norm c <= norm b)
      fun m ([], i) = i = size s
        | m (Any :: r, i) = m (r, i) orelse (i < size s andalso m (Any :: r, i + 1))
        | m (One :: r, i) = i < size s andalso m (r, i + 1)
        | m (Lit c :: r, i) = i < size s andalso norm (String.sub (s, i)) = norm c andalso m (r, i + 1)
        | m (Class (neg, rs) :: r, i) = i < size s andalso (inR (String.sub (s, i)) rs <> neg) andalso m (r, i + 1)
  in m (items, 0) end

(* the second-stage generator of a matcher for parsed items *)
val generated = ref 0
fun stage1 (fold : bool) : [string -> [string -> bool]] =
  let cogen f = lift fold
  in code (fn pat =>
       let val items = parse pat
           val _ = generated := !generated + 1
           fun norm c = if f then Char.toLower c else c
           fun genRanges [] = code (fn c : char => false)
             | genRanges ((a, b) :: rs) =
                 let cogen r = genRanges rs cogen a' = lift (norm a) cogen b' = lift (norm b)
                 in code (fn c => (a' <= c andalso c <= b') orelse r c) end
           fun gen [] = code (fn (s : string, i : int) => i = size s)
             | gen (Any :: r) = let cogen k = gen r in code (fn (s, i) => let fun try j = j <= size s andalso (k (s, j) orelse try (j + 1)) in try i end) end
             | gen (One :: r) = let cogen k = gen r in code (fn (s, i) => i < size s andalso k (s, i + 1)) end
             | gen (Lit c :: r) =
                 let cogen k = gen r cogen c' = lift (norm c) cogen f2 = lift f
                 in code (fn (s, i) => i < size s andalso (if f2 then Char.toLower (String.sub (s, i)) else String.sub (s, i)) = c' andalso k (s, i + 1)) end
             | gen (Class (neg, rs) :: r) =
                 let cogen k = gen r cogen inR = genRanges rs cogen neg' = lift neg cogen f2 = lift f
                 in code (fn (s, i) => i < size s andalso inR (if f2 then Char.toLower (String.sub (s, i)) else String.sub (s, i)) <> neg' andalso k (s, i + 1)) end
           cogen whole = gen items
       in code (fn s => whole (s, 0)) end)
  end

val exactCompiler = eval (stage1 false)
val foldCompiler = eval (stage1 true)
val memo : ((bool * string) * (string -> bool)) list ref = ref []
fun compile (fold, pat) =
  case List.find (fn (k, _) => k = (fold, pat)) (!memo) of
    SOME (_, m) => m
  | NONE => let val m = eval ((if fold then foldCompiler else exactCompiler) pat)
            in memo := ((fold, pat), m) :: !memo; m end

val names = ["main.sml", "Main.SML", "test_1.sml", "test_22.sml", "README", "a.b.c", "", "x", "data[1].txt"]
val patterns = ["*.sml", "test_?.sml", "[A-Z]*", "[!a-z]*", "*.*.*", "*", "?", "data\\[1\\].txt", "t*_[0-9][0-9].sml"]
fun row (fold, pat) =
  let val m = compile (fold, pat)
      val hits = List.filter m names
      val agree = List.all (fn s => m s = matchU fold (parse pat, s)) names
  in pr ((if fold then "fold  " else "exact ") ^ pat ^ ": " ^ String.concatWith " " hits ^ (if agree then "" else " DISAGREE")) end
val _ = List.app (fn p => (row (false, p); row (true, p))) patterns
(* compiled again: served from the memo table *)
val before' = !generated
val _ = List.app (fn p => ignore (compile (false, p))) patterns
val _ = pr ("generated " ^ pi before' ^ " matchers, " ^ pi (!generated - before') ^ " more after recompiling")
val _ = List.app (fn p => (ignore (compile (true, p)); pr ("compiled " ^ p))
                           handle BadPattern (i, why) => pr ("bad pattern " ^ p ^ " at " ^ pi i ^ ": " ^ why))
                 ["[abc", "[]x", "a\\", "[z-a]", "[a-c]x", "[!]]"]
val _ = pr ("memo size " ^ pi (length (!memo)))
val fatal = compile (false, "*.[ch")
val _ = pr "not reached"
