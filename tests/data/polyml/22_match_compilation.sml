(* Pattern-match compilation: overlapping nested clauses, constants of every type, ref and as *)
datatype t = A | B of t | C of t * t | D of int list
fun f (C (A, _), 0) = 1
  | f (C (_, A), 1) = 2
  | f (B (B _), _) = 3
  | f (C (B x, y as B _), n) = 4 + n
  | f (D [], _) = 5
  | f (D [1, 2], 7) = 6
  | f (D (1 :: _), _) = 7
  | f (D (_ :: 2 :: _), 3) = 8
  | f (_, 9) = 9
  | f (A, _) = 10
  | f _ = 11
val inputs = [(C (A, A), 0), (C (A, A), 1), (C (B A, A), 1), (B (B A), 5), (C (B A, B A), 3), (D [], 0), (D [1, 2], 7),
              (D [1, 2], 8), (D [0, 2, 3], 3), (D [0, 2], 4), (D [0], 9), (A, 0), (B A, 0), (C (A, B A), 0), (C (B A, A), 0)]
val _ = app (fn x => print (Int.toString (f x) ^ " ")) inputs
val _ = print "\n"
fun g (x, y, z) = case (x, y, z) of
    (0, _, _) => "x0" | (_, 0, _) => "y0" | (_, _, 0) => "z0" | (1, 1, 1) => "ones"
  | (a, b, c) => if a = b then "ab" else if b = c then "bc" else "none"
val _ = app (fn t => print (g t ^ " ")) [(0,0,0),(1,0,0),(1,1,0),(1,1,1),(2,2,3),(2,3,3),(2,3,4)]
val _ = print "\n"
fun h (r as ref (x, y)) = (r := (y, x); x - y)
val rr = ref (1, 5)
val _ = print (Int.toString (h rr) ^ Int.toString (h rr) ^ "\n")
fun s ("a", "b") = 1 | s ("a", _) = 2 | s (_, "b") = 3 | s ("", "") = 4 | s _ = 5
val _ = app (fn t => print (Int.toString (s t))) [("a","b"),("a","c"),("x","b"),("",""),("","x")]
val _ = print "\n"
fun w (0w0, _) = "w0" | w (_, #"a") = "ca" | w (0wxff, #"b") = "ffb" | w _ = "w"
val _ = app (fn t => print (w t ^ " ")) [(0w0, #"a"), (0w1, #"a"), (0w255, #"b"), (0w255, #"c")]
val _ = print "\n"
fun big 4611686018427387903 = "max" | big ~4611686018427387904 = "min" | big 0 = "zero" | big _ = "other"
val _ = app (fn n => print (big n ^ " ")) [4611686018427387903, ~4611686018427387904, 0, 1]
val _ = print "\n"
fun lst [[]] = "[[]]" | lst [[x], [y]] = "two singletons " ^ Int.toString (x + y) | lst ([] :: rest) = "empty first" | lst (((a :: _) :: _)) = "starts " ^ Int.toString a | lst [] = "nil"
val _ = app (fn l => print (lst l ^ "; ")) [[[]], [[1], [2]], [[], [3]], [[4, 5]], []]
val _ = print "\n"
