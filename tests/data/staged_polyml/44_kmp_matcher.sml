(* A staged Knuth-Morris-Pratt matcher: the failure function of a known
   pattern is computed at generation time and the matcher is unrolled
   into one generated function per pattern position; the text is late.
   Compared with a naive search on many texts. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun failure (p : string) =
    let val m = size p
        val f = Array.array (m + 1, 0)
        fun fill (i, k) =
            if i >= m then ()
            else let fun back k = if k > 0 andalso String.sub (p, k) <> String.sub (p, i) then back (Array.sub (f, k)) else k
                     val k' = back k
                     val k'' = if i > 0 andalso String.sub (p, k') = String.sub (p, i) then k' + 1 else k'
                 in Array.update (f, i + 1, if i = 0 then 0 else k''); fill (i + 1, if i = 0 then 0 else k'') end
    in fill (0, 0); f end

(* state j: j characters of the pattern matched. The generated code for
   state j compares the next text char with p[j]; on mismatch it falls
   back along the failure links, all resolved now. Returns the index just
   after the first match, or ~1. *)
fun kmp (p : string) : [string -> int] =
    let val m = size p
        val f = failure p
        (* states as generated functions of (text, position), built in a list from m down to 0 *)
        fun gen j : [string * int -> int] =
            if j = m then code (fn (_, i) => i)
            else
              let cogen c = lift (String.sub (p, j))
                  cogen next = gen (j + 1)
                  cogen fb = lift (Array.sub (f, j))
                  cogen jj = lift j
              in code (fn (t, i) =>
                   if i >= size t then ~1
                   else if String.sub (t, i) = c then next (t, i + 1)
                   else if jj = 0 then ~2 - (i + 1)       (* restart at i + 1 in state 0 *)
                   else ~2 - i - 1000000 * fb)            (* restart at i in state fb *)
              end
        cogen start = gen 0
        cogen fs = lift f
    in code (fn t =>
         let fun loop (i, j) =
               (* run from state j: we re-enter the generated chain only at state 0,
                  so a fall-back to state k replays k pattern chars (a simplification) *)
               let val r = start (t, i - j)
               in if r = ~1 then ~1
                  else if r >= 0 then r
                  else let val enc = ~2 - r in
                         if enc < 1000000 then loop (enc, 0)
                         else loop (enc mod 1000000 + 1 - (enc div 1000000), 0) end
               end
         in if size t < 0 then Array.sub (fs, 0) else loop (0, 0) end)
    end

fun naive (p, t) =
    let fun at i = if i + size p > size t then ~1
                   else if String.substring (t, i, size p) = p then i + size p else at (i + 1)
    in at 0 end

val patterns = ["abab", "aaa", "abcabd", "x", "needle"]
val texts = ["", "ab", "abababab", "aabaabaaab", "xyzabcabcabdq", "haystack with a needle in it", "aaaa", "abcabcab"]
val _ = app (fn p =>
   let val m = eval (kmp p)
   in pr (p ^ ": " ^ String.concatWith " " (map (fn t => pi (m t)) texts) ^
          (if List.all (fn t => m t = naive (p, t)) texts then "  agrees" else "  DISAGREES"))
   end) patterns
