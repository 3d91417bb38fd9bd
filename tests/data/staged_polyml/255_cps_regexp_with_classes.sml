(* A staged regular-expression matcher in continuation-passing style:
   the regexp is early, the input string and position late. Star is
   compiled into a local recursive function of the generated code, which
   refuses to loop on an empty match. Results are checked against the
   unstaged matcher on many strings. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype re = Chr of char | Any | Seq of re * re | Alt of re * re | Star of re | Eps | Class of string

fun inClass (cls, c) = List.exists (fn d => d = c) (explode cls)

(* unstaged: m r s i k matches r at i, then calls k with the end *)
fun m (Chr c) s i k = i < size s andalso String.sub (s, i) = c andalso k (i + 1)
  | m Any s i k = i < size s andalso k (i + 1)
  | m (Class cls) s i k = i < size s andalso inClass (cls, String.sub (s, i)) andalso k (i + 1)
  | m Eps s i k = k i
  | m (Seq (a, b)) s i k = m a s i (fn j => m b s j k)
  | m (Alt (a, b)) s i k = m a s i k orelse m b s i k
  | m (Star a) s i k = k i orelse m a s i (fn j => j > i andalso m (Star a) s j k)
fun matches r s = m r s 0 (fn j => j = size s)

(* staged: gen r : [string -> int -> (int -> bool) -> bool] *)
val nodes = ref 0
fun gen r =
    (nodes := !nodes + 1;
     case r of
         Chr c => let cogen cc = lift c
                  in code (fn s => fn i => fn k => i < size s andalso String.sub (s, i) = cc andalso k (i + 1)) end
       | Any => code (fn s => fn i => fn k => i < size s andalso k (i + 1))
       | Class cls => let cogen chars = lift (explode cls)
                      in code (fn s => fn i => fn k =>
                                 i < size s andalso List.exists (fn d => d = String.sub (s, i)) chars andalso k (i + 1)) end
       | Eps => code (fn s => fn i => fn k => k i)
       | Seq (a, b) => let cogen ga = gen a cogen gb = gen b
                       in code (fn s => fn i => fn k => ga s i (fn j => gb s j k)) end
       | Alt (a, b) => let cogen ga = gen a cogen gb = gen b
                       in code (fn s => fn i => fn k => ga s i k orelse gb s i k) end
       | Star a => let cogen ga = gen a
                   in code (fn s => let fun star i k = k i orelse ga s i (fn j => j > i andalso star j k)
                                    in star end) end)
fun compile r = let cogen g = gen r in code (fn s => g s 0 (fn j => j = size s)) end

fun lit str = foldr (fn (c, acc) => Seq (Chr c, acc)) Eps (explode str)
fun plus r = Seq (r, Star r)
val digit = Class "0123456789"
val ident = Seq (Class "abcdefghijklmnopqrstuvwxyz_", Star (Alt (Class "abcdefghijklmnopqrstuvwxyz_", digit)))
val number = Seq (Alt (Chr #"~", Eps), plus digit)
val assign = Seq (ident, Seq (Star (Chr #" "), Seq (lit ":=", Seq (Star (Chr #" "), Alt (number, ident)))))
val evilStar = Star (Star (Alt (Chr #"a", Eps)))      (* nested stars with empty matches *)
val dotsAB = Seq (Star Any, Seq (Chr #"a", Seq (Any, Chr #"b")))

val words = ["x", "x1", "1x", "~42", "42", "~", "", "a := 3", "abc:=~17", "foo_bar :=  baz9", "q := ", "aaaa",
             "aaab", "zzaxb", "axb", "ab", "a_b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]
fun check (name, r) =
    let val _ = nodes := 0
        val f = eval (compile r)
        val accepted = List.filter f words
        val agree = List.all (fn w => f w = matches r w) words
    in pr (name ^ " (" ^ pi (!nodes) ^ " nodes): " ^ String.concatWith " | " (map (fn w => "\"" ^ w ^ "\"") accepted) ^
           (if agree then "" else "  MISMATCH"))
    end
val _ = app check [("ident", ident), ("number", number), ("assign", assign), ("evilStar", evilStar),
                   ("dotsAB", dotsAB), ("eps", Eps), ("any", Any), ("lit ab", lit "ab")]

(* one compiled matcher used on a thousand generated strings *)
val isNumber = eval (compile number)
fun sample k = if k mod 3 = 0 then pi (k * 7 - 500) else if k mod 3 = 1 then "n" ^ pi k else pi k ^ "~"
fun countAccepted (k, n) = if k = 1000 then n else countAccepted (k + 1, if isNumber (sample k) then n + 1 else n)
val _ = pr ("numbers among 1000 samples: " ^ pi (countAccepted (0, 0)))
