(* Staged string matching: a pattern with wildcards and character classes
   compiled to code that tests the subject; strings, chars, sub/size and
   exceptions in generated code *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype atom = Lit of char | Any | Digit | OneOf of string
fun matchesAtom (Lit c, x) = c = x
  | matchesAtom (Any, _) = true
  | matchesAtom (Digit, x) = x >= #"0" andalso x <= #"9"
  | matchesAtom (OneOf s, x) = List.exists (fn c => c = x) (explode s)
fun parse [] = [] | parse (#"?" :: r) = Any :: parse r | parse (#"#" :: r) = Digit :: parse r
  | parse (#"[" :: r) = let fun go (#"]" :: rest, acc) = OneOf (implode (rev acc)) :: parse rest
                            | go (c :: rest, acc) = go (rest, c :: acc)
                            | go ([], _) = raise Fail "unclosed ["
                        in go (r, []) end
  | parse (#"\\" :: c :: r) = Lit c :: parse r
  | parse (c :: r) = Lit c :: parse r
fun interp (atoms, s) =
  let fun go ([], i) = i = size s
        | go (a :: r, i) = i < size s andalso matchesAtom (a, String.sub (s, i)) andalso go (r, i + 1)
  in go (atoms, 0) end
fun atomGen (Lit c) = let cogen lc = lift c in code (fn x => x = lc) end
  | atomGen Any = code (fn _ => true)
  | atomGen Digit = code (fn x => x >= #"0" andalso x <= #"9")
  | atomGen (OneOf set) = let cogen ls = lift set
                          in code (fn x => let fun mem i = i < size ls andalso (String.sub (ls, i) = x orelse mem (i + 1)) in mem 0 end) end
fun compile atoms =
  let fun go ([], k) = let cogen len = lift k in code (fn s => size s = len) end
        | go (a :: r, k) = let cogen test = atomGen a cogen rest = go (r, k + 1) cogen pos = lift k
                           in code (fn s => pos < size s andalso test (String.sub (s, pos)) andalso rest s) end
      cogen m = go (atoms, 0)
  in code m end
val patterns = ["abc", "a?c", "###-####", "[abc]x", "", "\\??", "h[ae]llo\n", "[", "end\\"]
val subjects = ["abc", "axc", "555-1234", "bx", "", "??", "?a", "hello\n", "hallo\n", "a", "ab"]
fun b true = "1" | b false = "0"
val _ = app (fn p =>
          pr (p ^ ": " ^ ((let val atoms = parse (explode p)
                               val m = eval (compile atoms)
                           in String.concat (map (fn s => b (interp (atoms, s)) ^ b (m s)) subjects) end)
                          handle Fail msg => "error " ^ msg)))
          patterns
val counter = ref 0
val m = eval (compile (parse (explode "[0123456789]#")))
val _ = app (fn s => if m s then counter := !counter + 1 else ()) ["12", "1a", "99", "0", "000", "42"]
val _ = pr (pi (!counter))
