(* After the Rosetta Code tasks "Roman numerals/Encode" and "Roman
   numerals/Decode" (https://rosettacode.org/wiki/Roman_numerals/Encode),
   in the style of their Standard ML entries: association lists of
   (value, symbol), explode/implode, and a decoder that raises on bad input. *)

val romans = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
              (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"),
              (5, "V"), (4, "IV"), (1, "I")]

fun encode 0 = ""
  | encode n =
      let
        fun pick ((v, s) :: rest) = if v <= n then (v, s) else pick rest
          | pick [] = raise Fail "encode: negative"
        val (v, s) = pick romans
      in
        s ^ encode (n - v)
      end

exception BadNumeral of char

fun value #"I" = 1
  | value #"V" = 5
  | value #"X" = 10
  | value #"L" = 50
  | value #"C" = 100
  | value #"D" = 500
  | value #"M" = 1000
  | value c = raise BadNumeral c

(* Subtractive notation: a symbol smaller than its right neighbour counts negative. *)
fun decode s =
  let
    fun go [] = 0
      | go [c] = value c
      | go (c :: (rest as d :: _)) =
          if value c < value d then go rest - value c else value c + go rest
  in
    go (explode (String.map Char.toUpper s))
  end

val _ = app (fn n => print (Int.toString n ^ " = " ^ encode n ^ "\n"))
            [1, 4, 9, 14, 40, 90, 400, 1666, 1990, 2008, 2024, 3999]

val _ = app (fn s => print (s ^ " -> " ^ Int.toString (decode s) ^ "\n"))
            ["MCMXC", "mmviii", "MDCLXVI", "iv", "XLII"]

(* Round trip over a range, counted the way the Rosetta entries check it. *)
val ok = List.all (fn n => decode (encode n) = n) (List.tabulate (400, fn i => 3 * i + 1))
val _ = print ("round trip 1, 4, ..., 1198: " ^ Bool.toString ok ^ "\n")

val longest =
  foldl (fn (n, (best, len)) =>
           let val l = size (encode n) in if l > len then (n, l) else (best, len) end)
        (0, 0) (List.tabulate (400, fn i => 3 * i + 1))
val (best, len) = longest
val _ = print ("longest: " ^ encode best ^ " (" ^ Int.toString len ^ " letters)\n")

val _ = print (Int.toString (decode "MCMZ") ^ "\n")
  handle BadNumeral c => print ("bad numeral " ^ str c ^ "\n")
val _ = decode "XIQ"
