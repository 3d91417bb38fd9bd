(* A staged glob matcher: * (any run), ? (any char), [set] and literals.
   Each pattern position becomes a generated function of the subject and
   the index; * becomes a loop trying every split, so the generated code
   backtracks exactly like the interpreter *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype g = Lit of char | One | Star | Set of char list
exception BadPattern of string
fun parse [] = []
  | parse (#"*" :: #"*" :: r) = parse (#"*" :: r)
  | parse (#"*" :: r) = Star :: parse r
  | parse (#"?" :: r) = One :: parse r
  | parse (#"[" :: r) =
      let fun go (#"]" :: rest, acc) = Set (rev acc) :: parse rest
            | go (c :: rest, acc) = go (rest, c :: acc)
            | go ([], _) = raise BadPattern "unterminated set"
      in go (r, []) end
  | parse (c :: r) = Lit c :: parse r
fun interp (ps, s) =
  let fun m ([], i) = i = size s
        | m (Star :: r, i) = m (r, i) orelse (i < size s andalso m (Star :: r, i + 1))
        | m (One :: r, i) = i < size s andalso m (r, i + 1)
        | m (Lit c :: r, i) = i < size s andalso String.sub (s, i) = c andalso m (r, i + 1)
        | m (Set cs :: r, i) = i < size s andalso List.exists (fn c => c = String.sub (s, i)) cs andalso m (r, i + 1)
  in m (ps, 0) end
val steps = ref 0
fun gen [] = code (fn (s, i) => i = size s)
  | gen (Star :: r) = let cogen rest = gen r
                      in code (fn (s, i) => let fun loop j = (steps := !steps + 1; rest (s, j) orelse (j < size s andalso loop (j + 1)))
                                            in loop i end) end
  | gen (One :: r) = let cogen rest = gen r in code (fn (s, i) => i < size s andalso rest (s, i + 1)) end
  | gen (Lit c :: r) = let cogen rest = gen r cogen k = lift c
                       in code (fn (s, i) => i < size s andalso String.sub (s, i) = k andalso rest (s, i + 1)) end
  | gen (Set cs :: r) = let cogen rest = gen r cogen test = setGen cs
                        in code (fn (s, i) => i < size s andalso test (String.sub (s, i)) andalso rest (s, i + 1)) end
(* a set becomes a chain of comparisons with lifted characters *)
and setGen [] = code (fn _ => false)
  | setGen (c :: cs) = let cogen k = lift c cogen more = setGen cs in code (fn x => x = k orelse more x) end
fun compile p = let cogen m = gen (parse (explode p)) in code (fn s => m (s, 0)) end
val patterns = ["*", "", "a*", "*a", "*.sml", "a*b*c", "?", "??*", "[abc]*[xyz]", "**x**", "a[*]b", "[", "*?*?*"]
val subjects = ["", "a", "abc", "ab", "x", "main.sml", "sml", "aXbYc", "axbycz", "bz", "a*b", "xx", "abcabc"]
fun b true = "1" | b false = "0"
val _ = app (fn p =>
          pr (p ^ " => " ^
              ((let val m = eval (compile p)
                in String.concat (map (fn s => b (interp (parse (explode p), s)) ^ b (m s)) subjects) end)
               handle BadPattern why => "bad pattern: " ^ why))) patterns
val _ = pr ("star steps " ^ pi (!steps))
val many = eval (compile "*a*a*a*a*b")
val _ = steps := 0
val _ = pr (b (many "aaaaaaaaaaaaaaaa") ^ " steps " ^ pi (!steps))
