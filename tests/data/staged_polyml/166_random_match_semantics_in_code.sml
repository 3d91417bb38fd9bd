(* Random matches (seeded generator) compiled under code and run through eval: the generating extension's match compilation against Poly/ML's *)
datatype t = N | U of int | B of t * t | S of string | L of t list | C of char * t
fun say s = print (s ^ "\n")

val f0 = eval (code (fn x => (case x of 0 => "0"
  | _ => "1"
  | 0 => "2"
  | (v0 as ~1) => "3" ^ "," ^ Int.toString v0
  | 0 => "4"
  | _ => "default")))
val _ = say (String.concatWith " " (map f0 [~1, 1, 0, ~4611686018427387904, 4611686018427387903, ~4611686018427387904, ~1, ~4611686018427387904, ~1, 1, 1, ~1]))
val f1 = eval (code (fn x => (case x of v0 => "0" ^ "," ^ "?"
  | L ((v0 as (v1 as [_, _]))) => "1" ^ "," ^ "?" ^ "," ^ "?"
  | U (4611686018427387903) => "2"
  | S (_) => "3"
  | _ => "default")))
val _ = say (String.concatWith " " (map f1 [N, N, N, S "ab", L [C (#"\000", U (4611686018427387903)), U (0), S "a"], C (#"\255", B (U (~1), S "c")), B (C (#"z", U (~1)), N), N, C (#"b", B (L [N], N)), B (U (~1), S ""), N, B (C (#"a", B (C (#"\000", N), N)), B (B (B (N, N), U (~4611686018427387904)), C (#"\255", L [])))]))
val f2 = eval (code (fn x => (case x of [_, false] => "0"
  | [_, false] => "1"
  | [] => "2"
  | _ => "default")))
val _ = say (String.concatWith " " (map f2 [[true, false, true], [], [], [], [], [true], [], [true, false, true], [], [false, true], [true, true, false], [false, true, true]]))
val f3 = eval (code (fn x => (case x of "b" => "0"
  | _ => "1"
  | (v0 as "a") => "2" ^ "," ^ v0
  | "ab" => "3"
  | _ => "4"
  | _ => "default")))
val _ = say (String.concatWith " " (map f3 ["ab", "c", "", "c", "b", "", "b", "b", "", "b", "a", "c"]))
val f4 = eval (code (fn x => (case x of ((#"\000", #"\255"), []) => "0"
  | ((#"b", v0), v1) => "1" ^ "," ^ Char.toString v0 ^ "," ^ "?"
  | (_, (S ("") :: (v0 as v1))) => "2" ^ "," ^ "?" ^ "," ^ "?"
  | (v0 as ((#"b", #"b"), v1)) => "3" ^ "," ^ "?" ^ "," ^ "?"
  | _ => "default")))
val _ = say (String.concatWith " " (map f4 [((#"z", #"\255"), [N, N, N]), ((#"z", #"a"), [L [N, N], L [N], N]), ((#"\000", #"a"), []), ((#"\000", #"\000"), []), ((#"a", #"z"), [S "a", B (S "a", S "b"), N]), ((#"a", #"a"), [L [N, N, N], S "b"]), ((#"a", #"b"), [S "b", N]), ((#"z", #"b"), [U (1), C (#"b", B (N, N))]), ((#"\255", #"\000"), [L [], C (#"b", N)]), ((#"\000", #"a"), []), ((#"\255", #"z"), [L [], L [N], S "ab"]), ((#"\000", #"b"), [C (#"a", C (#"a", N))])]))
val f5 = eval (code (fn x => (case x of SOME (0wxFF) => "0"
  | NONE => "1"
  | (v0 as SOME (0w1)) => "2" ^ "," ^ "?"
  | _ => "3"
  | NONE => "4"
  | NONE => "5"
  | _ => "default")))
val _ = say (String.concatWith " " (map f5 [SOME (0wxFF), SOME (0w0), NONE, SOME (0w1), SOME (0wxFF), SOME (0wxFF), SOME (0w0), SOME (0w0), SOME (0w0), NONE, SOME (0w7), SOME (0w0)]))
val f6 = eval (code (fn x => (case x of [(~1, "b")] => "0"
  | [(~1, "ab")] => "1"
  | ((2, "ab") :: ((4611686018427387903, "ab") :: ((_, v0) :: [v1, v2]))) => "2" ^ "," ^ v0 ^ "," ^ "?" ^ "," ^ "?"
  | [] => "3"
  | _ => "4"
  | _ => "default")))
val _ = say (String.concatWith " " (map f6 [[(1, ""), (1, "b")], [(0, "c"), (1, "a")], [], [(0, "ab")], [], [], [(0, "ab"), (3, "a")], [(4611686018427387903, "b")], [(4611686018427387903, "")], [(4611686018427387903, ""), (4611686018427387903, "c")], [(3, "b")], [(1, "ab")]]))
val f7 = eval (code (fn x => (case x of v0 => "0" ^ "," ^ Int.toString v0
  | (v0 as ~4611686018427387904) => "1" ^ "," ^ Int.toString v0
  | 2 => "2"
  | 2 => "3"
  | v0 => "4" ^ "," ^ Int.toString v0
  | _ => "default")))
val _ = say (String.concatWith " " (map f7 [~1, 4611686018427387903, 0, ~1, ~4611686018427387904, 1, 0, 1, 0, ~4611686018427387904, 3, ~4611686018427387904]))
val f8 = eval (code (fn x => (case x of v0 => "0" ^ "," ^ v0
  | "b" => "1"
  | "b" => "2"
  | "a" => "3"
  | "a" => "4"
  | v0 => "5" ^ "," ^ v0
  | _ => "default")))
val _ = say (String.concatWith " " (map f8 ["ab", "ab", "b", "c", "", "a", "ab", "c", "c", "ab", "b", "ab"]))
val f9 = eval (code (fn x => (case x of ("ab", (_, L ([]))) => "0"
  | (v0 as v1) => "1" ^ "," ^ "?" ^ "," ^ "?"
  | _ => "default")))
val _ = say (String.concatWith " " (map f9 [("a", (4611686018427387903, B (N, L []))), ("c", (~4611686018427387904, N)), ("", (~4611686018427387904, U (3))), ("ab", (3, N)), ("", (0, S "a")), ("a", (~1, U (4611686018427387903))), ("ab", (~4611686018427387904, B (S "c", S ""))), ("a", (2, S "")), ("c", (~4611686018427387904, L [N, N])), ("c", (4611686018427387903, B (U (4611686018427387903), C (#"\255", N)))), ("ab", (1, U (0))), ("b", (2, B (B (N, N), S "b")))]))
val f10 = eval (code (fn x => (case x of (v0 as true) => "0" ^ "," ^ Bool.toString v0
  | false => "1"
  | true => "2"
  | _ => "default")))
val _ = say (String.concatWith " " (map f10 [false, true, true, true, true, false, true, false, true, false, true, false]))
val f11 = eval (code (fn x => (case x of NONE => "0"
  | NONE => "1"
  | SOME (v0) => "2" ^ "," ^ Int.toString v0
  | _ => "default")))
val _ = say (String.concatWith " " (map f11 [SOME (1), SOME (4611686018427387903), NONE, SOME (1), SOME (~1), NONE, SOME (~1), SOME (~4611686018427387904), SOME (~1), SOME (1), NONE, NONE]))
val f12 = eval (code (fn x => (case x of _ => "0"
  | _ => "1"
  | ((C (#"a", N), _), [#"b", #"\000"]) => "2"
  | ((_, 1), [_]) => "3"
  | ((L ([]), ~4611686018427387904), [_]) => "4"
  | _ => "default")))
val _ = say (String.concatWith " " (map f12 [((S "ab", ~1), []), ((S "a", 2), []), ((C (#"\255", U (0)), ~1), [#"z", #"z"]), ((N, 0), [#"b", #"z", #"a"]), ((U (~4611686018427387904), 3), [#"z"]), ((B (L [], N), 4611686018427387903), []), ((S "b", 1), [#"z"]), ((N, 1), [#"z"]), ((B (U (2), C (#"\000", N)), 3), [#"b", #"\000"]), ((C (#"z", C (#"z", N)), ~1), [#"z", #"\000"]), ((L [], 3), [#"\000"]), ((L [N], 2), [#"a", #"a", #"z"])]))
val f13 = eval (code (fn x => (case x of "a" => "0"
  | "" => "1"
  | "ab" => "2"
  | _ => "default")))
val _ = say (String.concatWith " " (map f13 ["", "", "c", "a", "c", "a", "ab", "c", "", "ab", "b", "ab"]))
val f14 = eval (code (fn x => (case x of 0w0 => "0"
  | 0w1 => "1"
  | 0w0 => "2"
  | v0 => "3" ^ "," ^ Word.toString v0
  | _ => "default")))
val _ = say (String.concatWith " " (map f14 [0wxFF, 0w0, 0w1, 0w7, 0w0, 0w7, 0w0, 0wxFF, 0w1, 0w1, 0w1, 0w1]))
val f15 = eval (code (fn x => (case x of _ => "0"
  | (v0 :: [[]]) => "1" ^ "," ^ "?"
  | _ => "default")))
val _ = say (String.concatWith " " (map f15 [[], [], [[1, 0, ~4611686018427387904]], [[4611686018427387903, ~1], [3]], [], [], [], [[]], [[~4611686018427387904, ~1, 3], [~4611686018427387904, 1]], [[1, 3, 2], [2]], [], [[3, 4611686018427387903]]]))
val f16 = eval (code (fn x => (case x of NONE => "0"
  | v0 => "1" ^ "," ^ "?"
  | SOME (SOME ((v0 as U (v1)))) => "2" ^ "," ^ "?" ^ "," ^ Int.toString v1
  | NONE => "3"
  | NONE => "4"
  | _ => "default")))
val _ = say (String.concatWith " " (map f16 [NONE, SOME (NONE), NONE, SOME (NONE), SOME (SOME (U (1))), SOME (SOME (S "a")), SOME (SOME (S "ab")), SOME (SOME (N)), NONE, NONE, NONE, SOME (SOME (C (#"a", L [])))]))
val f17 = eval (code (fn x => (case x of #"b" => "0"
  | _ => "1"
  | #"b" => "2"
  | #"\255" => "3"
  | _ => "default")))
val _ = say (String.concatWith " " (map f17 [#"z", #"a", #"\255", #"b", #"a", #"\255", #"\255", #"z", #"b", #"a", #"a", #"\000"]))
val f18 = eval (code (fn x => (case x of "ab" => "0"
  | "b" => "1"
  | "ab" => "2"
  | "b" => "3"
  | "" => "4"
  | _ => "default")))
val _ = say (String.concatWith " " (map f18 ["ab", "b", "c", "", "b", "b", "ab", "a", "c", "c", "a", "b"]))
val f19 = eval (code (fn x => (case x of v0 => "0" ^ "," ^ Char.toString v0
  | #"b" => "1"
  | #"\255" => "2"
  | (v0 as #"\255") => "3" ^ "," ^ Char.toString v0
  | #"a" => "4"
  | #"a" => "5"
  | _ => "default")))
val _ = say (String.concatWith " " (map f19 [#"\255", #"\000", #"\255", #"\000", #"b", #"b", #"\000", #"\000", #"b", #"\000", #"z", #"z"]))
val f20 = eval (code (fn x => (case x of ((0w0, false), (v0 as [0wxFF])) => "0" ^ "," ^ "?"
  | _ => "1"
  | ((0w0, _), [0w1, 0w1]) => "2"
  | ((_, true), (v0 as [])) => "3" ^ "," ^ "?"
  | (_, [(v0 as _)]) => "4" ^ "," ^ Word.toString v0
  | _ => "default")))
val _ = say (String.concatWith " " (map f20 [((0wxFF, false), [0w1, 0wxFF, 0w0]), ((0wxFF, false), []), ((0w0, false), []), ((0w7, true), [0w1]), ((0w0, false), [0wxFF, 0w0, 0w0]), ((0w1, false), [0w7, 0w0, 0w1]), ((0w1, true), [0w7]), ((0w7, false), [0w7, 0w1]), ((0wxFF, false), []), ((0wxFF, false), [0wxFF, 0w0]), ((0w1, true), [0w7]), ((0w1, true), [0w0])]))
val f21 = eval (code (fn x => (case x of _ => "0"
  | v0 => "1" ^ "," ^ "?"
  | _ => "default")))
val _ = say (String.concatWith " " (map f21 [NONE, SOME (#"b"), NONE, NONE, SOME (#"z"), SOME (#"a"), NONE, SOME (#"b"), SOME (#"z"), SOME (#"\000"), SOME (#"b"), SOME (#"\255")]))
val f22 = eval (code (fn x => (case x of v0 => "0" ^ "," ^ "?"
  | ("a", 4611686018427387903) => "1"
  | ("b", ~4611686018427387904) => "2"
  | _ => "default")))
val _ = say (String.concatWith " " (map f22 [("", ~4611686018427387904), ("b", 2), ("ab", ~1), ("a", 0), ("ab", 4611686018427387903), ("b", 3), ("c", 4611686018427387903), ("b", 4611686018427387903), ("b", 0), ("ab", ~1), ("c", 0), ("c", ~1)]))
val f23 = eval (code (fn x => (case x of SOME (_) => "0"
  | (v0 as NONE) => "1" ^ "," ^ "?"
  | SOME (false) => "2"
  | _ => "default")))
val _ = say (String.concatWith " " (map f23 [SOME (true), SOME (true), SOME (true), SOME (true), SOME (false), NONE, SOME (true), NONE, NONE, SOME (false), SOME (true), SOME (false)]))
val f24 = eval (code (fn x => (case x of 1 => "0"
  | ~1 => "1"
  | ~4611686018427387904 => "2"
  | 2 => "3"
  | ~1 => "4"
  | _ => "default")))
val _ = say (String.concatWith " " (map f24 [~4611686018427387904, 3, 0, ~4611686018427387904, ~4611686018427387904, 1, 1, ~1, 3, 3, 4611686018427387903, ~4611686018427387904]))
