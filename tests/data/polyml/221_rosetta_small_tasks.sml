(* Several small Rosetta Code tasks in the style of their Standard ML
   entries (https://rosettacode.org/wiki/Category:Standard_ML): Hailstone
   sequence, Ackermann function, Towers of Hanoi, Look-and-say, Happy
   numbers, Luhn test, Gray code. *)

(* Hailstone sequence *)
fun hailstone 1 = [1]
  | hailstone n = n :: hailstone (if n mod 2 = 0 then n div 2 else 3 * n + 1)

val h27 = hailstone 27
val _ = print ("hailstone 27: " ^ Int.toString (length h27) ^ " elements, starting "
               ^ String.concatWith ", " (map Int.toString (List.take (h27, 4)))
               ^ " ... ending "
               ^ String.concatWith ", " (map Int.toString (List.drop (h27, length h27 - 4))) ^ "\n")

val (longestN, longestLen) =
  foldl (fn (n, (bn, bl)) => let val l = length (hailstone n) in
                               if l > bl then (n, l) else (bn, bl) end)
        (1, 1) (List.tabulate (299, fn i => i + 1))
val _ = print ("longest below 300: " ^ Int.toString longestN ^ " (" ^ Int.toString longestLen ^ ")\n")

(* Ackermann function *)
fun a (0, n) = n + 1
  | a (m, 0) = a (m - 1, 1)
  | a (m, n) = a (m - 1, a (m, n - 1))
val _ = print ("ackermann: " ^ String.concatWith " " (map (fn (m, n) => Int.toString (a (m, n)))
                                                        [(0, 0), (1, 2), (2, 3), (3, 3)]) ^ "\n")

(* Towers of Hanoi *)
fun hanoi (0, _, _, _) = []
  | hanoi (n, from, to, via) =
      hanoi (n - 1, from, via, to) @ [(from, to)] @ hanoi (n - 1, via, to, from)
val moves = hanoi (4, "A", "C", "B")
val _ = print (Int.toString (length moves) ^ " moves: "
               ^ String.concatWith " " (map (fn (f, t) => f ^ t) moves) ^ "\n")

(* Look-and-say *)
fun lookAndSay s =
  let
    fun go ([], acc) = rev acc
      | go (c :: cs, acc) =
          let
            fun run (n, d :: ds) = if d = c then run (n + 1, ds) else (n, d :: ds)
              | run (n, []) = (n, [])
            val (n, rest) = run (1, cs)
          in
            go (rest, c :: (rev (explode (Int.toString n))) @ acc)
          end
  in implode (go (explode s, [])) end
fun iterate f x 0 = []
  | iterate f x n = x :: iterate f (f x) (n - 1)
val _ = app (fn s => print (s ^ "\n")) (iterate lookAndSay "1" 8)

(* Happy numbers *)
fun digitSquares 0 = 0
  | digitSquares n = (n mod 10) * (n mod 10) + digitSquares (n div 10)
fun isHappy n =
  let fun go (1, _) = true
        | go (n, seen) = not (List.exists (fn m => m = n) seen)
                         andalso go (digitSquares n, n :: seen)
  in go (n, []) end
fun firstN (p, n) =
  let fun loop (i, 0, acc) = rev acc
        | loop (i, k, acc) = if p i then loop (i + 1, k - 1, i :: acc) else loop (i + 1, k, acc)
  in loop (1, n, []) end
val _ = print ("happy: " ^ String.concatWith " " (map Int.toString (firstN (isHappy, 8))) ^ "\n")

(* Luhn test of credit card numbers *)
fun luhn s =
  let
    val digits = rev (map (fn c => ord c - ord #"0") (explode s))
    fun sum (_, [], acc) = acc
      | sum (odd, d :: ds, acc) =
          sum (not odd, ds, acc + (if odd then d else let val e = 2 * d in e div 10 + e mod 10 end))
  in sum (true, digits, 0) mod 10 = 0 end
val _ = app (fn s => print (s ^ " " ^ (if luhn s then "valid" else "invalid") ^ "\n"))
            ["49927398716", "49927398717", "1234567812345678", "1234567812345670"]

(* Gray code *)
fun gray n = Word.toInt (Word.xorb (Word.fromInt n, Word.>> (Word.fromInt n, 0w1)))
fun binary n = StringCvt.padLeft #"0" 5 (Int.fmt StringCvt.BIN n)
val _ = List.app (fn i => print (Int.toString i ^ " " ^ binary i ^ " " ^ binary (gray i) ^ "\n"))
                 (List.tabulate (8, fn i => i * 3))
