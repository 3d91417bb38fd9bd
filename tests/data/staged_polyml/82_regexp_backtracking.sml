(* A staged regular-expression matcher with backtracking through
   continuations: the pattern is known at generation time; the generated
   matcher takes its continuation as a run-time argument, so alternatives
   and stars backtrack by calling it again. A second matcher compiles a
   sequence of literal characters with a static continuation (code spliced
   into code). Patterns are parsed at generation time from strings. *)
fun pr s = print (s ^ "\n")
fun pb b = if b then "yes" else "no"

datatype re = Chr of char | Any | Eps | Seq of re * re | Alt of re * re | Star of re | Plus of re | Opt of re | Class of char list

exception Syntax of int
(* pattern syntax: letters, '.', '|', '*', '+', '?', parentheses and [abc] classes *)
fun parse (s : string) : re =
    let val n = size s
        fun peek i = if i < n then SOME (String.sub (s, i)) else NONE
        fun alt i = let val (a, j) = seqP i
                    in case peek j of SOME #"|" => let val (b, k) = alt (j + 1) in (Alt (a, b), k) end | _ => (a, j) end
        and seqP i = case peek i of
                         NONE => (Eps, i) | SOME #"|" => (Eps, i) | SOME #")" => (Eps, i)
                       | _ => let val (a, j) = post i val (b, k) = seqP j in (case b of Eps => a | _ => Seq (a, b), k) end
        and post i = let val (a, j) = atom i
                         fun loop (a, j) = case peek j of
                                               SOME #"*" => loop (Star a, j + 1) | SOME #"+" => loop (Plus a, j + 1)
                                             | SOME #"?" => loop (Opt a, j + 1) | _ => (a, j)
                     in loop (a, j) end
        and atom i = case peek i of
                         SOME #"(" => let val (a, j) = alt (i + 1) in if peek j = SOME #")" then (a, j + 1) else raise Syntax j end
                       | SOME #"." => (Any, i + 1)
                       | SOME #"[" => let fun cls (j, acc) = case peek j of SOME #"]" => (Class (rev acc), j + 1)
                                                                         | SOME c => cls (j + 1, c :: acc) | NONE => raise Syntax j
                                      in cls (i + 1, []) end
                       | SOME c => if Char.isAlphaNum c then (Chr c, i + 1) else raise Syntax i
                       | NONE => raise Syntax i
        val (r, j) = alt 0
    in if j = n then r else raise Syntax j end

type m = [(string * int -> bool) -> string * int -> bool]
val generated = ref 0
fun gen (r : re) : m =
    (generated := !generated + 1;
     case r of
         Chr c => let cogen c' = lift c in code (fn k => fn (s, i) => i < size s andalso String.sub (s, i) = c' andalso k (s, i + 1)) end
       | Any => code (fn k => fn (s, i) => i < size s andalso k (s, i + 1))
       | Class cs => let cogen cs' = lift cs
                     in code (fn k => fn (s, i) => i < size s andalso List.exists (fn c => c = String.sub (s, i)) cs' andalso k (s, i + 1)) end
       | Eps => code (fn k => k)
       | Seq (a, b) => let cogen ma = gen a cogen mb = gen b in code (fn k => ma (mb k)) end
       | Alt (a, b) => let cogen ma = gen a cogen mb = gen b in code (fn k => fn p => ma k p orelse mb k p) end
       | Opt a => let cogen ma = gen a in code (fn k => fn p => ma k p orelse k p) end
       | Star a => let cogen ma = gen a
                   in code (fn k => let fun loop (s, i) = ma (fn (s', j) => j > i andalso loop (s', j)) (s, i) orelse k (s, i) in loop end) end
       | Plus a => gen (Seq (a, Star a)))

fun compile (pat : string) : string -> bool =
    let cogen m = gen (parse pat) in eval (code (fn s => m (fn (s', i) => i = size s') (s, 0))) end
(* search anywhere: the pattern is tried at every start position *)
fun compileSearch (pat : string) : string -> int option =
    let cogen m = gen (parse pat)
    in eval (code (fn s => let fun try i = if i > size s then NONE else if m (fn _ => true) (s, i) then SOME i else try (i + 1) in try 0 end)) end

fun test pat inputs =
    let val f = compile pat
    in pr (pat ^ ": " ^ String.concatWith " " (map (fn s => "\"" ^ s ^ "\"=" ^ pb (f s)) inputs)) end
val _ = test "ab*c" ["ac", "abc", "abbbbc", "abcc", "", "bc"]
val _ = test "(a|b)*abb" ["abb", "aabb", "babb", "ab", "abababb", "abba"]
val _ = test "a*a*a*b" ["aaab", "b", "aaa", "aaaaaaab"]
val _ = test "(x+y?)+z" ["xz", "xyxz", "xyyz", "z", "xxxxyxz"]
val _ = test "[abc]+.[0-9]" ["ab!0", "cc-", "a-9", "[0"]
val _ = test "(|a)(|b)c" ["c", "ac", "bc", "abc", "bac"]
val _ = test "((a*)*)*b" ["b", "aab", "aaaa"]

val s = compileSearch "c(a|o)t+"
val _ = pr (String.concatWith " " (map (fn w => case s w of SOME i => Int.toString i | NONE => "-") ["the cat", "cot", "dog", "scatt", "cut"]))

(* literal strings: the continuation is static and spliced, no run-time closure per character *)
fun literal (cs : char list, k : [string * int -> bool]) : [string * int -> bool] =
    case cs of
        [] => k
      | c :: rest => let cogen c' = lift c cogen next = literal (rest, k)
                     in code (fn (s, i) => i < size s andalso String.sub (s, i) = c' andalso next (s, i + 1)) end
val isHello = eval (literal (explode "hello", code (fn (s, i) => i = size s)))
val startsHello = eval (literal (explode "hello", code (fn _ => true)))
val _ = pr (String.concatWith " " (map (fn w => pb (isHello (w, 0)) ^ "/" ^ pb (startsHello (w, 0))) ["hello", "hello world", "help", ""]))

(* many runs of one matcher *)
val m = compile "(ab|a)(bc|c)*d?"
val count = ref 0
val words = ["abc", "abcbcd", "acd", "ab", "x", "abbc", "abcc", "a"]
val _ = List.app (fn _ => List.app (fn w => if m w then count := !count + 1 else ()) words) (List.tabulate (300, fn i => i))
val _ = pr ("matches " ^ Int.toString (!count) ^ ", generators " ^ Int.toString (!generated))
val _ = (compile "a(b"; ()) handle Syntax i => pr ("syntax error at " ^ Int.toString i)
val _ = (compile "a)"; ()) handle Syntax i => pr ("syntax error at " ^ Int.toString i)
