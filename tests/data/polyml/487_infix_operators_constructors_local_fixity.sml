(* Infix declarations: user operators at several precedences, left and
   right associativity, an infix constructor used in patterns and
   expressions, op to pass operators as functions, nonfix to turn an
   operator back into an ordinary function, operators declared in let
   (visible only there), and an infix operator shadowed by a value. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

infix 6 +++
infixr 7 ***
infix 4 ===
fun a +++ b = a + b + 1
fun a *** b = a * b * 2
fun a === b = a mod 10 = b mod 10
val _ = pr ("1 +++ 2 *** 3 = " ^ pi (1 +++ 2 *** 3))
val _ = pr ("(1 +++ 2) *** 3 = " ^ pi ((1 +++ 2) *** 3))
val _ = pr ("2 *** 3 *** 4 = " ^ pi (2 *** 3 *** 4) ^ " (right assoc)")
val _ = pr ("1 +++ 2 +++ 3 = " ^ pi (1 +++ 2 +++ 3) ^ " (left assoc)")
val _ = pr ("13 === 3 +++ 2 = " ^ Bool.toString (13 === 3 +++ 2))

(* an infix constructor for a list-like type *)
infixr 5 :::
datatype 'a seq = Nil | ::: of 'a * 'a seq
fun toList Nil = []
  | toList (x ::: rest) = x :: toList rest
fun seqMap f Nil = Nil
  | seqMap f (x ::: rest) = f x ::: seqMap f rest
val s = 1 ::: 2 ::: 3 ::: Nil
val _ = pr ("seq: " ^ String.concatWith " " (map pi (toList (seqMap (fn x => x * x) s))))
fun firstTwo (a ::: b ::: _) = SOME (a, b)
  | firstTwo _ = NONE
val _ = pr ("firstTwo: " ^ (case firstTwo s of SOME (a, b) => pi a ^ "," ^ pi b | NONE => "none") ^
            " " ^ (case firstTwo (9 ::: Nil) of SOME _ => "some" | NONE => "none"))
val _ = pr ("op ::: " ^ pi (length (toList (foldr (op :::) Nil [4, 5, 6, 7]))))

(* operators as arguments *)
fun fold2 f z xs = foldl (fn (x, acc) => f (acc, x)) z xs
val _ = pr ("fold +++ : " ^ pi (fold2 (op +++) 0 [1, 2, 3]) ^ ", fold *** : " ^ pi (fold2 op *** 1 [1, 2, 3]))
val pairs = ListPair.zip ([1, 2, 3], [11, 21, 30])
val _ = pr ("=== on pairs: " ^ String.concatWith " " (map (Bool.toString o op ===) pairs))

(* composition operators of our own *)
infix 3 |>
fun x |> f = f x
infixr 3 <|
fun f <| x = f x
val _ = pr ("pipeline: " ^ pi ([1, 2, 3, 4, 5] |> List.filter (fn x => x mod 2 = 1) |> map (fn x => x * 10) |> foldl op + 0))
val _ = pr ("backward: " ^ pi (length <| List.filter (fn c => c = #"l") <| explode "hello world"))

(* a local fixity does not leak *)
val local1 =
    let infix 9 minus
        fun a minus b = a - b
    in 10 minus 3 minus 2 end
fun minus (a, b) = a * 100 + b
val _ = pr ("local infix: " ^ pi local1 ^ ", outside it is prefix: " ^ pi (minus (1, 2)))

(* nonfix and re-infixing *)
nonfix +++
val _ = pr ("nonfix +++ (1, 2) = " ^ pi (+++ (1, 2)))
infix 6 +++
val _ = pr ("infix again: " ^ pi (5 +++ 5))

(* changing the precedence of a standard operator inside let *)
val changed =
    let infix 7 +
    in 1 + 2 * 3 end
val _ = pr ("+ at precedence 7 in let: " ^ pi changed ^ ", outside: " ^ pi (1 + 2 * 3))
val rightMinus =
    let infixr 6 -
    in 10 - 4 - 3 end
val _ = pr ("- made right-assoc: " ^ pi rightMinus ^ ", normally " ^ pi (10 - 4 - 3))

(* infix in a clausal definition with several clauses and patterns *)
infix 5 <+>
fun [] <+> ys = ys
  | xs <+> [] = xs
  | (x :: xs) <+> (y :: ys) = (x + y) :: (xs <+> ys)
val _ = pr ("<+>: " ^ String.concatWith " " (map pi ([1, 2, 3] <+> [10, 20] <+> [100])))
val _ = pr ("string ^ and :: mix: " ^ String.concat ("a" ^ "b" :: "c" :: ["d" ^ "e"]))
