(* The smallest integer: minInt div ~1, mod ~1, Int.quot and Int.rem by
   ~1, abs and ~ of it, Int.sign and Int.sameSign, products and sums that
   touch the bounds; computed in a loop so no constant folding helps; the
   program ends with abs minInt escaping *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val minInt = valOf Int.minInt
val maxInt = valOf Int.maxInt
fun try f = (i (f ())) handle Overflow => "Overflow" | Div => "Div"
val cases : (string * (int * int -> int)) list =
  [("div", op div), ("mod", op mod), ("quot", Int.quot), ("rem", Int.rem), ("+", op +), ("-", op -), ("*", op * )]
val operands = [(minInt, ~1), (minInt, 1), (minInt, minInt), (maxInt, ~1), (minInt, 2), (minInt, ~2), (maxInt, maxInt), (0, minInt), (~1, minInt), (minInt, 0)]
val _ = app (fn (name, f) =>
          p (name ^ ": " ^ String.concatWith " " (map (fn (a, b) => try (fn () => f (a, b))) operands))) cases
val _ = p (String.concatWith " " (map (fn f => try f) [fn () => abs minInt, fn () => ~ minInt, fn () => Int.abs minInt, fn () => abs (minInt + 1),
                                                       fn () => ~ maxInt, fn () => Int.sign minInt, fn () => Int.sign 0, fn () => Int.sign maxInt]))
fun b true = "T" | b false = "F"
val _ = p (String.concat (map b [Int.sameSign (minInt, ~1), Int.sameSign (0, 0), Int.sameSign (0, 1), Int.sameSign (maxInt, minInt)]))
val _ = p (i (Int.max (minInt, maxInt)) ^ " " ^ i (Int.min (minInt, maxInt)) ^ " " ^ (case Int.compare (minInt, maxInt) of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER"))
(* a loop that doubles until Overflow, counting the steps, in both directions *)
fun doublings (x, n) = (doublings (x * 2, n + 1)) handle Overflow => (n, x)
val (n1, last1) = doublings (1, 0)
val (n2, last2) = doublings (~1, 0)
val _ = p (i n1 ^ " " ^ i last1 ^ " " ^ i n2 ^ " " ^ i last2)
(* accumulating until the sum overflows *)
fun accumulate (acc, k) = if k > 100 then acc else accumulate (acc + k * 100000000000000000, k + 1)
val _ = p (try (fn () => accumulate (0, 1)))
(* factorials until Overflow *)
fun facts (n, f) = (p (i n ^ "! = " ^ i f); facts (n + 1, f * (n + 1))) handle Overflow => p ("overflow at " ^ i (n + 1) ^ "!")
val _ = facts (15, 1307674368000)
(* division rounding on both sides of zero *)
val _ = p (String.concatWith " " (map (fn (a, b) => i (a div b) ^ "," ^ i (a mod b) ^ "," ^ i (Int.quot (a, b)) ^ "," ^ i (Int.rem (a, b)))
                                   [(7, 2), (~7, 2), (7, ~2), (~7, ~2), (minInt, 3), (maxInt, ~3), (minInt, maxInt)]))
val _ = p (i (abs (minInt div 2)) ^ " " ^ i (minInt div 2 * 2))
val _ = p (i (abs minInt))
val _ = p "unreached"
