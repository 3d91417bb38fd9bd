(* Specialising a string matcher to its pattern, the classic test of
   partial evaluators (KMP from a naive matcher): the pattern is static,
   the text dynamic.  Each state of the matcher is generated with its
   character as a constant and its failure target computed at
   generation time; the states are tied together by open recursion (each
   takes the dispatcher `go`), and the generated code closes the knot
   with one recursive function.  Using what the failed test tells us
   (the text character is not p[j]) the generator also skips failure
   states that would test the same character again.  Counters compare
   character tests with a naive matcher. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val tests = ref 0
fun eq (a : char, b) = (tests := !tests + 1; a = b)

(* naive: try every start position *)
fun naive (p, s) =
    let val m = size p
        val n = size s
        fun from i = if i + m > n then ~1 else if at (i, 0) then i else from (i + 1)
        and at (i, j) = j = m orelse (eq (String.sub (s, i + j), String.sub (p, j)) andalso at (i, j + 1))
    in from 0 end

(* the failure function: length of the longest proper border of p[0..j-1] *)
fun failure p =
    let val m = size p
        val f = Array.array (m + 1, 0)
        fun fill (j, k) =
            if j >= m then ()
            else if k > 0 andalso String.sub (p, j) <> String.sub (p, k) then fill (j, Array.sub (f, k))
            else let val k' = if j > 0 andalso String.sub (p, j) = String.sub (p, k) then k + 1 else 0
                 in Array.update (f, j + 1, k'); fill (j + 1, k') end
    in if m > 0 then fill (1, 0) else (); f end

(* where to go after a mismatch in state j: with `skip`, states whose character equals p[j] are passed over *)
fun target (p, f, skip) j =
    let val k = Array.sub (f, j)
    in if skip andalso k > 0 andalso String.sub (p, k) = String.sub (p, j) then target (p, f, skip) k else k end

type state = [(int -> string * int -> int) -> string * int -> int]

fun stateCode (p, f, skip) j : state =
    let val m = size p
        cogen c = lift (String.sub (p, j))
        cogen jj = lift j
        cogen mm = lift m
        cogen back = lift (target (p, f, skip) j)
    in if j = 0
       then code (fn go => fn (s, i) =>
                    if i >= size s then ~1
                    else if eq (String.sub (s, i), c) then (if mm = 1 then i else go 1 (s, i + 1))
                    else go 0 (s, i + 1))
       else code (fn go => fn (s, i) =>
                    if i >= size s then ~1
                    else if eq (String.sub (s, i), c) then (if jj + 1 = mm then i + 1 - mm else go (jj + 1) (s, i + 1))
                    else go back (s, i))
    end

fun matcher (p, skip) : [string -> int] =
    if p = "" then code (fn _ => 0)
    else
      let val f = failure p
          fun dispatch j : [(int -> string * int -> int) -> int -> string * int -> int] =
              if j = size p - 1 then let cogen st = stateCode (p, f, skip) j in code (fn go => fn _ => st go) end
              else let cogen st = stateCode (p, f, skip) j
                       cogen others = dispatch (j + 1)
                       cogen jj = lift j
                   in code (fn go => fn k => if k = jj then st go else others go k) end
          cogen disp = dispatch 0
      in code (fn s => let fun go k arg = disp go k arg in go 0 (s, 0) end) end

val texts = ["aaaaaaaaab", "abababababc", "the cat sat on the mat", "aabaabaaab", "", "xyz"]
val patterns = ["aaab", "ababc", "at", "aabaaab", "x", "mat", "zz"]

val _ = app (fn p =>
               let val plain = eval (matcher (p, false))
                   val improved = eval (matcher (p, true))
                   fun countT f = (tests := 0; let val r = f () in (r, !tests) end)
                   val line = String.concatWith "; " (map (fn s =>
                                let val (a, ta) = countT (fn () => naive (p, s))
                                    val (b, tb) = countT (fn () => plain s)
                                    val (c, tc) = countT (fn () => improved s)
                                in pi a ^ (if a = b andalso b = c then "" else " MISMATCH " ^ pi b ^ " " ^ pi c) ^
                                   " (" ^ pi ta ^ "/" ^ pi tb ^ "/" ^ pi tc ^ ")" end) texts)
               in pr ("\"" ^ p ^ "\": " ^ line) end) patterns

(* failure targets with and without the skip *)
fun targets (p, skip) = let val f = failure p in String.concatWith "," (List.tabulate (size p, fn j => pi (target (p, f, skip) j))) end
val _ = app (fn p => pr ("targets of " ^ p ^ ": " ^ targets (p, false) ^ " -> " ^ targets (p, true)))
            ["aaab", "ababc", "aabaaab", "abcabd"]
val _ = pr ("empty pattern matches at " ^ pi (eval (matcher ("", true)) "anything"))
