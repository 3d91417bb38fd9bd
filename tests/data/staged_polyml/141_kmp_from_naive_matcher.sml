(* Knuth-Morris-Pratt obtained by specialising a naive matcher that keeps
   static information about the text: Consel and Danvy, "Partial
   evaluation of pattern matching in strings" (IPL 1989), and the staged
   KMP of the MetaOCaml folklore (e.g. the BER MetaOCaml supercompiler KMP
   example, and the note in the Template Haskell KMP that the corecursive
   states must be memoised for generation to terminate). The pattern is
   static; after a mismatch the generator knows which characters the
   current text character is not, so it shifts the pattern statically and
   skips comparisons that are bound to fail (the optimised KMP). Each
   state is generated once and the states call each other through a
   table filled at run time (generated code is closed in ML□). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val comparisons = ref 0
fun eqc (a : char, b) = (comparisons := !comparisons + 1; a = b)

(* naive matcher: first index of p in t, or ~1 *)
fun naive (p, t) =
    let val m = size p and n = size t
        fun at (i, j) = if j = m then true else eqc (String.sub (t, i + j), String.sub (p, j)) andalso at (i, j + 1)
        fun from i = if i + m > n then ~1 else if at (i, 0) then i else from (i + 1)
    in from 0 end

(* fail j: the longest proper border of p[0..j-1] *)
fun failure p j =
    let fun isBorder k = String.substring (p, 0, k) = String.substring (p, j - k, k)
        fun try k = if k = 0 orelse isBorder k then k else try (k - 1)
    in if j = 0 then 0 else try (j - 1) end

datatype state = S of state vector -> string * int -> int
fun call (tbl, k, t, i) = let val S f = Vector.sub (tbl, k) in f tbl (t, i) end
fun kmpGen (p : string) : [string -> int] =
    let val m = size p
        fun goto (k : int) (advance : bool) : [state vector * string * int -> int] =
            let cogen k' = lift k
            in if advance then code (fn (tbl, t, i) => call (tbl, k', t, i + 1))
               else code (fn (tbl, t, i) => call (tbl, k', t, i)) end
        (* we are in state j looking at character c, known to differ from negs *)
        fun test (j, negs) : [state vector * string * int * char -> int] =
            let val pj = String.sub (p, j) in
              if List.exists (fn x => x = pj) negs then fallback (j, negs)
              else let cogen pj' = lift pj cogen hit = goto (j + 1) true cogen miss = fallback (j, pj :: negs)
                   in code (fn (tbl, t, i, c) => if eqc (c, pj') then hit (tbl, t, i) else miss (tbl, t, i, c)) end
            end
        and fallback (j, negs) =
            if j = 0 then let cogen next = goto 0 true in code (fn (tbl, t, i, _) => next (tbl, t, i)) end
            else test (failure p j, negs)
        fun state j : [state] =
            let cogen j' = lift j cogen m' = lift m in
              if j = m then code (S (fn _ => fn (_, i) => i - m'))
              else let cogen step = test (j, []) in
                     code (S (fn tbl => fn (t, i) => if i >= size t then ~1 else step (tbl, t, i, String.sub (t, i)))) end
            end
        fun states j : [state list] =
            if j > m then code [] else let cogen s = state j cogen rest = states (j + 1) in code (s :: rest) end
        cogen all = states 0
    in code (let val tbl = Vector.fromList all in fn t => call (tbl, 0, t, 0) end) end

fun compare (p, t) =
    let val _ = comparisons := 0
        val a = naive (p, t)
        val naiveCount = !comparisons
        val _ = comparisons := 0
        val b = eval (kmpGen p) t
    in pr (p ^ " in " ^ t ^ ": " ^ pi a ^ " " ^ pi b ^ " comparisons naive " ^ pi naiveCount ^ ", kmp " ^ pi (!comparisons)) end
val _ = List.app compare
  [("aab", "aaaaaaaab"), ("abab", "abacabababc"), ("abcabd", "abcabcabcabd"), ("aaaa", "aaabaaabaaaab"),
   ("x", "abc"), ("needle", "haystack with a needle in it"), ("abc", "ab")]
(* one matcher, many texts *)
val findAba = eval (kmpGen "aba")
val _ = pr (String.concatWith " " (map (pi o findAba) ["aba", "xaba", "abba", "ababab", "", "bbbbbbbbba"]))
(* a matcher for the empty pattern matches at 0 *)
val _ = pr ("empty pattern: " ^ pi (eval (kmpGen "") "anything"))
