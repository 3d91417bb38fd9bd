(* Patterns: nested constructors, ref patterns inside data, constants of
   every type at several depths, `as` at several levels, op :: patterns,
   clauses tried strictly in order when several match *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
datatype t = A | B of int | C of t * t | D of string * t list | E of int ref
fun f (C (A, A)) = "C(A,A)"
  | f (C (B 0, _)) = "C(B 0,_)"
  | f (C (B n, B m)) = "C(B,B) " ^ i (n + m)
  | f (C (x as C _, y)) = "C(C..) " ^ f x ^ "/" ^ f y
  | f (C (_, C (_, A))) = "C(_,C(_,A))"
  | f (D ("", [])) = "D empty"
  | f (D ("x", [A])) = "D x [A]"
  | f (D (s, A :: rest)) = "D " ^ s ^ " A+" ^ i (length rest)
  | f (D (s, [_, _])) = "D " ^ s ^ " pair"
  | f (E (ref 0)) = "E zero"
  | f (E (r as ref n)) = (r := n + 1; "E bumped " ^ i (!r))
  | f (B ~1) = "B minus one"
  | f (B 4611686018427387903) = "B max"
  | f A = "A"
  | f _ = "other"
val cell = ref 5
val inputs = [C (A, A), C (B 0, A), C (B 2, B 3), C (C (A, A), B 1), C (A, C (B 9, A)), C (A, C (A, B 1)),
              D ("", []), D ("x", [A]), D ("y", [A, B 1, A]), D ("z", [B 1, B 2]), D ("w", [B 1]), E (ref 0), E cell, E cell,
              B ~1, B 4611686018427387903, B 0, A]
val _ = app (fn x => p (f x)) inputs
fun g (0, _, _) = 1 | g (_, 0, _) = 2 | g (_, _, 0) = 3 | g (1, 1, 1) = 4 | g (a, b, c) = if a = b then 5 else 6
val _ = p (String.concat (map (fn x => i (g x)) [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 2, 1), (2, 3, 1)]))
fun h [] = "nil" | h [x] = "one:" ^ x | h ("a" :: _) = "starts a" | h (_ :: "b" :: _) = "second b"
  | h (x :: y :: []) = "two:" ^ x ^ y | h (op :: (x, _)) = "many from " ^ x
val _ = p (String.concat (map (fn l => h l ^ "; ") [[], ["z"], ["a", "q"], ["c", "b"], ["c", "d"], ["e", "f", "g"]]))
fun deep (SOME (x :: _, (y, #"c") :: _)) = "deep " ^ i x ^ y | deep (SOME ([], _)) = "no xs" | deep (SOME (_, [])) = "no pairs"
  | deep (SOME (_, _ :: _)) = "other char" | deep NONE = "none"
val _ = p (String.concat (map (fn x => deep x ^ "; ") [SOME ([1], [("y", #"c")]), SOME ([], []), SOME ([2], []), SOME ([3], [("q", #"d")]), NONE]))
fun layered (whole as (first as (a, _), second as [_, b])) = i a ^ i b ^ i (length second) ^ (case first of (_, c) => i c) ^ (case whole of (_, l) => i (length l))
  | layered _ = "no"
val _ = p (layered ((1, 2), [3, 4]) ^ " " ^ layered ((1, 2), [3]))
fun chars (#"a", #"b") = "ab" | chars (#"a", _) = "a_" | chars (_, #"\n") = "_nl" | chars (c, d) = if c < d then "lt" else "ge"
val _ = p (String.concat (map (fn x => chars x ^ " ") [(#"a", #"b"), (#"a", #"z"), (#"q", #"\n"), (#"b", #"c"), (#"c", #"b")]))
fun strs ("", "") = 0 | strs ("abc", _) = 1 | strs (_, "abc") = 2 | strs ("\n", "\t") = 3 | strs (a, b) = size a + size b
val _ = p (String.concat (map (fn x => i (strs x) ^ " ") [("", ""), ("abc", "abc"), ("x", "abc"), ("\n", "\t"), ("ab", "cde")]))
fun refs (ref (ref 0)) = "zero" | refs (ref (ref n)) = i n
val _ = p (refs (ref (ref 0)) ^ refs (ref (ref 8)))
fun unitPat () = "unit"
val _ = p (unitPat ())
fun pairRef (ref (a, b)) = a ^ b
val _ = p (pairRef (ref ("x", "y")))
val (q1, q2 as (q3, _)) = (1, (2, 3))
val _ = p (i (q1 + q3) ^ (case q2 of (_, z) => i z))
val [m1, m2] = [10, 20]
val _ = p (i (m1 * m2))
fun nums 0 = "zero" | nums 1 = "one" | nums ~1 = "minus" | nums 1000000 = "million" | nums n = if n > 0 then "pos" else "neg"
val _ = p (String.concat (map (fn n => nums n ^ " ") [0, 1, ~1, 1000000, 2, ~2]))
fun wordPat 0w0 = "w0" | wordPat 0wx10 = "w16" | wordPat _ = "w?"
val _ = p (wordPat 0w0 ^ wordPat 0w16 ^ wordPat 0w17)
fun boolPair (true, false) = "TF" | boolPair (false, true) = "FT" | boolPair (a, _) = if a then "TT" else "FF"
val _ = p (boolPair (true, false) ^ boolPair (false, true) ^ boolPair (true, true) ^ boolPair (false, false))
