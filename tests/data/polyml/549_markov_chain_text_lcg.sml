(* A word-level Markov chain: bigram table built with folds into a sorted
   association list, then text generated with a Word linear congruential
   generator; plus word frequencies printed as a bar chart. *)
val corpus = "the cat sat on the mat . the dog sat on the log . the cat saw the dog . \
             \a dog and a cat sat on a mat . the log was on the mat ."
val words = String.tokens Char.isSpace corpus

fun insertWith (k, v, []) = [(k, [v])]
  | insertWith (k, v, (e as (k', vs)) :: rest) =
      case String.compare (k, k') of
        LESS => (k, [v]) :: e :: rest
      | EQUAL => (k', v :: vs) :: rest
      | GREATER => e :: insertWith (k, v, rest)

val table = ListPair.foldl (fn (a, b, t) => insertWith (a, b, t)) [] (words, tl words)
val _ = List.app (fn (k, vs) => print (StringCvt.padRight #" " 5 k ^ "-> " ^ String.concatWith " " (rev vs) ^ "\n")) table

val seed = ref 0w2463534242
fun rnd n = (seed := Word.andb (0w1664525 * !seed + 0w1013904223, 0wxFFFFFFFF);
             Word.toInt (Word.mod (Word.>> (!seed, 0w8), Word.fromInt n)))

exception Dead of string
fun successors w = case List.find (fn (k, _) => k = w) table of SOME (_, vs) => rev vs | NONE => raise Dead w
fun generate (w, 0) = [w]
  | generate (w, n) = let val nexts = successors w in w :: generate (List.nth (nexts, rnd (length nexts)), n - 1) end

fun sentence start = String.concatWith " " (generate (start, 14))
val _ = List.app (fn s => print (sentence s ^ "\n")) ["the", "a", "dog", "."]

fun counts ws = foldl (fn (w, t) => insertWith (w, (), t)) [] ws
val freq = map (fn (w, us) => (w, length us)) (counts words)
fun byCount ((w1, c1), (w2, c2)) = c1 < c2 orelse (c1 = c2 andalso w1 > w2)
fun isort [] = [] | isort (x :: xs) = let fun ins (x, []) = [x] | ins (x, y :: ys) = if byCount (x, y) then y :: ins (x, ys) else x :: y :: ys in ins (x, isort xs) end
val _ = List.app (fn (w, c) => print (StringCvt.padLeft #" " 4 w ^ " " ^ StringCvt.padLeft #" " 2 (Int.toString c) ^ " "
                                      ^ CharVector.tabulate (c, fn _ => #"*") ^ "\n")) (isort freq)
val _ = print (Int.toString (length words) ^ " words, " ^ Int.toString (length freq) ^ " distinct, seed now "
               ^ Word.fmt StringCvt.HEX (!seed) ^ "\n")
val _ = generate ("was", 40) handle Dead w => (print ("dead end after " ^ w ^ "\n"); [])
val _ = successors "."
val _ = generate ("zebra", 1)
