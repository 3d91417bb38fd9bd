(* A tokenizer generated as a set of mutually recursive functions, one per
   state (space, word, number, punctuation), declared with `fun ... and ...`
   inside generated code.  The character classes are compiled at generation
   time from a specification (ranges and extra characters) into chains of
   comparisons, and each state's body is a generator in open-recursion
   style: it receives the other states as arguments, so the knot is tied
   by the `fun ... and` in the generated code.  A local datatype of tokens
   and a local exception live inside the generated code too. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype class = Range of char * char | One of char
fun inClassU cls c = List.exists (fn Range (a, b) => a <= c andalso c <= b | One x => x = c) cls

fun genClass [] = code (fn c : char => false)
  | genClass (Range (a, b) :: rest) =
      let cogen r = genClass rest cogen a' = lift a cogen b' = lift b
      in code (fn c => (a' <= c andalso c <= b') orelse r c) end
  | genClass (One x :: rest) =
      let cogen r = genClass rest cogen x' = lift x
      in code (fn c => c = x' orelse r c) end

val wordChars = [Range (#"a", #"z"), Range (#"A", #"Z"), One #"_", One #"'"]
val digitChars = [Range (#"0", #"9")]
val spaceChars = [One #" ", One #"\t", One #"\n"]

(* counts: words, numbers, punctuation, longest word, sum of numbers *)
type counts = int * int * int * int * int

fun tokenizerU (s : string) : counts =
  let val n = size s
      fun go (i, (w, k, p, l, sum)) =
        if i >= n then (w, k, p, l, sum)
        else let val c = String.sub (s, i)
             in if inClassU spaceChars c then go (i + 1, (w, k, p, l, sum))
                else if inClassU wordChars c then
                  let fun len j = if j < n andalso (inClassU wordChars (String.sub (s, j)) orelse inClassU digitChars (String.sub (s, j))) then len (j + 1) else j
                      val j = len i
                  in go (j, (w + 1, k, p, Int.max (l, j - i), sum)) end
                else if inClassU digitChars c then
                  let fun num (j, v) = if j < n andalso inClassU digitChars (String.sub (s, j)) then num (j + 1, v * 10 + ord (String.sub (s, j)) - 48) else (j, v)
                      val (j, v) = num (i, 0)
                  in go (j, (w, k + 1, p, l, sum + v)) end
                else go (i + 1, (w, k, p + 1, l, sum))
             end
  in go (0, (0, 0, 0, 0, 0)) end

fun tokenizerS (wordC, digitC, spaceC) : [string -> counts] =
  let cogen isWord = genClass wordC cogen isDigit = genClass digitC cogen isSpace = genClass spaceC
  in code (fn s =>
       let datatype tok = Word of int | Num of int | Punct of char
           exception Done of counts
           val n = size s
           (* one function per state; each moves to the next by a tail call *)
           fun space (i, acc) =
             if i >= n then raise Done acc
             else let val c = String.sub (s, i)
                  in if isSpace c then space (i + 1, acc)
                     else if isWord c then word (i, i + 1, acc)
                     else if isDigit c then number (i + 1, ord c - 48, acc)
                     else punct (i, acc)
                  end
           and word (start, i, acc) =
             if i < n andalso (isWord (String.sub (s, i)) orelse isDigit (String.sub (s, i))) then word (start, i + 1, acc)
             else emit (Word (i - start), i, acc)
           and number (i, v, acc) =
             if i < n andalso isDigit (String.sub (s, i)) then number (i + 1, v * 10 + ord (String.sub (s, i)) - 48, acc)
             else emit (Num v, i, acc)
           and punct (i, acc) = emit (Punct (String.sub (s, i)), i + 1, acc)
           and emit (t, i, (w, k, p, l, sum)) =
             case t of
               Word len => space (i, (w + 1, k, p, Int.max (l, len), sum))
             | Num v => space (i, (w, k + 1, p, l, sum + v))
             | Punct _ => space (i, (w, k, p + 1, l, sum))
       in space (0, (0, 0, 0, 0, 0)) handle Done acc => acc end)
  end

fun show (w, k, p, l, sum) = "words " ^ pi w ^ ", numbers " ^ pi k ^ ", punct " ^ pi p ^ ", longest " ^ pi l ^ ", sum " ^ pi sum
val tok = eval (tokenizerS (wordChars, digitChars, spaceChars))
val texts = ["", "hello world", "it's 42 o'clock, isn't it?", "x1 y22 333 z_4!!", "\t\n  ", "a-b-c 10-20-30",
             "The quick brown fox jumps over 13 lazy dogs; 7 times."]
val _ = List.app (fn t => let val a = tokenizerU t val b = tok t
                          in pr (show b ^ (if a = b then "" else "  DISAGREE")) end) texts

(* another specification: digits are hexadecimal letters too, apostrophes are punctuation *)
val hexTok = eval (tokenizerS ([Range (#"g", #"z"), Range (#"G", #"Z")], [Range (#"0", #"9"), Range (#"a", #"f")], [One #" ", One #","]))
val _ = pr (show (hexTok "cafe 12 beef, dead zebra it's"))

(* a long text, tokenized many times *)
val long = String.concatWith " " (List.tabulate (400, fn i => if i mod 3 = 0 then pi (i * 7) else if i mod 3 = 1 then "w" ^ pi i else ";"))
val runs = List.tabulate (5, fn _ => tok long)
val _ = pr (show (hd runs) ^ (if List.all (fn r => r = tokenizerU long) runs then " (agree)" else " DISAGREE"))
