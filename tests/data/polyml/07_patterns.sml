(* Pattern matching: nested constructors, as, constants, ref, clause order *)
fun p s = print (s ^ "\n")
datatype shape = Circle of int | Rect of int * int | Group of shape list | Empty
fun area (Circle r) = 3 * r * r
  | area (Rect (w, h)) = w * h
  | area (Group ss) = foldl (fn (s, a) => a + area s) 0 ss
  | area Empty = 0
val _ = p (Int.toString (area (Group [Circle 2, Rect (3, 4), Group [Empty, Rect (1, 1)]])))
fun describe (Group []) = "empty group"
  | describe (Group [x]) = "singleton " ^ describe x
  | describe (Group (Circle _ :: _)) = "group starting with a circle"
  | describe (Group _) = "group"
  | describe (Rect (0, _)) = "flat"
  | describe (Rect (w, h)) = if w = h then "square" else "rect"
  | describe (Circle 0) = "point"
  | describe _ = "something"
val _ = app (fn s => p (describe s)) [Group [], Group [Rect (2, 2)], Group [Circle 1, Empty], Group [Empty, Empty],
                                      Rect (0, 9), Rect (3, 4), Circle 0, Circle 5, Empty]
fun firstTwo (all as x :: (rest as y :: _)) = (x, y, length all, length rest)
  | firstTwo _ = (0, 0, 0, 0)
val (a, b, c, d) = firstTwo [7, 8, 9]
val _ = p (String.concat (map Int.toString [a, b, c, d]))
fun strs "" = "empty" | strs "a" = "letter a" | strs s = "other " ^ s
val _ = p (strs "" ^ ", " ^ strs "a" ^ ", " ^ strs "abc")
fun chars #"x" = 1 | chars #"\n" = 2 | chars _ = 3
val _ = p (Int.toString (chars #"x" + 10 * chars #"\n" + 100 * chars #"q"))
fun negs ~1 = "minus one" | negs 0 = "zero" | negs n = if n < 0 then "neg" else "pos"
val _ = p (String.concat (map (fn n => negs n ^ " ") [~1, 0, ~5, 5]))
val r = ref (3, "three")
val ref (n, s) = r
val _ = p (Int.toString n ^ s)
fun bump (ref 0) = "zero ref" | bump (x as ref k) = (x := k + 1; "bumped to " ^ Int.toString (!x))
val _ = p (bump (ref 0) ^ "; " ^ bump (ref 41))
fun opt (SOME (SOME x)) = x | opt (SOME NONE) = ~1 | opt NONE = ~2
val _ = p (String.concat (map (fn o' => Int.toString (opt o') ^ " ") [SOME (SOME 4), SOME NONE, NONE]))
fun lists [] = 0 | lists [_] = 1 | lists [_, _] = 2 | lists (_ :: _ :: _ :: t) = 3 + lists t
val _ = p (Int.toString (lists [1, 2, 3, 4, 5, 6, 7, 8]))
fun tup ((1, _), _) = "a" | tup ((_, 2), true) = "b" | tup (_, false) = "c" | tup _ = "d"
val _ = p (tup ((1, 5), false) ^ tup ((0, 2), true) ^ tup ((0, 2), false) ^ tup ((0, 3), true))
val (x, y) :: _ = [(1, 2)]
val _ = p (Int.toString (x + y))
fun bools (true, true) = "tt" | bools (false, _) = "f_" | bools (_, false) = "_f"
val _ = p (bools (true, true) ^ bools (false, true) ^ bools (true, false))
val _ = p (case (1, [2, 3]) of (_, [_]) => "one" | (k, [a, b]) => Int.toString (k + a + b) | _ => "other")
val _ = p (case "abc" of "ab" => "no" | "abc" => "yes" | _ => "default")
val w as (w1, _) = (10, 20)
val _ = p (Int.toString (w1 + (case w of (_, q) => q)))
