(* A staged naive substring search: for a known pattern, the comparison
   of the pattern at a text position is unrolled into a chain of char
   tests; the generated code counts occurrences, finds all positions, and
   replaces occurrences. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* [string * int -> bool]: does the pattern occur at position i *)
fun matchAt (p : string) =
    let fun go k = if k = size p then code (fn (_ : string, _ : int) => true)
                   else let cogen c = lift (String.sub (p, k)) cogen k' = lift k cogen rest = go (k + 1)
                        in code (fn (t, i) => String.sub (t, i + k') = c andalso rest (t, i)) end
        cogen body = go 0
        cogen len = lift (size p)
    in code (fn (t, i) => i + len <= size t andalso body (t, i)) end

fun positions p =
    let cogen at = matchAt p
    in code (fn t => let fun scan i = if i > size t then [] else if at (t, i) then i :: scan (i + 1) else scan (i + 1)
                     in scan 0 end)
    end
fun count p = let cogen ps = positions p in code (fn t => length (ps t)) end
fun replace (p, r) =
    let cogen at = matchAt p cogen len = lift (size p) cogen rep = lift r
    in code (fn t => let fun go (i, acc) =
                           if i >= size t then String.concat (rev acc)
                           else if len > 0 andalso at (t, i) then go (i + len, rep :: acc)
                           else go (i + 1, String.str (String.sub (t, i)) :: acc)
                     in go (0, []) end)
    end

val text = "the cat sat on the mat; the other cat ran after the rat"
val _ = app (fn p => pr (p ^ ": " ^ pi (eval (count p) text) ^ " at " ^ String.concatWith "," (map pi (eval (positions p) text))))
            ["the", "at", "cat", "t", "dog", "", " the "]
val catToDog = eval (replace ("cat", "dog"))
val _ = pr (catToDog text)
val _ = pr (eval (replace ("a", "AA")) "banana")
val _ = pr (eval (replace ("aa", "b")) "aaaaa")
val _ = pr (eval (replace ("", "x")) "unchanged")
(* overlapping occurrences *)
val _ = pr (String.concatWith "," (map pi (eval (positions "aa") "aaaa")))
(* generated once, used on many texts *)
val theCount = eval (count "ab")
val _ = pr (String.concatWith " " (map (pi o theCount) ["", "a", "ab", "abab", "aabbab", "babababa"]))
