(* corners of the grammar a test might lean on: nested comments, string
   gaps, negative literal patterns, op on builtin infixes, type
   annotations everywhere, val rec, chained handlers, if inside case *)
(* a comment (* nested (* twice *) *) still a comment *)
val s = "line one, \
        \continued"
val _ = print (s ^ "\n")
fun classify ~1 = "minus one"
  | classify 0 = "zero"
  | classify 1 = "one"
  | classify n = if n < 0 then "negative" else "positive"
val _ = print (String.concatWith ", " (map classify [~1, 0, 1, ~7, 7]) ^ "\n")
val sum = foldl (op +) 0 [1, 2, 3]
val prod = foldr (op * ) 1 [1, 2, 3, 4]
val cat = foldr (op ^) "" ["a", "b"]
val cons = foldr (op ::) [] [7, 8]
val _ = print (Int.toString sum ^ " " ^ Int.toString prod ^ " " ^ cat ^ " " ^ Int.toString (length cons) ^ "\n")
val composed = (op o) (fn x => x + 1, fn x => x * 10)
val _ = print (Int.toString (composed 4) ^ "\n")
val rec loop = fn 0 => "done" | n => loop (n - 1)
val _ = print (loop 1000 ^ "\n")
val annotated : (int * string) list = [(1, "a") : int * string, (2, "b")]
fun f (x : int) (y : int) : int = x * y + (x : int)
val _ = print (Int.toString (f 3 4) ^ " " ^ Int.toString (length annotated) ^ "\n")
val g = fn (a : int, b : string) => b ^ Int.toString a
val _ = print (g (5, "n=") ^ "\n")
fun risky 0 = raise Div
  | risky 1 = raise Overflow
  | risky 2 = raise Fail "two"
  | risky 3 = raise Subscript
  | risky n = n
fun guarded n =
  Int.toString (risky n)
  handle Div => "div"
       | Overflow => "overflow"
       | Fail msg => "fail(" ^ msg ^ ")"
       | e => "other " ^ exnName e
val _ = print (String.concatWith " " (map guarded [0, 1, 2, 3, 4]) ^ "\n")
val nested = (((risky 0) handle Overflow => 1) handle Div => 2)
val _ = print (Int.toString nested ^ "\n")
val reraised = (risky 0 handle Div => raise Fail "converted") handle Fail m => ~1
val _ = print (Int.toString reraised ^ "\n")
fun describe (x, y) =
  case (x > 0, y > 0) of
    (true, true) => "both"
  | (true, false) => if y = 0 then "x only, y zero" else "x only"
  | (false, true) => "y only"
  | (false, false) => "neither"
val _ = print (String.concatWith "; " (map describe [(1, 1), (1, 0), (1, ~1), (0, 3), (0, 0)]) ^ "\n")
val t = (1, ("two", #"3"), [4])
val (one, (two, three), [four]) = t
val _ = print (Int.toString one ^ two ^ str three ^ Int.toString four ^ "\n")
val _ = print (if 1 < 2 andalso not (2 < 1) orelse false then "logic ok\n" else "logic bad\n")
val w = 0wxFF + 0w1
val _ = print (Word.toString w ^ " " ^ Int.toString (Word.toInt w) ^ "\n")
val chars = [#"a", #"\n", #"\\", #"\"", #" "]
val _ = print (Int.toString (foldl (fn (c, n) => n + ord c) 0 chars) ^ "\n")
val unitList = [(), ()]
val _ = print (Int.toString (length unitList) ^ "\n")
val _ = print (Int.toString (~(3 - 5) * ~2) ^ " " ^ Int.toString (7 div ~2) ^ " " ^ Int.toString (7 mod ~2) ^ " " ^ Int.toString (~7 div 2) ^ "\n")
val _ = print (Int.toString (Int.quot (~7, 2)) ^ " " ^ Int.toString (Int.rem (~7, 2)) ^ "\n")
val _ = print (Bool.toString ("abc" < "abd") ^ " " ^ Bool.toString (#"a" < #"b") ^ " " ^ Bool.toString ([1, 2] = [1, 2]) ^ "\n")
val _ = risky 2
