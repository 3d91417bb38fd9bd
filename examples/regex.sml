(* A regular-expression matcher specialised to its pattern.

   `accept` is a backtracking matcher in continuation-passing style: it
   matches a prefix of the input against the pattern and hands the rest of
   the input to a continuation k, which says whether the rest of the match
   succeeds. Every call walks the pattern again, dispatching on its
   constructors. Its staged twin `comp` walks the pattern once, while
   generating code: the code it emits does only the character tests, the
   calls of continuations and the loops of the stars. A program that tests
   many strings against one pattern (a grep, a lexer, a validator) builds
   the matcher once and calls it many times.

   Patterns are written as strings in the usual syntax (see `parse`): a
   character matches itself, `.` any character, `r*` zero or more r, `r+`
   one or more, `r?` zero or one, `r|s` either, parentheses group, and a
   backslash quotes the next character. A pattern matches the whole
   string. *)
fun pr s = print (s ^ "\n")

datatype regex =
    Eps                      (* the empty string *)
  | Chr of char              (* that character *)
  | Any                      (* any one character *)
  | Seq of regex * regex     (* r then s *)
  | Alt of regex * regex     (* r or s *)
  | Star of regex            (* zero or more r *)

(* ---------------------------------------------------------------- parsing *)

exception BadPattern of string

(* Recursive descent over the exploded pattern, one function per level of
   precedence (alternation < sequence < postfix operators); each returns
   the regex it read and the characters after it. *)
fun parseAlt cs =
    case parseSeq cs of
      (r, #"|" :: rest) => let val (s, rest') = parseAlt rest in (Alt (r, s), rest') end
    | done => done

and parseSeq [] = (Eps, [])
  | parseSeq (cs as #"|" :: _) = (Eps, cs)
  | parseSeq (cs as #")" :: _) = (Eps, cs)
  | parseSeq cs =
      let val (r, rest) = parsePostfix cs
      in case parseSeq rest of
           (Eps, rest') => (r, rest')
         | (s, rest') => (Seq (r, s), rest')
      end

and parsePostfix cs =
    let fun postfix (r, #"*" :: rest) = postfix (Star r, rest)
          | postfix (r, #"+" :: rest) = postfix (Seq (r, Star r), rest)
          | postfix (r, #"?" :: rest) = postfix (Alt (r, Eps), rest)
          | postfix done = done
    in postfix (parseAtom cs) end

and parseAtom (#"(" :: cs) =
      (case parseAlt cs of
         (r, #")" :: rest) => (r, rest)
       | _ => raise BadPattern "a '(' without its ')'")
  | parseAtom (#"." :: cs) = (Any, cs)
  | parseAtom (#"\\" :: c :: cs) = (Chr c, cs)
  | parseAtom [#"\\"] = raise BadPattern "a '\\' at the end"
  | parseAtom (c :: cs) =
      if Char.contains "*+?" c then raise BadPattern ("nothing to repeat before '" ^ str c ^ "'")
      else (Chr c, cs)
  | parseAtom [] = raise BadPattern "the pattern ends too early"

fun parse pattern =
    case parseAlt (explode pattern) of
      (r, []) => r
    | (_, c :: _) => raise BadPattern ("unexpected '" ^ str c ^ "'")

(* Whether r matches the empty string. A star whose body can match without
   consuming input must stop such a body from looping for ever; knowing r,
   the staged matcher keeps that test only where it is needed. *)
fun nullable Eps = true
  | nullable (Chr _) = false
  | nullable Any = false
  | nullable (Seq (r, s)) = nullable r andalso nullable s
  | nullable (Alt (r, s)) = nullable r orelse nullable s
  | nullable (Star _) = true

(* ------------------------------------------------------------ interpreter *)

(* accept (r, cs, k): does some prefix of cs match r, with k accepting the
   characters after it? The continuation of a star's body goes round the
   star again, but only if the body consumed something: cs' is a suffix of
   cs, so cs' <> cs exactly when it is shorter. *)
fun accept (Eps, cs, k) = k cs
  | accept (Chr c, x :: cs, k) = x = c andalso k cs
  | accept (Chr _, [], _) = false
  | accept (Any, _ :: cs, k) = k cs
  | accept (Any, [], _) = false
  | accept (Seq (r, s), cs, k) = accept (r, cs, fn cs' => accept (s, cs', k))
  | accept (Alt (r, s), cs, k) = accept (r, cs, k) orelse accept (s, cs, k)
  | accept (Star r, cs, k) =
      k cs orelse accept (r, cs, fn cs' => cs' <> cs andalso accept (Star r, cs', k))

(* The whole string must match: the last continuation wants no input left. *)
fun matches r s = accept (r, explode s, null)

(* ----------------------------------------------------------- staged twin *)

(* comp r : a generator of accept (r, -, -), as a function of the input and
   the continuation. The pattern r is known now; the input and the
   continuation only when the generated code runs. The argument is a pair:
   applying a code variable to a pair, as `m (cs, k)` does, splices the
   generator's body in place with no call (the generator's `fn` is
   beta-reduced while generating), so the code for a whole pattern is one
   function, with calls only of continuations. (Curried, `m cs k` would
   be spliced whole only where the match on cs cannot fail, not for the
   clauses `x :: cs` and `[]` below.) *)
fun comp Eps = code (fn (cs, k) => k cs)
  | comp (Chr c) =
      let cogen c' = lift c
      in code (fn (x :: cs, k) => x = c' andalso k cs
                | ([], _) => false)
      end
  | comp Any =
      code (fn (_ :: cs, k) => k cs
             | ([], _) => false)
  | comp (Seq (r, s)) =
      let cogen mr = comp r
          cogen ms = comp s
      in code (fn (cs, k) => mr (cs, fn cs' => ms (cs', k))) end
  | comp (Alt (r, s)) =
      let cogen mr = comp r
          cogen ms = comp s
      in code (fn (cs, k) => mr (cs, k) orelse ms (cs, k)) end
  | comp (Star r) =
      (* A star is a loop in the generated code: a local function `loop`
         of the generated code, which the body's code is given as its
         continuation when it runs. (It could not be given to `comp r` as
         a generator to splice: the code a generator emits is closed, and
         cannot mention a variable of the code it is spliced into. That is
         why the continuations are run-time arguments throughout.) *)
      let cogen mr = comp r
      in if nullable r
         then code (fn (cs, k) =>
                      let fun loop cs = k cs orelse mr (cs, fn cs' => cs' <> cs andalso loop cs')
                      in loop cs end)
         else code (fn (cs, k) =>
                      let fun loop cs = k cs orelse mr (cs, loop)
                      in loop cs end)
      end

(* The matcher for a pattern, generated once: string -> bool. *)
fun compile pattern =
    let cogen m = comp (parse pattern)
    in code (fn s => m (explode s, null)) end

fun matcher pattern = eval (compile pattern)

(* ------------------------------------------------------------------- demo *)

(* Both matchers on each subject, side by side; a disagreement would be
   marked, and counted in the summary. *)
val disagreements = ref 0

fun yesNo true = "yes"
  | yesNo false = "no"

fun check pattern subjects =
    let val r = parse pattern
        val m = matcher pattern          (* generated once per pattern ... *)
        fun one s =
            let val (interpreted, staged) = (matches r s, m s)   (* ... used per subject *)
            in if interpreted = staged then () else disagreements := !disagreements + 1;
               pr ("  " ^ StringCvt.padRight #" " 12 ("\"" ^ s ^ "\"")
                   ^ StringCvt.padRight #" " 4 (yesNo interpreted) ^ yesNo staged
                   ^ (if interpreted = staged then "" else "  <- DISAGREE"))
            end
    in pr ("pattern " ^ pattern ^ "      (interpreted, staged)"); app one subjects end

val _ = check "a(b|c)*d" ["ad", "abcbd", "abd", "abxd", "abc", ""]
val _ = check "(ab)+c?" ["ab", "ababc", "abc", "ac", "aba"]
val _ = check "x*(y?)*z" ["z", "xxz", "yyz", "xyxz", "x"]
val _ = check "\\(.*\\)" ["()", "(a+b)", "(a", "a)"]

(* A grep: one generated matcher applied to many words. *)
val words = ["mlbox", "staging", "stage", "stag", "stages", "cogen", "code", "coded"]
val stagey = matcher "stag(e|ing)s?"
val _ = pr ("words matching stag(e|ing)s?: " ^ String.concatWith " " (List.filter stagey words))
val _ = pr ("words matching co(de|gen)d?: " ^ String.concatWith " " (List.filter (matcher "co(de|gen)d?") words))

(* A malformed pattern is refused before any code is generated. *)
val _ = pr ("pattern \"a(b\": " ^ ((ignore (compile "a(b"); "accepted") handle BadPattern why => why))

val _ = pr (if !disagreements = 0 then "interpreted and staged matchers agree on every subject"
            else Int.toString (!disagreements) ^ " disagreements")
