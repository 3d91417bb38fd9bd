(* Every form of pattern in functions declared inside code: symbolic and infix constructors, layered patterns, negative, word, char and string constants with escapes, ref patterns, unit, typed and curried clauses, val rec with and; a constructor pattern a stage deeper over a lifted list *)
fun say s = print (s ^ "\n")
infixr 5 :::
datatype 'a seq = Nil | ::: of 'a * 'a seq | Two of 'a * 'a
datatype sh = <> of int * int | <+> of sh * sh
infix 4 <> <+>
val g = code (let
  fun len Nil = 0 | len (_ ::: r) = 1 + len r | len (Two _) = 2
  fun sum (x as (a ::: (b as (c ::: _)))) = a + c + len x + len b
    | sum (a ::: Nil) = a
    | sum (Two (p, q)) = p * q
    | sum _ = ~1
  fun area (w <> h) = w * h | area (a <+> b) = area a + area b
  fun op ++ (a, b) = a * 100 + b
  infix 6 ++
  fun neg ~1 = "m1" | neg 0 = "z" | neg ~2147 = "big" | neg n = Int.toString n
  fun wd 0wx1F = "1f" | wd 0w0 = "0" | wd (w : word) = Word.toString w
  fun cs #"\t" = "tab" | cs #"\\" = "bs" | cs #"\^A" = "ctrlA" | cs #"\126" = "tilde" | cs c = String.str c
  fun ss "a\tb" = 1 | ss "\"q\"" = 2 | ss "" = 3 | ss _ = 4
  fun rp (ref (ref n)) = n + rp' (ref 1) and rp' (x : int ref) = !x
  fun un () = "unit"
  fun ty ((x : int), (_ : string), y as z as (w : bool)) = if y andalso z andalso w then x else ~x
  fun cur (x as (a, _)) [] (SOME _) = a | cur (a, b) (h :: _) NONE = a + b + h | cur _ _ _ = 0
  val rec even = fn 0 => true | n => odd (n - 1)
  and odd = fn 0 => false | n => even (n - 1)
in
  (sum (1 ::: 2 ::: 3 ::: Nil), sum (5 ::: Nil), sum (Two (3, 4)), sum Nil,
   area ((2 <> 3) <+> (4 <> 5)), 1 ++ 2 ++ 3, map neg [~1, 0, ~2147, 5], map wd [0wx1F, 0w0, 0w255],
   map cs [#"\t", #"\\", #"\^A", #"~", #"x"], map ss ["a\tb", "\"q\"", "", "z"], rp (ref (ref 7)), un (), ty (3, "s", true),
   cur (1, 2) [] (SOME 0) + cur (1, 2) [10] NONE + cur (1, 2) [] NONE, even 10, odd 7)
end)
val _ = case eval g of (a, b, c, d, e, f, h, i, j, k, l, m, n, oo, p, q) =>
  (say (String.concatWith " " (map Int.toString [a, b, c, d, e, f, l, n, oo]));
   say (String.concatWith " " (h @ i @ j @ [m])); say (String.concatWith " " (map Int.toString k)); say (Bool.toString p ^ Bool.toString q))
(* the same, a stage deeper, with the table lifted *)
val g2 = code (fn tbl => let cogen t = lift (map (fn (a, b) => a <> b) tbl) in code (let fun area (w <> h) = w * h | area (a <+> b) = area a + area b in foldl (fn (s, acc) => acc + area s) 0 t end) end)
val _ = say (Int.toString (eval (eval g2 [(1, 2), (3, 4)])))
