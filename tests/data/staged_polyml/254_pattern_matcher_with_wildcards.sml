(* A string matcher specialised to its pattern: the naive "does the
   pattern occur at position i" test unrolled over the pattern's
   characters, with '?' matching any character, then a search counting
   occurrences, and a prefix/suffix tester built from the same generator.
   Comparisons done by the generated code are counted. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val comparisons = ref 0
fun sameChar (a : char, b) = (comparisons := !comparisons + 1; a = b)

(* unstaged: does pat match text at position i? *)
fun matchAt (pat, text, i) =
    let fun go k = k >= size pat orelse
                   (i + k < size text andalso
                    (String.sub (pat, k) = #"?" orelse sameChar (String.sub (pat, k), String.sub (text, i + k))) andalso
                    go (k + 1))
    in go 0 end

(* staged over the pattern: one test per character, none for '?' *)
fun matchGen (pat, k) : [string * int -> bool] =
    if k >= size pat then code (fn _ => true)
    else let cogen rest = matchGen (pat, k + 1)
             cogen pos = lift k
         in if String.sub (pat, k) = #"?"
            then code (fn (t, i) => i + pos < size t andalso rest (t, i))
            else let cogen c = lift (String.sub (pat, k))
                 in code (fn (t, i) => i + pos < size t andalso sameChar (c, String.sub (t, i + pos))
                                       andalso rest (t, i)) end
         end

fun searchGen pat =
    let cogen at = matchGen (pat, 0)
    in code (fn t => let fun loop (i, found) = if i >= size t then rev found
                                               else loop (i + 1, if at (t, i) then i :: found else found)
                     in loop (0, []) end)
    end
fun search (pat, t) =
    let fun loop (i, found) = if i >= size t then rev found
                              else loop (i + 1, if matchAt (pat, t, i) then i :: found else found)
    in loop (0, []) end

val text = "abracadabra, a cadaver in a candelabra; abracadabra!"
fun showPositions ps = "[" ^ String.concatWith " " (map pi ps) ^ "]"
fun trial pat =
    let val finder = eval (searchGen pat)
        val _ = comparisons := 0
        val viaGen = finder text
        val cg = !comparisons
        val _ = comparisons := 0
        val viaInterp = search (pat, text)
    in pr ("\"" ^ pat ^ "\": " ^ showPositions viaGen ^ " (" ^ pi cg ^ " comparisons generated, " ^
           pi (!comparisons) ^ " interpreted)" ^ (if viaGen = viaInterp then "" else " MISMATCH"))
    end
val _ = app trial ["abra", "a?a", "ca?", "?", "", "xyz", "abracadabra!", "a c", "???????????????????????????????????????????????????????"]

(* prefix and suffix tests from the same generator *)
fun prefixGen pat = let cogen at = matchGen (pat, 0) in code (fn t => at (t, 0)) end
fun suffixGen pat =
    let cogen at = matchGen (pat, 0)
        cogen n = lift (size pat)
    in code (fn t => size t >= n andalso at (t, size t - n)) end
val isHttp = eval (prefixGen "http://")
val isSml = eval (suffixGen ".sml")
val files = ["http://x.org/a.sml", "ftp://y.sml", "http:/bad", "notes.txt", ".sml", "http://"]
val _ = app (fn f => pr (f ^ ": " ^ (if isHttp f then "http " else "") ^ (if isSml f then "sml" else "")))
            files
