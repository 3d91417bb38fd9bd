(* layered patterns, fn with several rules, nested case in parentheses,
   wildcards and constants in patterns, and handle with several rules *)
datatype shape = Circle of int | Rect of int * int | Tri of int * int * int
val classify = fn Circle 0 => "point"
                | Circle r => "circle r=" ^ Int.toString r
                | Rect (w, h) => if w = h then "square" else "rect"
                | Tri (a, b, c) => if a = b andalso b = c then "equilateral"
                                   else if a = b orelse b = c orelse a = c then "isosceles" else "scalene"
val _ = app (fn s => print (classify s ^ "\n")) [Circle 0, Circle 3, Rect (2, 2), Rect (2, 5), Tri (3, 3, 3), Tri (3, 4, 3), Tri (3, 4, 5)]
fun dedup (x :: (rest as y :: _)) = if x = y then dedup rest else x :: dedup rest
  | dedup l = l
val _ = print (String.concatWith " " (map Int.toString (dedup [1, 1, 2, 3, 3, 3, 4, 1, 1])) ^ "\n")
fun describe l =
  case l of
    [] => "empty"
  | [x] => (case x of 0 => "single zero" | n => if n < 0 then "single negative" else "single positive")
  | (whole as x :: y :: _) =>
      (case (Int.compare (x, y), length whole) of
         (LESS, 2) => "ascending pair"
       | (LESS, n) => "ascending start of " ^ Int.toString n
       | (EQUAL, _) => "starts with a repeat"
       | (GREATER, _) => "descending start")
val _ = app (fn l => print (describe l ^ "\n")) [[], [0], [~3], [5], [1, 2], [1, 2, 0], [4, 4], [9, 1, 2]]
exception Neg of int
exception Big of string * int
fun check n = if n < 0 then raise Neg n else if n > 100 then raise Big ("too big", n) else n div (n - 50)
fun safe n =
  Int.toString (check n)
  handle Neg k => "negative " ^ Int.toString k
       | Big (msg, k) => msg ^ " " ^ Int.toString k
       | Div => "division by zero"
val _ = app (fn n => print (safe n ^ "\n")) [~7, 101, 50, 60, 10]
fun lookup k ((pair as (k', _)) :: rest) = if k = k' then SOME pair else lookup k rest
  | lookup _ [] = NONE
val _ = case lookup "b" [("a", 1), ("b", 2)] of
          SOME (p as (_, v)) => print ("found " ^ Int.toString v ^ "\n")
        | NONE => print "missing\n"
val swap = fn (a, b) => (b, a)
val fst = fn (a, _) => a
val _ = print (fst (swap (1, "one")) ^ "\n")
fun zip3 (a :: at, b :: bt, c :: ct) = (a, b, c) :: zip3 (at, bt, ct)
  | zip3 _ = []
val _ = print (String.concatWith " " (map (fn (a, b, c) => str a ^ Int.toString b ^ Bool.toString c) (zip3 (explode "xyz", [1, 2], [true, false, true]))) ^ "\n")
val charKind = fn #"a" => 1 | #"e" => 1 | #"i" => 1 | #"o" => 1 | #"u" => 1 | #" " => 0 | _ => 2
val _ = print (String.concat (map (Int.toString o charKind) (explode "hello world")) ^ "\n")
val strKind = fn "yes" => true | "y" => true | _ => false
val _ = print (Bool.toString (strKind "y") ^ Bool.toString (strKind "no") ^ "\n")
