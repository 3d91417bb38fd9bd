(* integers to roman numerals and back, with validation by round trip;
   invalid input raises an exception carrying the offending character *)
val table = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
             (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
exception OutOfRange of int
fun toRoman n =
  if n <= 0 orelse n >= 4000 then raise OutOfRange n
  else
    let fun go (0, _) = ""
          | go (n, (v, s) :: rest) = if n >= v then s ^ go (n - v, (v, s) :: rest) else go (n, rest)
          | go (_, []) = raise Fail "unreachable"
    in go (n, table) end
exception BadDigit of char
fun value #"I" = 1 | value #"V" = 5 | value #"X" = 10 | value #"L" = 50
  | value #"C" = 100 | value #"D" = 500 | value #"M" = 1000
  | value c = raise BadDigit c
fun fromRoman s =
  let fun go [] = 0
        | go [c] = value c
        | go (c :: (rest as d :: _)) = if value c < value d then go rest - value c else value c + go rest
  in go (explode s) end
val _ = app (fn n => print (Int.toString n ^ " = " ^ toRoman n ^ "\n")) [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999]
val _ = app (fn s => print (s ^ " = " ^ Int.toString (fromRoman s) ^ "\n")) ["MCMXCIV", "XLII", "MMXXIV", "IIII", "IC"]
fun allRoundTrip n = n > 3999 orelse (fromRoman (toRoman n) = n andalso allRoundTrip (n + 7))
val _ = print ("round trip 1, 8, 15 .. 3998: " ^ Bool.toString (allRoundTrip 1) ^ "\n")
val longest = List.foldl (fn (n, (m, s)) => let val r = toRoman n in if size r > size s then (n, r) else (m, s) end) (0, "") (List.tabulate (400, fn i => i + 1))
val _ = case longest of (n, s) => print ("longest: " ^ Int.toString n ^ " " ^ s ^ "\n")
fun safeFrom s = Int.toString (fromRoman s) handle BadDigit c => "bad digit " ^ Char.toString c
val _ = print (safeFrom "MXQ" ^ "\n")
val _ = print (safeFrom "mcm" ^ "\n")
val _ = print ((toRoman 0) handle OutOfRange n => "out of range " ^ Int.toString n ^ "\n")
val _ = print (toRoman 4000 ^ "\n")
