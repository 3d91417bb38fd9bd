(* Match compilation corners, after the match-compiler test the MLKit took
   from Moscow ML: inexhaustive and redundant clauses (tupled and curried),
   a one-constructor datatype under string constants, boolean columns,
   constants of every kind with repeats, ref patterns, exception
   constructors (static, replicated, local to a function, dynamically
   fabricated) in patterns, Bind, char-list escapes and wildcard columns. *)
fun ok b = if b then "ok" else "WRONG"
fun table name f cases =
  print (name ^ ": " ^ (ok (List.all (fn (a, r) => f a = r) cases) handle _ => "EXN") ^ "\n")
fun fails name thunk =
  print (name ^ ": " ^ ((thunk (); "WRONG") handle Match => "ok" | Bind => "ok (Bind)" | _ => "WRONG exn") ^ "\n")

fun g1 ([], []) = 1 | g1 (_ :: _, _ :: _) = 2 | g1 ([], []) = 3
fun g1c [] [] = 1 | g1c (_ :: _) (_ :: _) = 2 | g1c [] [] = 3
val _ = table "pairs of lists" g1 [(([], []), 1), (([1], [2]), 2), (([1, 2], [3]), 2)]
val _ = fails "nil and cons" (fn () => g1 ([], [0]))
val _ = fails "cons and nil" (fn () => g1 ([0], []))
val _ = table "curried" (fn (a, b) => g1c a b) [(([], []), 1), (([1], [2]), 2)]
val _ = fails "curried nil and cons" (fn () => g1c [] [0])

datatype 'a one = One of 'a
fun names (One "north") = "n" | names (One "south") = "s" | names (One other) = other
val _ = table "single constructor" names [(One "north", "n"), (One "south", "s"), (One "east", "east")]

fun tri (true, false, _) = 1 | tri (false, _, true) = 2 | tri (_, true, false) = 3
  | tri (false, false, false) = 4 | tri (true, true, true) = 5
val _ = table "booleans" tri [((true, true, true), 5), ((false, false, false), 4), ((false, false, true), 2),
                              ((false, true, false), 3), ((true, false, false), 1), ((true, false, true), 1)]

datatype t = P | Q | R of int list
fun mix (P, Q, R []) = 1 | mix (P, Q, R [1]) = 2 | mix (Q, Q, _) = 3 | mix (P, P, P) = 4 | mix (R [], P, P) = 5
val _ = table "constructors" mix [((R [], P, P), 5), ((P, P, P), 4), ((P, Q, R []), 1), ((P, Q, R [1]), 2),
                                  ((Q, Q, R [2]), 3), ((Q, Q, P), 3)]
val _ = fails "R [1] first" (fn () => mix (R [1], P, P))
val _ = fails "P Q R [1,2]" (fn () => mix (P, Q, R [1, 2]))

fun ints 101 = 1 | ints 102 = 2 | ints 101 = 3 | ints 104 = 4 | ints ~101 = 5
val _ = table "ints" ints [(104, 4), (102, 2), (101, 1), (~101, 5)]
val _ = app (fn n => fails ("int " ^ Int.toString n) (fn () => ints n)) [100, 103, 105, ~102]
fun strs "first" = 1 | strs "second" = 2 | strs "first" = 3 | strs "fourth" = 4
val _ = table "strings" strs [("fourth", 4), ("second", 2), ("first", 1)]
val _ = app (fn s => fails ("string \"" ^ s ^ "\"") (fn () => strs s)) ["", "Fourth", "firs", "firstt"]
fun chars #"A" = 1 | chars #"B" = 2 | chars #"A" = 3 | chars #"D" = 4
val _ = table "chars" chars [(#"D", 4), (#"B", 2), (#"A", 1)]
val _ = app (fn c => fails ("char " ^ Char.toString c) (fn () => chars c)) [#"@", #"C", #"E", #"d"]
fun words 0wx101 = 1 | words 0wx102 = 2 | words 0wx101 = 3 | words 0wx104 = 4
val _ = table "words" words [(0wx104, 4), (0wx102, 2), (0wx101, 1)]
val _ = app (fn w => fails ("word " ^ Word.toString w) (fn () => words w)) [0wx100, 0wx103, 0wx105]

fun unitFirst () = 1 | unitFirst _ = 2
val _ = table "unit" unitFirst [((), 1)]
fun refUnit (ref ()) = 1 | refUnit (ref _) = 2
val _ = table "ref unit" refUnit [(ref (), 1)]
fun refList (ref [117]) = 1 | refList (ref [x]) = x | refList (ref _) = 2
val _ = table "ref list" refList [(ref [], 2), (ref [999], 999), (ref [117], 1), (ref [1, 2], 2)]

local fun make () = let exception A in A end
in val fabricated = make () val fabricated' = make () end
exception A and C and D
exception B = A
fun ex1 A = 1 | ex1 B = 2 | ex1 A = 3 | ex1 C = 4
val _ = table "static exceptions" ex1 [(C, 4), (B, 1), (A, 1)]
val _ = app (fn (n, e) => fails n (fn () => ex1 e)) [("Div", Div), ("D", D), ("Fail", Fail "x"), ("fabricated", fabricated)]
exception I of int and S of string
exception Z = I
fun ex2 (I 7) = 1 | ex2 (S "1.2") = 2 | ex2 (I 8) = 3 | ex2 (S "~1.2") = 4 | ex2 (Z 9) = 5
  | ex2 (Fail _) = 6 | ex2 (S "~1.2") = 7 | ex2 (Z 8) = 8 | ex2 _ = 9
val _ = table "exceptions with arguments" ex2
  [(I 7, 1), (I 6, 9), (Z 8, 3), (S "1.2", 2), (I 8, 3), (S "~1.2", 4), (I 9, 5), (Z 9, 5), (Z 0, 9),
   (Fail "f", 6), (A, 9), (Div, 9), (fabricated, 9)]
fun inside () =
  let exception A and C
      exception B = A
      fun ex A = 1 | ex B = 2 | ex C = 3 | ex _ = 4
  in [ex A, ex B, ex C, ex fabricated, ex fabricated', ex D] end
val _ = print ("local exceptions: " ^ String.concatWith "," (map Int.toString (inside () @ inside ())) ^ "\n")
fun fab e = case e of A => "A" | _ => (case fabricated of A => "fabricated is A" | _ => "other")
val _ = print (fab fabricated ^ " " ^ Bool.toString ((raise fabricated) handle A => false | _ => true) ^ "\n")

fun single xs = let val [x] = xs in x end
val _ = table "single" single [([117], 117)]
val _ = fails "single []" (fn () => single [])
val _ = fails "single [1,2]" (fn () => single [1, 2])

fun escape s =
  case explode s of
    [] => 0
  | #"\\" :: #"n" :: _ => 1
  | #"\\" :: #"t" :: _ => 2
  | #"\\" :: #"\\" :: _ => 3
  | #"\\" :: #"\"" :: _ => 4
  | #"\\" :: _ => 5
  | _ => 6
val _ = table "escapes" escape [("", 0), ("\\nx", 1), ("\\tx", 2), ("\\\\", 3), ("\\\"q", 4), ("\\y", 5), ("abc", 6), ("\n", 6)]

fun wild1 ((), 1) = 1 | wild1 ((), _) = 2
fun wild2 (1, 1) = 3 | wild2 (1, _) = 4 | wild2 (_, _) = 5
fun wild3 (_, 1) = 6 | wild3 (_, _) = 7
val _ = print ("wildcards: " ^ ok (wild1 ((), 1) = 1 andalso wild1 ((), 7) = 2 andalso wild2 (1, 1) = 3
                                   andalso wild2 (1, 7) = 4 andalso wild2 (2, 1) = 5 andalso wild3 (68, 1) = 6
                                   andalso wild3 (78, 7) = 7) ^ "\n")
exception E1
val replicated = let exception E2 = E1 in (case E1 of E2 => "E2" | E1 => "E1" | _ => "?") ^ (case E2 of E1 => "E1" | _ => "?") end
exception N1 of int
val replicatedArg = let exception N2 = N1
                    in (case N1 3 of N2 3 => "a" | N2 2 => "b" | N1 _ => "c" | _ => "d")
                       ^ (case N2 3 of N1 2 => "e" | N1 3 => "f" | _ => "g") end
val _ = print ("replicated: " ^ replicated ^ " " ^ replicatedArg ^ "\n")
