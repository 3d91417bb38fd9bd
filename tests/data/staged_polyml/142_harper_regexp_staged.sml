(* Harper's continuation-passing regular expression matcher ("Proof-
   directed debugging", JFP 1999), with its termination fix for starred
   expressions that accept the empty string, staged on the regular
   expression as in Filinski, "Proof-directed program transformation: a
   functional account of efficient regular expression matching" (JFP 2021)
   §3: the regular expression is static, the string and the continuation
   dynamic. Then a keyword matcher generated inside generated code: the
   keyword arrives at stage 1, the text at stage 2. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype regexp = Zero | One | Char of char | Any | Range of char * char
                | Plus of regexp * regexp | Times of regexp * regexp | Star of regexp

(* Harper's matcher, unstaged *)
fun acc Zero _ _ = false
  | acc One cs k = k cs
  | acc (Char c) cs k = (case cs of d :: cs' => c = d andalso k cs' | [] => false)
  | acc Any cs k = (case cs of _ :: cs' => k cs' | [] => false)
  | acc (Range (lo, hi)) cs k = (case cs of d :: cs' => lo <= d andalso d <= hi andalso k cs' | [] => false)
  | acc (Plus (r1, r2)) cs k = acc r1 cs k orelse acc r2 cs k
  | acc (Times (r1, r2)) cs k = acc r1 cs (fn cs' => acc r2 cs' k)
  | acc (Star r) cs k = k cs orelse acc r cs (fn cs' => cs' <> cs andalso acc (Star r) cs' k)
fun accept r s = acc r (explode s) null

(* staged: code of type char list * (char list -> bool) -> bool *)
type matcher = char list * (char list -> bool) -> bool
fun sacc (r : regexp) : [matcher] =
    case r of
        Zero => code (fn _ => false)
      | One => code (fn (cs, k) => k cs)
      | Char c => let cogen c' = lift c in code (fn (d :: cs', k) => c' = d andalso k cs' | ([], _) => false) end
      | Any => code (fn (_ :: cs', k) => k cs' | ([], _) => false)
      | Range (lo, hi) =>
          if lo > hi then code (fn _ => false)
          else let cogen lo' = lift lo cogen hi' = lift hi
               in code (fn (d :: cs', k) => lo' <= d andalso d <= hi' andalso k cs' | ([], _) => false) end
      | Plus (r1, r2) => let cogen m1 = sacc r1 cogen m2 = sacc r2 in code (fn (cs, k) => m1 (cs, k) orelse m2 (cs, k)) end
      | Times (One, r2) => sacc r2
      | Times (r1, r2) => let cogen m1 = sacc r1 cogen m2 = sacc r2 in code (fn (cs, k) => m1 (cs, fn cs' => m2 (cs', k))) end
      | Star r1 =>
          let cogen m = sacc r1
          in code (fn (cs, k) =>
               let fun star (cs, k) = k cs orelse m (cs, fn cs' => cs' <> cs andalso star (cs', k))
               in star (cs, k) end)
          end
fun compile r : [string -> bool] = let cogen m = sacc r in code (fn s => m (explode s, null)) end

fun str s = foldr (fn (c, r) => Times (Char c, r)) One (explode s)
val digit = Range (#"0", #"9")
val int = Times (Plus (Char #"-", One), Times (digit, Star digit))
val ident = Times (Plus (Range (#"a", #"z"), Char #"_"), Star (Plus (Range (#"a", #"z"), Plus (digit, Char #"_"))))
val emptyStar = Star (Star One)            (* Harper's problem case *)
val abab = Star (Plus (str "ab", str "a"))
val tests = [("int", int), ("ident", ident), ("(ab|a)*", abab), ("()**", emptyStar), ("zero", Zero)]
val inputs = ["", "42", "-7", "x_1", "ab", "aba", "abba", "--1", "_"]
val _ = List.app (fn (name, r) =>
          let val m = eval (compile r)
          in pr (name ^ ": " ^ String.concat (map (fn s => if m s = accept r s then (if m s then "1" else "0") else "!") inputs)) end) tests

(* stage 1 receives a keyword; stage 2 the text: kw (" " kw)* *)
val keywordList : [string -> [string -> bool]] =
    code (fn kw => let val r = Times (str kw, Star (Times (Char #" ", str kw)))
                       cogen m = compile r
                   in code (fn s => m s) end)
val kwGen = eval keywordList
val lets = eval (kwGen "let")
val _ = pr ("let-lists: " ^ String.concatWith " " (map (Bool.toString o lets) ["let", "let let let", "let  let", "", "lettuce"]))
val _ = pr ("empty keyword: " ^ Bool.toString (eval (kwGen "") "   "))
(* a long input, matched by generated code *)
val long = String.concat (List.tabulate (300, fn _ => "ab"))
val _ = pr ("long (ab|a)*: " ^ Bool.toString (eval (compile abab) long) ^ " " ^ Bool.toString (eval (compile abab) (long ^ "b")))
