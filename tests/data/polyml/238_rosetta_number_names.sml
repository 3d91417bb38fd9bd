(* Rosetta Code tasks "FizzBuzz", "99 Bottles of Beer" (the last verses)
   and "Number names" (spell out integers in English, with "negative" and
   "and"), in the clausal style of the Standard ML entries. *)

fun fizzbuzz n =
  case (n mod 3, n mod 5) of
      (0, 0) => "FizzBuzz"
    | (0, _) => "Fizz"
    | (_, 0) => "Buzz"
    | _ => Int.toString n

val _ = print (String.concatWith " " (List.tabulate (30, fn i => fizzbuzz (i + 1))) ^ "\n")

fun bottles 0 = "no more bottles"
  | bottles 1 = "1 bottle"
  | bottles n = Int.toString n ^ " bottles"

fun verse n =
  let val b = bottles n in
    String.concat [b, " of beer on the wall, ", b, " of beer.\n",
                   if n = 0 then "Go to the store and buy some more, 99 bottles of beer on the wall.\n"
                   else "Take one down, pass it around, " ^ bottles (n - 1) ^ " of beer on the wall.\n"]
  end

val _ = app (print o verse) [3, 2, 1, 0]

val small = Vector.fromList
  ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
   "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
   "eighteen", "nineteen"]
val tens = Vector.fromList
  ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
val scales = [(1000000000, "billion"), (1000000, "million"), (1000, "thousand")]

fun below100 n =
  if n < 20 then Vector.sub (small, n)
  else Vector.sub (tens, n div 10) ^ (if n mod 10 = 0 then "" else "-" ^ Vector.sub (small, n mod 10))

fun below1000 n =
  if n < 100 then below100 n
  else Vector.sub (small, n div 100) ^ " hundred"
       ^ (if n mod 100 = 0 then "" else " and " ^ below100 (n mod 100))

fun spell n =
  if n < 0 then "negative " ^ spell (~n)
  else if n < 1000 then below1000 n
  else
    let
      fun go (n, []) = if n = 0 then [] else [(if n < 100 then "and " else "") ^ below1000 n]
        | go (n, (s, name) :: rest) =
            if n >= s then (spell (n div s) ^ " " ^ name) :: go (n mod s, rest)
            else go (n, rest)
    in String.concatWith ", " (go (n, scales)) end

val _ = List.app (fn n => print (Int.toString n ^ ": " ^ spell n ^ "\n"))
                 [0, 7, 13, 20, 42, 100, 101, 999, 1000, 1001, 1234, 20012, 100000, 999999,
                  1000000, 1234567890, ~15, 3000000007]

(* the longest name below 1000 *)
val (longest, _) = foldl (fn (n, (b, l)) => let val s = size (spell n) in
                                               if s > l then (n, s) else (b, l) end)
                         (0, 0) (List.tabulate (1000, fn i => i))
val _ = print (Int.toString longest ^ " is " ^ spell longest ^ "\n")
val _ = spell (valOf Int.minInt)
