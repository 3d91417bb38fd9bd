(* String search specialised to a pattern, in two styles a partial
   evaluation user knows: the naive matcher with its comparisons unrolled
   (the text position still backtracks), and KMP, whose failure function is
   computed at generation time and whose states become a chain of tests in
   one generated loop, so the text is read once. Both return the position
   of the first occurrence. *)

fun naiveSearch (pat : string) (text : string) : int option =
  let val m = size pat and n = size text
      fun at (i, j) = j = m orelse (String.sub (text, i + j) = String.sub (pat, j) andalso at (i, j + 1))
      fun go i = if i + m > n then NONE else if at (i, 0) then SOME i else go (i + 1)
  in go 0 end

(* the comparisons of one alignment, unrolled *)
fun sAt (pat : string) : [string * int -> bool] =
  let fun cmp j =
        if j = size pat then code (fn _ => true)
        else let cogen c = lift (String.sub (pat, j))
                 cogen j' = lift j
                 cogen rest = cmp (j + 1)
             in code (fn (t, i) => String.sub (t, i + j') = c andalso rest (t, i)) end
  in cmp 0 end

fun sNaive (pat : string) : [string -> int option] =
  let cogen at = sAt pat
      cogen m = lift (size pat)
  in code (fn text =>
       let val n = size text
           fun go i = if i + m > n then NONE else if at (text, i) then SOME i else go (i + 1)
       in go 0 end)
  end

(* KMP failure function: fail j = length of the longest proper border of pat[0..j) *)
fun failure (pat : string) : int vector =
  let val m = size pat
      val f = Array.array (m + 1, 0)
      fun fill (j, k) =
        if j >= m then ()
        else if k > 0 andalso String.sub (pat, j) <> String.sub (pat, k) then fill (j, Array.sub (f, k))
        else let val k' = if j > 0 andalso String.sub (pat, j) = String.sub (pat, k) then k + 1 else 0
             in Array.update (f, j + 1, k'); fill (j + 1, k') end
  in if m > 0 then Array.update (f, 1, 0) else (); fill (1, 0); Array.vector f end

fun kmpSearch (pat : string) (text : string) : int option =
  let val m = size pat and n = size text
      val f = failure pat
      fun step (j, c) = if String.sub (pat, j) = c then j + 1
                        else if j = 0 then 0 else step (Vector.sub (f, j), c)
      fun go (i, j) = if j = m then SOME (i - m) else if i = n then NONE
                      else go (i + 1, step (j, String.sub (text, i)))
  in go (0, 0) end

(* the staged KMP: for each state j the transition on a character c is
   unrolled through the failure chain at generation time: state j tests
   pat[j], then pat[f j], ..., each a constant *)
fun sStep (pat : string) (f : int vector) (j : int) : [char -> int] =
  let cogen c' = lift (String.sub (pat, j))
      cogen next = lift (j + 1)
  in if j = 0 then code (fn c => if c = c' then next else 0)
     else let cogen back = sStep pat f (Vector.sub (f, j))
          in code (fn c => if c = c' then next else back c) end
  end

(* dispatch on the state: a chain of ifs over the m states *)
fun sDispatch (pat : string) (f : int vector) : [int * char -> int] =
  let fun states j =
        if j = size pat - 1 then let cogen s = sStep pat f j in code (fn (_, c) => s c) end
        else let cogen s = sStep pat f j
                 cogen j' = lift j
                 cogen rest = states (j + 1)
             in code (fn (st, c) => if st = j' then s c else rest (st, c)) end
  in states 0 end

fun sKmp (pat : string) : [string -> int option] =
  if pat = "" then code (fn _ => SOME 0)
  else let val f = failure pat
           cogen step = sDispatch pat f
           cogen m = lift (size pat)
       in code (fn text =>
            let val n = size text
                fun go (i, j) = if j = m then SOME (i - m) else if i = n then NONE
                                else go (i + 1, step (j, String.sub (text, i)))
            in go (0, 0) end)
       end

fun show NONE = "none" | show (SOME i) = Int.toString i

val texts = ["abababca", "aaaaaaaab", "the cat sat on the mat", "abacabadabacaba", "", "aabaabaaab",
             "xyzxyzxyzxyw", "mississippi"]
val pats = ["abab", "aaab", "at", "abacaba", "aab", "xyzxyw", "issip", "ssi", "q", "a"]

val _ = app (fn p =>
  let val nv = eval (sNaive p)
      val kmp = eval (sKmp p)
      val fs = String.concatWith "," (map Int.toString (Vector.foldr op:: [] (failure p)))
      val rs = map (fn t => (nv t, kmp t, naiveSearch p t, kmpSearch p t)) texts
      val ok = List.all (fn (a, b, c, d) => a = c andalso b = d andalso a = b) rs
  in print (p ^ " fail [" ^ fs ^ "]: " ^ String.concatWith " " (map (show o #2) rs)
            ^ (if ok then "" else "  MISMATCH") ^ "\n") end) pats

(* a long text, searched many times by the same generated matcher *)
val long = String.concat (List.tabulate (200, fn i => if i mod 37 = 36 then "abaabaabab" else "abaabaab"))
val k = eval (sKmp "aabaabab")
val n = eval (sNaive "aabaabab")
val _ = print ("long text (" ^ Int.toString (size long) ^ "): kmp " ^ show (k long) ^ ", naive " ^ show (n long) ^ "\n")
fun countAll (search : string -> int option) (t : string) =
  case search t of NONE => 0
                 | SOME i => 1 + countAll search (String.extract (t, i + 1, NONE))
val _ = print ("occurrences: " ^ Int.toString (countAll k long) ^ " / " ^ Int.toString (countAll n long) ^ "\n")
