(* Lexical corners: nested comments, paren-star forms, string gaps, symbolic ids, literal forms *)
fun say s = print (s ^ "\n")
(* a (* nested *) comment (*) still a comment *) *)
val x = 1 (* trailing *) + (* middle *) 2
val _ = say (Int.toString x)
val mul = op * 
val _ = say (Int.toString (mul (6, 7)))
val mul2 = ( op * )
val _ = say (Int.toString (mul2 (3, 3)))
val _ = say "gap:\
    \continued"
val _ = say "tab\tq\"uote\\ \065\066 \^A\^Z|\u0041"
val _ = say (Int.toString (ord #"\^@") ^ " " ^ Int.toString (ord #"\^_") ^ " " ^ Int.toString (ord #"\127"))
val _ = say (Int.toString 0x1F ^ " " ^ Int.toString ~0x10 ^ " " ^ Word.toString 0w10 ^ " " ^ Word.toString 0wx1f ^ " " ^ Int.toString ~0)
infix 5 <+>
fun a <+> b = a * 10 + b
val _ = say (Int.toString (1 <+> 2 <+> 3))
infixr 5 <->
fun a <-> b = a * 10 + b
val _ = say (Int.toString (1 <-> 2 <-> 3))
val !! = fn x => x + 1
val _ = say (Int.toString (!! 4))
val x' = 3 val x'' = x' + 1 val x_1 = x'' * 2
val _ = say (Int.toString x_1)
fun |> (x, f) = f x
infix 1 |>
val _ = say (Int.toString (3 |> (fn x => x * x) |> (fn y => y + 1)))
nonfix |>
val _ = say (Int.toString (|> (5, fn z => z - 1)))
val _ = say (Int.toString (op + (1, 2)) ^ Int.toString ((op -) (5, 3)))
fun f (op <+>) = 1 <+> 2
val _ = say (Int.toString (f (fn (a, b) => a - b)))
val _ = say (Int.toString (let infix 0 ++ fun a ++ b = a - b in 10 ++ 3 ++ 2 end))
val _ = say (Int.toString (let nonfix + in + (2, 3) end) ^ " " ^ Int.toString (2 + 3))
val _ = say (String.toString "\n\r\t\b\v\f\a\\\"")
val _ = say (case "abc" of "ab" => "no" | "abc" => "yes" | _ => "default")
val _ = say (case #"\n" of #"\t" => "tab" | #"\n" => "newline" | _ => "other")
val _ = say (case 0w5 of 0w4 => "four" | 0wx5 => "five" | _ => "other")
val _ = say (case ~3 of ~3 => "minus three" | _ => "other")
val _ = say (case (1, "a", #"b") of (1, "a", #"c") => "x" | (1, _, #"b") => "y" | _ => "z")
val _ = say (Int.toString 1000000000000000000 ^ " " ^ Int.toString ~4611686018427387904)
val v = #"a" val w = #"\""
val _ = say (str v ^ str w)
