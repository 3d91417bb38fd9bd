(* while and case under code: patterns on strings, chars, words, nested
   constructors, layered patterns, ref patterns, infix constructors and
   user infix operators, all inside generated code and some at depth 2 *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
infixr 5 :::
datatype 'a seq = Nil | ::: of 'a * 'a seq
datatype tok = Word' of string | Num of int | Sym of char | Pair of tok * tok
infix 6 +++
fun a +++ b = a * 10 + b
val keyword = code (fn "let" => 1 | "in" => 2 | "end" => 3 | "" => 0 | s => size s * 100)
val _ = pr (String.concatWith " " (map (fn s => pi (eval keyword s)) ["let", "in", "end", "", "letter", "\n"]))
val charClass = code (fn #"a" => "a" | #"\n" => "newline" | #"\255" => "top" | #"\000" => "nul" | c => if Char.isDigit c then "digit" else "other")
val _ = pr (String.concatWith " " (map (eval charClass) [#"a", #"\n", #"\255", #"\000", #"7", #"?"]))
val wordCase = code (fn 0w0 => "zero" | 0wx7FFFFFFFFFFFFFFF => "max" | 0w10 => "ten" | _ => "other")
val _ = pr (String.concatWith " " (map (eval wordCase) [0w0, 0wx7FFFFFFFFFFFFFFF, 0wxA, 0w11]))
val deep = code (fn Pair (Word' "x", Num n) => "x=" ^ pi n
                  | Pair (Pair (_, _), Sym c) => "pp " ^ str c
                  | Pair (Num k, other as Num m) => "nums " ^ pi (k +++ m)
                  | Pair (whole as Num k, _) => "num first " ^ pi k
                  | Sym #"(" => "open"
                  | Num ~1 => "minus one"
                  | t as Word' w => if size w > 3 then "long" else "short"
                  | _ => "other")
val toks = [Pair (Word' "x", Num 5), Pair (Word' "y", Num 5), Pair (Pair (Num 1, Num 2), Sym #"!"), Pair (Num 4, Num 2),
            Pair (Num 4, Sym #"a"), Sym #"(", Sym #")", Num ~1, Num 1, Word' "abcd", Word' "ab"]
val _ = pr (String.concatWith "; " (map (eval deep) toks))
(* infix constructors and user infix operators under code *)
val seqSum = code (let fun s Nil = 0 | s (x ::: r) = x +++ 0 + s r in s end)
val _ = pr (pi (eval seqSum (1 ::: 2 ::: 3 ::: Nil)))
val firstTwo = code (fn a ::: b ::: _ => SOME (a +++ b) | _ => NONE)
val _ = pr (String.concatWith " " (map (fn s => case eval firstTwo s of SOME n => pi n | NONE => "none") [4 ::: 2 ::: Nil, 9 ::: Nil, Nil]))
val opForms = code (map (op +++) [(1, 2), (3, 4)], foldr (op :::) Nil [7, 8], op ::: (0, Nil))
val _ = pr (case eval opForms of ([a, b], 7 ::: 8 ::: Nil, 0 ::: Nil) => pi a ^ " " ^ pi b ^ " ok" | _ => "mismatch")
(* infix declared inside the code, scoped to it *)
val localInfix = code (let infix 7 <*> fun x <*> y = x * y + 1 in 2 <*> 3 <*> 4 end)
val _ = pr (pi (eval localInfix))
(* ref patterns and layered patterns on refs *)
val refPat = code (fn (r as ref n) => (r := n + 1; (!r, n)))
val cell = ref 41
val _ = pr (case eval refPat cell of (a, b) => pi a ^ " " ^ pi b ^ " " ^ pi (!cell))
val refList = code (fn rs => foldl (fn (ref v, acc) => v + acc) 0 rs)
val _ = pr (pi (eval refList [ref 1, ref 2, cell]))
(* a while loop scanning a string, with a case on each character *)
val counts = code (fn s => let val i = ref 0 val v = ref 0 val c = ref 0 val o' = ref 0
                           in while !i < size s do
                                (case String.sub (s, !i) of
                                   #"a" => v := !v + 1 | #"e" => v := !v + 1 | #"i" => v := !v + 1 | #"o" => v := !v + 1 | #"u" => v := !v + 1
                                 | ch => if Char.isAlpha ch then c := !c + 1 else o' := !o' + 1;
                                 i := !i + 1);
                              (!v, !c, !o')
                           end)
val _ = pr (case eval counts "the quick brown fox, 1 2 3!" of (a, b, c) => pi a ^ " " ^ pi b ^ " " ^ pi c)
(* a case at depth 2 on a value lifted at depth 1 *)
val twoLevel = code (fn t => let cogen lt = lift t
                             in code (case lt of Pair (a, b) => 2 | Num n => n | Word' s => size s | Sym _ => ~1) end)
val _ = pr (String.concatWith " " (map (fn t => pi (eval (eval twoLevel t))) [Pair (Num 1, Num 2), Num 9, Word' "four", Sym #"s"]))
(* nested cases without parentheses in the last arm, as SML parses them *)
val nested = code (fn (x, y) => case x of 0 => "zero" | _ => case y of 0 => "y zero" | _ => "both")
val _ = pr (String.concatWith " " (map (eval nested) [(0, 0), (1, 0), (1, 1)]))
(* a while loop whose condition has effects, inside code, with an early exit by exception *)
exception Found of int
val search = code (fn (p, xs) => let val rest = ref xs val tries = ref 0
                                 in (while (tries := !tries + 1; not (null (!rest))) do
                                       (if p (hd (!rest)) then raise Found (hd (!rest)) else rest := tl (!rest));
                                     ~(!tries)) handle Found v => v * 1000 + !tries end)
val _ = pr (pi (eval search (fn x => x > 3, [1, 2, 5, 7])) ^ " " ^ pi (eval search (fn x => x > 30, [1, 2, 5, 7])))
