(* String search specialised to the pattern: the naive matcher, and the
   KMP failure table computed at generation time, so the generated code is
   a set of mutually recursive states with the jumps built in. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* naive: first index where pat occurs in s, or ~1 *)
fun naive (pat, s) =
  let val m = size pat val n = size s
      fun at (i, j) = j = m orelse (String.sub (s, i + j) = String.sub (pat, j) andalso at (i, j + 1))
      fun go i = if i + m > n then ~1 else if at (i, 0) then i else go (i + 1)
  in go 0 end

(* failure function of KMP *)
fun failure pat =
  let val m = size pat
      val f = Array.array (m + 1, 0)
      fun fill (i, k) =
        if i >= m then ()
        else if String.sub (pat, i) = String.sub (pat, k) andalso i <> k
             then (Array.update (f, i + 1, k + 1); fill (i + 1, k + 1))
        else if k = 0 orelse i = k then (Array.update (f, i + 1, 0); fill (i + 1, 0))
        else fill (i, Array.sub (f, k))
      val _ = if m > 0 then Array.update (f, 1, 0) else ()
      val _ = fill (1, 0)
  in f end

fun kmp (pat, s) =
  let val m = size pat val n = size s val f = failure pat
      fun go (i, q) =
        if q = m then i - m
        else if i = n then ~1
        else if String.sub (s, i) = String.sub (pat, q) then go (i + 1, q + 1)
        else if q = 0 then go (i + 1, 0)
        else go (i, Array.sub (f, q))
  in go (0, 0) end

(* staged KMP: state q is generated code taking the jump function; the
   pattern character, the next state and the failure target are constants
   in it. The states go into an array that the jump function indexes. *)
fun genState (pat, f, q) : [(int * int -> int) -> string * int -> int] =
  let val m = size pat
  in if q = m then let cogen mm = lift m in code (fn go => fn (s, i) => i - mm) end
     else
       let cogen c = lift (String.sub (pat, q))
           cogen next = lift (q + 1)
           cogen back = lift (Array.sub (f, q))
       in if q = 0 then
            code (fn go => fn (s, i) =>
              if i = size s then ~1
              else if String.sub (s, i) = c then go (next, i + 1) else go (0, i + 1))
          else
            code (fn go => fn (s, i) =>
              if i = size s then ~1
              else if String.sub (s, i) = c then go (next, i + 1) else go (back, i))
       end
  end

fun genKmp pat : [string -> int] =
  let val f = failure pat
      fun states q = if q > size pat then code []
                     else let cogen h = genState (pat, f, q) cogen t = states (q + 1) in code (h :: t) end
      cogen all = states 0
  in code (let val arr = Array.fromList all
           in fn s => let fun go (q, i) = Array.sub (arr, q) go (s, i) in go (0, 0) end end) end

val pats = ["abab", "aab", "abcabd", "a", "", "zzz", "aaaa"]
val texts = ["", "a", "abab", "abaabab", "xxabcabcabdyy", "aaab", "aaaaaa", "ba", "zzzz", "abcabdabcabd"]
val specs = map (fn p => (p, eval (genKmp p))) pats

val _ = List.app (fn (p, k) =>
  let val rs = map (fn t => (naive (p, t), kmp (p, t), k t)) texts
      val ok = List.all (fn (a, b, c) => a = b andalso b = c) rs
  in pr ("\"" ^ p ^ "\": " ^ String.concatWith " " (map (fn (a, _, _) => pi a) rs) ^
         (if ok then " agree" else " DISAGREE " ^ String.concatWith " " (map (fn (_, b, c) => pi b ^ "/" ^ pi c) rs)))
  end) specs

val _ = pr ("failure table of abcabd: " ^ String.concatWith "," (map pi (Array.foldr op:: [] (failure "abcabd"))))

val bigText = String.concat (List.tabulate (40, fn i => if i mod 7 = 6 then "abcabd" else "abcab"))
fun benchUnstaged () = List.app (fn p => ignore (naive (p, bigText) + kmp (p, bigText))) ["abcabd", "aab"]
fun benchStaged () = List.app (fn (p, k) => if p = "abcabd" orelse p = "aab" then ignore (k bigText + k bigText) else ()) specs
val _ = pr ("in the big text: " ^ pi (kmp ("abcabd", bigText)) ^ " " ^ pi (#2 (List.nth (specs, 2)) bigText))
val _ = (benchUnstaged (); benchStaged (); pr "done")
