(* Datatypes with several constructors carrying tuples: shapes with
   area and perimeter (integer approximations), an enumeration with
   successor/predecessor, a recursive nat datatype with conversions,
   and an option-like datatype. The last function has a deliberately
   non-exhaustive match and the program ends in an uncaught Match. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype shape = Circle of int | Rect of int * int | Square of int | Tri of int * int * int
fun area (Circle r) = 3 * r * r
  | area (Rect (w, h)) = w * h
  | area (Square s) = s * s
  | area (Tri (a, b, c)) =
      let val s = (a + b + c) div 2 in s * (s - a) * (s - b) * (s - c) end
fun perim (Circle r) = 6 * r
  | perim (Rect (w, h)) = 2 * (w + h)
  | perim (Square s) = 4 * s
  | perim (Tri (a, b, c)) = a + b + c
fun describe sh =
    (case sh of Circle _ => "circle" | Rect _ => "rect" | Square _ => "square" | Tri _ => "tri")
    ^ " area=" ^ pi (area sh) ^ " perim=" ^ pi (perim sh)
val shapes = [Circle 2, Rect (3, 4), Square 5, Tri (3, 4, 5), Rect (0, 7)]
val _ = app (pr o describe) shapes
val biggest = foldl (fn (s, b) => if area s > area b then s else b) (hd shapes) shapes
val _ = pr ("biggest: " ^ describe biggest)

datatype day = Mon | Tue | Wed | Thu | Fri | Sat | Sun
val days = [Mon, Tue, Wed, Thu, Fri, Sat, Sun]
fun dayName d =
    case d of Mon => "Mon" | Tue => "Tue" | Wed => "Wed" | Thu => "Thu"
            | Fri => "Fri" | Sat => "Sat" | Sun => "Sun"
fun index d =
    let fun go (_, []) = ~1
          | go (i, x :: xs) = if x = d then i else go (i + 1, xs)
    in go (0, days) end
fun next d = List.nth (days, (index d + 1) mod 7)
fun weekend Sat = true
  | weekend Sun = true
  | weekend _ = false
val _ = pr ("next: " ^ String.concatWith " " (map (dayName o next) days))
val _ = pr ("weekend: " ^ String.concatWith " " (map (dayName) (List.filter weekend days)))

datatype nat = Z | S of nat
fun toNat 0 = Z
  | toNat n = S (toNat (n - 1))
fun fromNat Z = 0
  | fromNat (S n) = 1 + fromNat n
fun plus (Z, m) = m
  | plus (S n, m) = S (plus (n, m))
fun times (Z, _) = Z
  | times (S n, m) = plus (m, times (n, m))
val _ = pr ("3 + 4 = " ^ pi (fromNat (plus (toNat 3, toNat 4))))
val _ = pr ("6 * 7 = " ^ pi (fromNat (times (toNat 6, toNat 7))))
val _ = pr ("equal nats: " ^ Bool.toString (toNat 5 = plus (toNat 2, toNat 3)))

datatype 'a maybe = Nothing | Just of 'a
fun mapMaybe f Nothing = Nothing
  | mapMaybe f (Just x) = Just (f x)
fun showMaybe Nothing = "Nothing"
  | showMaybe (Just n) = "Just " ^ pi n
val _ = pr (showMaybe (mapMaybe (fn n => n * n) (Just 9)) ^ ", " ^ showMaybe (mapMaybe (fn n => n + 1) Nothing))

(* deliberately non-exhaustive: no case for Tri *)
fun corners (Rect _) = 4
  | corners (Square _) = 4
  | corners (Circle _) = 0
val _ = pr ("corners: " ^ String.concatWith " " (map (pi o corners) (List.take (shapes, 3))))
val _ = pr ("caught: " ^ (pi (corners (Tri (1, 1, 1))) handle Match => "Match"))
val _ = pr ("all corners: " ^ String.concatWith " " (map (pi o corners) shapes))
val _ = pr "not reached"
