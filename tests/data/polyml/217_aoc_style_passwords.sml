(* In the style of the many public Advent of Code solutions in Standard ML
   (e.g. the 2020 day 1 and day 2 puzzles, "Report Repair" and "Password
   Philosophy"): the input is a string literal with \n and gaps instead of
   a file, split with String.tokens/String.fields, numbers read with
   Int.fromString and valOf. *)

val input1 = "1721\n979\n366\n299\n675\n1456\n\
             \1010\n1200\n333\n1234\n"

val input2 = "1-3 a: abcde\n\
             \1-3 b: cdefg\n\
             \2-9 c: ccccccccc\n\
             \3-4 d: dddxd\n\
             \2-2 z: zz\n"

fun lines s = String.tokens (fn c => c = #"\n") s
val numbers = map (valOf o Int.fromString) (lines input1)

(* part 1: two entries summing to 2020; part 2: three *)
fun pairs [] = []
  | pairs (x :: xs) = map (fn y => (x, y)) xs @ pairs xs

fun triples (x :: xs) = map (fn (y, z) => (x, y, z)) (pairs xs) @ triples xs
  | triples [] = []

val part1 =
  case List.find (fn (a, b) => a + b = 2020) (pairs numbers) of
      SOME (a, b) => a * b
    | NONE => ~1
val part2 =
  case List.find (fn (a, b, c) => a + b + c = 2020) (triples numbers) of
      SOME (a, b, c) => a * b * c
    | NONE => ~1
val () = print ("Part 1: " ^ Int.toString part1 ^ "\n")
val () = print ("Part 2: " ^ Int.toString part2 ^ "\n")

type policy = int * int * char * string

fun parseLine line : policy =
  case String.tokens (fn c => c = #" " orelse c = #":" orelse c = #"-") line of
      [lo, hi, letter, pw] =>
        (valOf (Int.fromString lo), valOf (Int.fromString hi), String.sub (letter, 0), pw)
    | _ => raise Fail ("bad line: " ^ line)

fun count c s = CharVector.foldl (fn (d, n) => if c = d then n + 1 else n) 0 s

fun validOld ((lo, hi, c, pw) : policy) =
  let val n = count c pw in lo <= n andalso n <= hi end

fun validNew ((i, j, c, pw) : policy) =
  let fun at k = k <= size pw andalso String.sub (pw, k - 1) = c
  in at i <> at j end

val policies = map parseLine (lines input2)
val () = print ("Old policy valid: " ^ Int.toString (length (List.filter validOld policies)) ^ "\n")
val () = print ("New policy valid: " ^ Int.toString (length (List.filter validNew policies)) ^ "\n")

(* String.fields keeps empty fields; tokens drops them *)
val row = "7,,3,,,12"
val () = print (Int.toString (length (String.fields (fn c => c = #",") row)) ^ " fields, "
                ^ Int.toString (length (String.tokens (fn c => c = #",") row)) ^ " tokens\n")
val () = print (Int.toString (foldl op+ 0 (List.mapPartial Int.fromString
                                             (String.fields (fn c => c = #",") row))) ^ "\n")

val () = ignore (parseLine "1-3 a abcde extra")
