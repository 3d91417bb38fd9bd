(* Random matches (seeded generator: nested constants, constructors, lists, options, layered patterns) applied to random values; the clause chosen and its bindings are printed *)
datatype t = N | U of int | B of t * t | S of string | L of t list | C of char * t
fun say s = print (s ^ "\n")

fun f0 x = (case x of false => "0"
  | true => "1"
  | false => "2"
  | _ => "default")
val _ = say (String.concatWith " " (map f0 [false, true, true, false, false, false, true, true, true, false, true, true]))
fun f1 x = (case x of true => "0"
  | false => "1"
  | _ => "default")
val _ = say (String.concatWith " " (map f1 [false, false, false, false, false, true, false, true, true, true, false, true]))
fun f2 x = (case x of B (S ("b"), B (N, L ([_]))) => "0"
  | L ([L ([])]) => "1"
  | v0 => "2" ^ "," ^ "?"
  | N => "3"
  | N => "4"
  | _ => "default")
val _ = say (String.concatWith " " (map f2 [S "a", N, B (S "b", N), N, L [], S "c", B (L [L [], U (0)], B (N, N)), N, L [], U (2), B (L [U (4611686018427387903), N], B (B (B (N, N), U (~4611686018427387904)), S "b")), S "c"]))
fun f3 x = (case x of v0 => "0" ^ "," ^ Bool.toString v0
  | false => "1"
  | true => "2"
  | false => "3"
  | false => "4"
  | true => "5"
  | _ => "default")
val _ = say (String.concatWith " " (map f3 [false, false, true, false, true, true, false, false, false, false, false, false]))
fun f4 x = (case x of ~1 => "0"
  | ~1 => "1"
  | _ => "default")
val _ = say (String.concatWith " " (map f4 [3, 3, ~1, 1, ~1, 1, ~1, ~4611686018427387904, ~1, ~4611686018427387904, 3, ~1]))
fun f5 x = (case x of 0w0 => "0"
  | 0wxFF => "1"
  | _ => "default")
val _ = say (String.concatWith " " (map f5 [0w1, 0wxFF, 0w1, 0wxFF, 0w1, 0wxFF, 0w1, 0w7, 0w0, 0w0, 0wxFF, 0wxFF]))
fun f6 x = (case x of ["b"] => "0"
  | (v0 as []) => "1" ^ "," ^ "?"
  | _ => "default")
val _ = say (String.concatWith " " (map f6 [["ab"], ["ab"], ["", "c"], ["c", "a"], ["ab", "c", "ab"], ["ab", "b", "ab"], ["c", "b", ""], ["a", "a", ""], ["c", "c", "b"], [""], ["c", "ab", "c"], ["a", ""]]))
fun f7 x = (case x of ((4611686018427387903, _), v0) => "0" ^ "," ^ "?"
  | (v0 as v1) => "1" ^ "," ^ "?" ^ "," ^ "?"
  | v0 => "2" ^ "," ^ "?"
  | _ => "3"
  | ((0, "a"), v0) => "4" ^ "," ^ "?"
  | _ => "5"
  | _ => "default")
val _ = say (String.concatWith " " (map f7 [((~1, "a"), N), ((2, "c"), S ""), ((~4611686018427387904, "ab"), U (~1)), ((3, "c"), L [N, S "ab", N]), ((~4611686018427387904, ""), U (0)), ((0, ""), N), ((2, ""), C (#"a", L [N, N, N])), ((~1, "a"), B (N, B (S "b", L []))), ((~1, "ab"), B (U (~1), S "")), ((1, "c"), N), ((4611686018427387903, "b"), N), ((3, "a"), N)]))
fun f8 x = (case x of true => "0"
  | false => "1"
  | v0 => "2" ^ "," ^ Bool.toString v0
  | false => "3"
  | false => "4"
  | true => "5"
  | _ => "default")
val _ = say (String.concatWith " " (map f8 [true, false, true, false, true, false, true, true, false, false, false, true]))
fun f9 x = (case x of ~4611686018427387904 => "0"
  | _ => "1"
  | 4611686018427387903 => "2"
  | 2 => "3"
  | v0 => "4" ^ "," ^ Int.toString v0
  | _ => "5"
  | _ => "default")
val _ = say (String.concatWith " " (map f9 [0, 4611686018427387903, 2, 1, ~4611686018427387904, 0, ~1, ~4611686018427387904, ~4611686018427387904, 0, 0, ~4611686018427387904]))
fun f10 x = (case x of 0w0 => "0"
  | v0 => "1" ^ "," ^ Word.toString v0
  | 0wxFF => "2"
  | (v0 as 0w0) => "3" ^ "," ^ Word.toString v0
  | _ => "default")
val _ = say (String.concatWith " " (map f10 [0w0, 0wxFF, 0w1, 0w0, 0w1, 0w1, 0w1, 0w7, 0w7, 0wxFF, 0wxFF, 0w7]))
fun f11 x = (case x of (SOME (4611686018427387903), "b") => "0"
  | _ => "1"
  | (_, "b") => "2"
  | (NONE, "a") => "3"
  | (NONE, "ab") => "4"
  | _ => "default")
val _ = say (String.concatWith " " (map f11 [(SOME (~4611686018427387904), "b"), (SOME (3), "c"), (SOME (1), "ab"), (NONE, "b"), (SOME (1), "a"), (SOME (1), "ab"), (SOME (~4611686018427387904), "a"), (SOME (4611686018427387903), "b"), (SOME (1), "b"), (SOME (~4611686018427387904), "c"), (NONE, ""), (SOME (2), "")]))
fun f12 x = (case x of "" => "0"
  | "ab" => "1"
  | (v0 as _) => "2" ^ "," ^ v0
  | _ => "default")
val _ = say (String.concatWith " " (map f12 ["a", "c", "", "ab", "a", "", "ab", "a", "b", "", "", ""]))
fun f13 x = (case x of #"\000" => "0"
  | _ => "1"
  | _ => "default")
val _ = say (String.concatWith " " (map f13 [#"\255", #"\255", #"\255", #"a", #"b", #"z", #"\255", #"\255", #"b", #"z", #"\000", #"a"]))
fun f14 x = (case x of v0 => "0" ^ "," ^ "?"
  | (0w1, false) => "1"
  | v0 => "2" ^ "," ^ "?"
  | (0wxFF, _) => "3"
  | _ => "default")
val _ = say (String.concatWith " " (map f14 [(0wxFF, true), (0wxFF, true), (0w1, true), (0wxFF, false), (0w0, true), (0w1, false), (0w7, false), (0w1, false), (0w7, false), (0w1, true), (0w0, true), (0w7, false)]))
fun f15 x = (case x of _ => "0"
  | #"\000" => "1"
  | (v0 as #"\000") => "2" ^ "," ^ Char.toString v0
  | #"\255" => "3"
  | #"a" => "4"
  | _ => "default")
val _ = say (String.concatWith " " (map f15 [#"\000", #"\255", #"a", #"b", #"\000", #"z", #"a", #"a", #"z", #"a", #"b", #"b"]))
fun f16 x = (case x of NONE => "0"
  | NONE => "1"
  | SOME ((v0 as (v1 as []))) => "2" ^ "," ^ "?" ^ "," ^ "?"
  | _ => "default")
val _ = say (String.concatWith " " (map f16 [SOME ([0w7, 0w7, 0wxFF]), SOME ([0w7, 0wxFF]), SOME ([0w0, 0w1, 0w0]), NONE, SOME ([0w7]), NONE, SOME ([0w1]), SOME ([0w0]), SOME ([0w0, 0wxFF, 0w1]), NONE, SOME ([]), NONE]))
fun f17 x = (case x of _ => "0"
  | NONE => "1"
  | NONE => "2"
  | SOME (_) => "3"
  | SOME ((v0 as _)) => "4" ^ "," ^ "?"
  | NONE => "5"
  | _ => "default")
val _ = say (String.concatWith " " (map f17 [SOME (SOME (0w7)), NONE, NONE, NONE, SOME (SOME (0w7)), NONE, SOME (NONE), SOME (SOME (0w7)), NONE, SOME (SOME (0wxFF)), SOME (SOME (0wxFF)), SOME (NONE)]))
fun f18 x = (case x of "a" => "0"
  | "a" => "1"
  | _ => "2"
  | "a" => "3"
  | _ => "default")
val _ = say (String.concatWith " " (map f18 ["", "a", "", "c", "a", "b", "b", "a", "", "", "b", "b"]))
fun f19 x = (case x of (v0 as _) => "0" ^ "," ^ Int.toString v0
  | 1 => "1"
  | _ => "default")
val _ = say (String.concatWith " " (map f19 [1, 0, 2, 2, 1, 1, ~1, 3, 0, ~1, 0, 3]))
fun f20 x = (case x of (v0 as S ("ab")) => "0" ^ "," ^ "?"
  | L ((v0 as [N, N])) => "1" ^ "," ^ "?"
  | N => "2"
  | v0 => "3" ^ "," ^ "?"
  | _ => "default")
val _ = say (String.concatWith " " (map f20 [N, U (3), N, S "", U (4611686018427387903), L [U (~4611686018427387904), S "ab"], S "ab", C (#"a", S "ab"), L [N, B (U (~4611686018427387904), S ""), L [N, N, N]], L [L [N, N, N], U (~4611686018427387904)], C (#"\255", L [U (~1), S "b"]), U (2)]))
fun f21 x = (case x of (#"a" :: v0) => "0" ^ "," ^ "?"
  | _ => "1"
  | [] => "2"
  | _ => "default")
val _ = say (String.concatWith " " (map f21 [[#"b", #"z"], [], [], [#"\255", #"\000", #"\000"], [], [], [#"\255"], [], [#"z", #"\000"], [], [#"a", #"b", #"b"], []]))
fun f22 x = (case x of ((v0 as ("ab", true)), (0, "")) => "0" ^ "," ^ "?"
  | ((v0, (v1 as _)), (0, "ab")) => "1" ^ "," ^ v0 ^ "," ^ Bool.toString v1
  | (("ab", false), ((v0 as 2), "")) => "2" ^ "," ^ Int.toString v0
  | (v0, (~1, "")) => "3" ^ "," ^ "?"
  | _ => "default")
val _ = say (String.concatWith " " (map f22 [(("c", true), (1, "ab")), (("", false), (1, "b")), (("b", true), (~1, "a")), (("ab", true), (4611686018427387903, "a")), (("a", false), (4611686018427387903, "c")), (("b", false), (1, "c")), (("b", false), (~4611686018427387904, "b")), (("b", true), (~1, "")), (("a", true), (0, "a")), (("ab", true), (4611686018427387903, "b")), (("", true), (4611686018427387903, "a")), (("ab", false), (2, ""))]))
fun f23 x = (case x of B (_, S (_)) => "0"
  | C (#"\255", C (#"b", S ("a"))) => "1"
  | B (S ("ab"), B (L (_), L (v0))) => "2" ^ "," ^ "?"
  | _ => "default")
val _ = say (String.concatWith " " (map f23 [N, U (~4611686018427387904), S "ab", B (L [], S "a"), U (0), B (S "ab", N), L [], S "ab", B (U (4611686018427387903), S "b"), C (#"\000", B (N, N)), S "", C (#"b", L [U (4611686018427387903)])]))
fun f24 x = (case x of [_, []] => "0"
  | ((true :: []) :: []) => "1"
  | [[false, true], [false]] => "2"
  | [[v0, false]] => "3" ^ "," ^ Bool.toString v0
  | _ => "default")
val _ = say (String.concatWith " " (map f24 [[[false, true]], [[], [true, false], [true, false, false]], [[false, false, true]], [[true], [false, false]], [[], [false]], [[true, false, true], [true]], [], [], [], [[], [false, false, false]], [[true, true], [false]], [[true]]]))
