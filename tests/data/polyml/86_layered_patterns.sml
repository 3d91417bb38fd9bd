(* Layered (as) and nested constructor patterns: as at several depths, as
   around constants, lists and tuples, nested options and datatypes,
   wildcards, patterns that overlap so clause order decides, in fun,
   case, fn, val and handle *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
datatype shape = Pt of int * int | Seg of shape * shape | Poly of shape list | Tagged of string * shape
exception Bad of shape * int
fun describe (whole as Seg (a as Pt (0, 0), b as Pt (x, _))) = "seg from origin to x=" ^ i x
  | describe (Seg (Pt _, Pt _)) = "segment"
  | describe (Seg (inner as Seg _, _)) = "nested: " ^ describe inner
  | describe (Poly ((first as Pt (x, y)) :: (rest as _ :: _))) = "poly starting " ^ i x ^ "," ^ i y ^ " + " ^ i (length rest)
  | describe (Poly [only]) = "poly of one " ^ describe only
  | describe (Poly []) = "empty poly"
  | describe (Tagged (name as "origin", Pt (0, 0))) = name ^ "!"
  | describe (Tagged (name, s as Tagged _)) = name ^ "/" ^ describe s
  | describe (Tagged (name, _)) = name
  | describe (Pt (x as 0, y)) = "on the y axis at " ^ i y ^ " (" ^ i x ^ ")"
  | describe (Pt (x, y)) = i x ^ "," ^ i y
  | describe _ = "other"
val shapes = [Seg (Pt (0, 0), Pt (3, 4)), Seg (Pt (1, 0), Pt (3, 4)), Seg (Seg (Pt (0, 0), Pt (9, 9)), Pt (1, 1)),
              Poly [Pt (1, 2), Pt (3, 4), Pt (5, 6)], Poly [Pt (1, 2)], Poly [Pt (1, 2), Pt (0, 0)], Poly [], Poly [Seg (Pt (0, 0), Pt (1, 1)), Pt (0, 0)],
              Tagged ("origin", Pt (0, 0)), Tagged ("origin", Pt (1, 0)), Tagged ("a", Tagged ("b", Pt (0, 5))), Pt (0, 7), Pt (2, 7), Seg (Poly [], Pt (0, 0))]
val _ = app (fn s => p (describe s)) shapes
(* as in lists and tuples, in case and fn *)
fun pairs (l as x :: (rest as y :: _)) = (x, y) :: pairs rest
  | pairs _ = []
val _ = p (String.concatWith " " (map (fn (a, b) => i a ^ "-" ^ i b) (pairs [1, 2, 3, 4])))
val classify = fn (t as (0, b)) => "zero first " ^ i b | (t as (a, b)) => if a = b then "equal" else "other " ^ i a
val _ = p (String.concatWith "; " (map classify [(0, 9), (3, 3), (4, 5)]))
(* nested options *)
fun opt (SOME (SOME (x as 1))) = "one " ^ i x
  | opt (SOME (SOME x)) = "some some " ^ i x
  | opt (SOME NONE) = "some none"
  | opt NONE = "none"
val _ = p (String.concatWith ", " (map opt [SOME (SOME 1), SOME (SOME 2), SOME NONE, NONE]))
(* as in val bindings and handle patterns *)
val whole as (first, second as (s1, _)) = (1, ("two", 3))
val _ = p (i first ^ " " ^ s1 ^ " " ^ (case second of (_, n) => i n) ^ " " ^ (case whole of (n, _) => i n))
fun check s = if (case s of Pt (x, _) => x < 0 | _ => false) then raise Bad (s, 1) else s
val _ = p ((describe (check (Pt (~1, 2)))) handle Bad (sh as Pt (x, _), code as 1) => "bad point " ^ i x ^ " code " ^ i code ^ " " ^ describe sh)
(* clause order with overlapping patterns *)
fun f (_, 0) = "second is zero" | f (0, _) = "first is zero" | f (a, b) = if a = b then "same" else "different"
val _ = p (String.concatWith "; " (map f [(0, 0), (0, 1), (1, 0), (2, 2), (2, 3)]))
fun g [] = 0 | g [_] = 1 | g [_, _] = 2 | g (_ :: _ :: _ :: []) = 3 | g (_ :: rest) = 10 + g rest
val _ = p (String.concatWith " " (map (fn n => i (g (List.tabulate (n, fn k => k)))) [0, 1, 2, 3, 4, 6]))
(* layered constant patterns on strings, chars and words *)
fun lit (s as "") = "empty" ^ s | lit (s as "x") = s ^ s | lit s = s
fun chr' (c as #"a") = str c ^ "!" | chr' c = str c
fun wrd (w as 0w0) = "zero " ^ Word.toString w | wrd w = Word.toString w
val _ = p (lit "" ^ " " ^ lit "x" ^ " " ^ lit "y" ^ " " ^ chr' #"a" ^ chr' #"b" ^ " " ^ wrd 0w0 ^ " " ^ wrd 0w255)
