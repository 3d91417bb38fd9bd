(* The basis operators under their structures' names (Int.+, Word.<,
   String.<=, Char.>, General.o ...), Word.max/min/wordSize,
   String.collate and StringCvt's padding. *)

fun show b = if b then "T" else "F"
fun line parts = print (String.concatWith " " parts ^ "\n")

val _ = line [Int.toString (Int.+ (40, 2)), Int.toString (Int.- (1, 43)),
              Int.toString (Int.* (~6, 7)), Int.toString (Int.div (~7, 2)),
              Int.toString (Int.mod (~7, 2)), Int.toString (Int.~ 5),
              Int.toString (Int.toInt 9), Int.toString (Int.fromInt ~9)]
val _ = line (map show [Int.< (1, 2), Int.<= (2, 2), Int.> (1, 2), Int.>= (~1, ~2)])
val _ = line [Int.toString (foldl Int.+ 0 [1, 2, 3, 4]),
              Int.toString (foldr Int.* 1 [1, 2, 3, 4])]
val _ = line [Int.toString (Int.div (7, 0)) handle Div => "Div",
              Int.toString (Int.+ (valOf Int.maxInt, 1)) handle Overflow => "Overflow",
              Int.toString (Int.~ (valOf Int.minInt)) handle Overflow => "Overflow"]

val _ = line (map show [Word.< (0w1, 0w2), Word.<= (0w3, 0w2), Word.> (0wxff, 0w0),
                        Word.>= (0w0, 0w0)])
val _ = line [Word.toString (Word.max (0w7, 0wx10)), Word.toString (Word.min (0w7, 0wx10)),
              Word.toString (Word.max (Word.notb 0w0, 0w1)), Int.toString Word.wordSize]

val _ = line (map show [String.< ("abc", "abd"), String.<= ("", ""), String.> ("b", "abc"),
                        String.>= ("ab", "abc")])
val _ = line [String.^ ("con", "cat"), foldr String.^ "" ["a", "b", "c"]]
val _ = line (map show [Char.< (#"a", #"b"), Char.<= (#"z", #"a"), Char.> (#"\255", #"\000"),
                        Char.>= (#"A", #"A")])

fun orderName LESS = "LESS" | orderName EQUAL = "EQUAL" | orderName GREATER = "GREATER"
fun backwards (a, b) = Char.compare (b, a)
fun caseless (a, b) = Char.compare (Char.toLower a, Char.toLower b)
val _ = line (map (orderName o String.collate Char.compare)
                  [("abc", "abd"), ("abc", "ab"), ("", ""), ("", "a"), ("b", "abc")])
val _ = line (map (orderName o String.collate backwards) [("abc", "abd"), ("abc", "ab")])
val _ = line (map (orderName o String.collate caseless) [("Hello", "hELLO"), ("ABC", "abd")])

fun bracket s = "[" ^ s ^ "]"
val _ = line (map bracket [StringCvt.padLeft #" " 6 "42", StringCvt.padRight #"." 6 "42",
                           StringCvt.padLeft #"0" 2 "12345", StringCvt.padRight #"-" 0 "",
                           StringCvt.padLeft #"*" ~4 "neg", StringCvt.padRight #"*" 3 ""])
val table = [("apples", 12), ("kiwi", 7), ("watermelon", 1234)]
val _ = app (fn (name, n) => print (StringCvt.padRight #" " 12 name
                                    ^ StringCvt.padLeft #" " 6 (Int.toString n) ^ "\n")) table

val counter = ref 0
val bump = General.ignore o (fn n => General.:= (counter, General.! counter + n))
val _ = (bump 5; bump 37)
val _ = line [Int.toString (General.! counter), General.exnName (Fail "x"),
              General.exnName Subscript, Int.toString (General.before (1, bump 1)),
              Int.toString (!counter)]
