(* A staged regular-expression matcher in continuation style: each regex
   node becomes generated code taking the subject, a position and a
   continuation; star becomes a local recursive function in the generated
   code (guarded against empty iterations); compared with an unstaged
   matcher of the same design on many subjects *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype re = Chr of char | AnyC | Seq of re * re | Alt of re * re | Star of re | Eps | Class of char * char
exception Parse of string
(* parser: alternation, concatenation, postfix * + ?, parentheses, ., [a-z] *)
fun parse s =
  let val cs = explode s
      fun alt cs = let val (l, r) = seq cs
                   in case r of #"|" :: r' => let val (l2, r2) = alt r' in (Alt (l, l2), r2) end | _ => (l, r) end
      and seq cs = let val (a, r) = post cs
                   in case r of [] => (a, r) | #"|" :: _ => (a, r) | #")" :: _ => (a, r)
                              | _ => let val (b, r2) = seq r in (Seq (a, b), r2) end end
      and post cs = let val (a, r) = atom cs
                        fun loop (a, #"*" :: r) = loop (Star a, r)
                          | loop (a, #"+" :: r) = loop (Seq (a, Star a), r)
                          | loop (a, #"?" :: r) = loop (Alt (a, Eps), r)
                          | loop (a, r) = (a, r)
                    in loop (a, r) end
      and atom (#"(" :: r) = (case alt r of (a, #")" :: r2) => (a, r2) | _ => raise Parse "missing )")
        | atom (r as #")" :: _) = (Eps, r)
        | atom (r as #"|" :: _) = (Eps, r)
        | atom (#"." :: r) = (AnyC, r)
        | atom (#"[" :: lo :: #"-" :: hi :: #"]" :: r) = (Class (lo, hi), r)
        | atom (#"\\" :: c :: r) = (Chr c, r)
        | atom (c :: r) = if c = #"*" orelse c = #"+" orelse c = #"?" then raise Parse "nothing to repeat" else (Chr c, r)
        | atom [] = (Eps, [])
  in case alt cs of (r, []) => r | (_, c :: _) => raise Parse ("unexpected " ^ str c) end
fun m (Chr c) (s, i, k) = i < size s andalso String.sub (s, i) = c andalso k (i + 1)
  | m AnyC (s, i, k) = i < size s andalso k (i + 1)
  | m (Class (lo, hi)) (s, i, k) = i < size s andalso String.sub (s, i) >= lo andalso String.sub (s, i) <= hi andalso k (i + 1)
  | m (Seq (a, b)) (s, i, k) = m a (s, i, fn j => m b (s, j, k))
  | m (Alt (a, b)) (s, i, k) = m a (s, i, k) orelse m b (s, i, k)
  | m Eps (s, i, k) = k i
  | m (Star a) (s, i, k) = let fun loop i = k i orelse m a (s, i, fn j => j > i andalso loop j) in loop i end
fun gen re : [string * int * (int -> bool) -> bool] =
  case re of
    Chr c => let cogen lc = lift c in code (fn (s, i, k) => i < size s andalso String.sub (s, i) = lc andalso k (i + 1)) end
  | AnyC => code (fn (s, i, k) => i < size s andalso k (i + 1))
  | Class (lo, hi) => let cogen l = lift lo cogen h = lift hi
                      in code (fn (s, i, k) => i < size s andalso (let val c = String.sub (s, i) in c >= l andalso c <= h end) andalso k (i + 1)) end
  | Seq (a, b) => let cogen ma = gen a cogen mb = gen b in code (fn (s, i, k) => ma (s, i, fn j => mb (s, j, k))) end
  | Alt (a, b) => let cogen ma = gen a cogen mb = gen b in code (fn (s, i, k) => ma (s, i, k) orelse mb (s, i, k)) end
  | Eps => code (fn (_, i, k) => k i)
  | Star a => let cogen ma = gen a in code (fn (s, i, k) => let fun loop i = k i orelse ma (s, i, fn j => j > i andalso loop j) in loop i end) end
fun full re = let cogen mr = gen re in code (fn s => mr (s, 0, fn j => j = size s)) end
val regexes = ["abc", "a*b", "(ab|cd)*e", "[0-9]+(\\.[0-9]+)?", "a**", "(a|)*b", "(|a)(b|)", ".*x.*", "(a*)*c", "colou?r", "", "a|", "(a", "*a", "[a-z]*@[a-z]+\\.com"]
val subjects = ["abc", "b", "aaab", "ababcde", "e", "3.14", "42", "4.", "x", "axb", "aaaac", "color", "colour", "", "joe@mail.com", "@x.com", "ab", "a"]
fun b true = "1" | b false = "0"
val _ = app (fn r =>
          pr (r ^ ": " ^ ((let val re = parse r val f = eval (full re)
                           in String.concat (map (fn s => if m re (s, 0, fn j => j = size s) = f s then b (f s) else "!") subjects) end)
                          handle Parse why => "parse error: " ^ why))) regexes
(* a pathological pattern, still linear enough at this size *)
val f = eval (full (parse "(a|aa)*b"))
val _ = pr (b (f "aaaaaaaaaaaaaaaaaab") ^ b (f "aaaaaaaaaaaaaaaa"))
