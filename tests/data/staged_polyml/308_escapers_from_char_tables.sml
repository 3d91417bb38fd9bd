(* Text escapers generated from character tables: a specification maps
   some characters to replacement strings (HTML, CSV, a shell quoter, a
   ROT13 with digit rotation); the generator builds, at generation time,
   a 256-entry table with CharVector/Vector functions and either lifts it
   whole (a vector lookup in the generated code) or, for small tables,
   compiles it to a chain of comparisons.  The generated escapers run
   String.translate, String.map, CharVector.all, String.fields and
   String.tokens, and an unescaper is generated from the same table. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type spec = (char * string) list
val html : spec = [(#"<", "&lt;"), (#">", "&gt;"), (#"&", "&amp;"), (#"\"", "&quot;"), (#"'", "&#39;")]
val csv : spec = [(#"\"", "\"\""), (#"\n", "\\n")]
val shell : spec = map (fn c => (c, "\\" ^ str c)) (String.explode " $`\"\\!*?;&|<>()'")

fun escapeU (sp : spec) s = String.translate (fn c => case List.find (fn (d, _) => d = c) sp of SOME (_, r) => r | NONE => str c) s

(* a table of 256 replacements, NONE for characters kept as they are *)
fun table (sp : spec) : string option vector =
  Vector.tabulate (256, fn i => Option.map #2 (List.find (fn (d, _) => ord d = i) sp))

fun genChain [] = code (fn c : char => str c)
  | genChain ((d, r) :: rest) = let cogen k = genChain rest cogen d' = lift d cogen r' = lift r in code (fn c => if c = d' then r' else k c) end

fun genEscaper (sp : spec) : [string -> string] =
  if length sp <= 6
  then let cogen one = genChain sp in code (String.translate one) end
  else let cogen t = lift (table sp)
       in code (fn s => if CharVector.all (fn c => not (isSome (Vector.sub (t, ord c)))) s then s
                        else String.translate (fn c => case Vector.sub (t, ord c) of SOME r => r | NONE => str c) s) end

fun sortByLength (sp : spec) =
  foldr (fn (p as (_, r), sorted) =>
           let fun ins [] = [p] | ins ((q as (_, r')) :: rest) = if size r >= size r' then p :: q :: rest else q :: ins rest
           in ins sorted end) [] sp

(* unescaping: the longest replacement first, matched with String.isPrefix at each position *)
fun genUnescaper (sp : spec) : [string -> string] =
  let val sorted = sortByLength sp
      cogen pairs = lift sorted
  in code (fn s =>
       let fun go (i, acc) =
             if i >= size s then String.concat (rev acc)
             else case List.find (fn (_, r) => String.isPrefix r (String.extract (s, i, NONE))) pairs of
                    SOME (c, r) => go (i + size r, str c :: acc)
                  | NONE => go (i + 1, str (String.sub (s, i)) :: acc)
       in go (0, []) end)
  end

val texts = ["plain text", "<a href=\"x\">Tom & Jerry's</a>", "say \"hi\"\nbye", "rm -rf $HOME; echo `id` | cat > (x)", "", "&lt;already&gt;"]
val escapers = [("html", html), ("csv", csv), ("shell", shell)]
val _ = List.app (fn (name, sp) =>
          let val esc = eval (genEscaper sp)
              val unesc = eval (genUnescaper sp)
          in List.app (fn t => let val e = esc t
                               in pr (name ^ ": " ^ String.toString e ^
                                      (if e = escapeU sp t then "" else " DISAGREE") ^
                                      (if unesc e = t then "" else " (no round trip: " ^ String.toString (unesc e) ^ ")")) end) texts
          end) escapers

(* ROT13 on letters and rotation by 5 on digits, as a generated String.map over a lifted table *)
val rotTable = CharVector.tabulate (256, fn i =>
  let val c = chr i
  in if Char.isLower c then chr ((i - 97 + 13) mod 26 + 97)
     else if Char.isUpper c then chr ((i - 65 + 13) mod 26 + 65)
     else if Char.isDigit c then chr ((i - 48 + 5) mod 10 + 48)
     else c end)
val rot = eval (let cogen t = lift rotTable in code (String.map (fn c => String.sub (t, ord c))) end)
val secret = rot "Hello, World 2026!"
val _ = pr (secret ^ " / " ^ rot secret)
(* fields and tokens split by generated predicates built from a separator list *)
fun genSplit (seps : char list) : [string -> string list * string list] =
  let cogen isSep = foldr (fn (c, k) => let cogen k' = k cogen c' = lift c in code (fn x => x = c' orelse k' x) end) (code (fn _ : char => false)) seps
  in code (fn s => (String.fields isSep s, String.tokens isSep s)) end
val split = eval (genSplit [#",", #";", #" "])
val (fs, ts) = split "a,b;;c d,,;e"
val _ = pr (pi (length fs) ^ " fields [" ^ String.concatWith "|" fs ^ "], " ^ pi (length ts) ^ " tokens [" ^ String.concatWith "|" ts ^ "]")
