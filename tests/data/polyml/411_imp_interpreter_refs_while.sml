(* An interpreter for a tiny imperative language: variables live in refs
   held in an association list; while loops, if, print, and blocks. *)
datatype aexp = N of int | V of string | Plus of aexp * aexp | Minus of aexp * aexp
              | Times of aexp * aexp | Quot of aexp * aexp
datatype bexp = Lt of aexp * aexp | Eq of aexp * aexp | Not of bexp | And of bexp * bexp
datatype stmt =
    Assign of string * aexp
  | Seq of stmt list
  | If of bexp * stmt * stmt
  | While of bexp * stmt
  | Print of aexp
  | Skip

exception Undefined of string

type store = (string * int ref) list ref

fun lookup (st : store) x =
    case List.find (fn (y, _) => y = x) (!st) of
      SOME (_, r) => r
    | NONE => raise Undefined x

fun aeval st (N n) = n
  | aeval st (V x) = ! (lookup st x)
  | aeval st (Plus (a, b)) = aeval st a + aeval st b
  | aeval st (Minus (a, b)) = aeval st a - aeval st b
  | aeval st (Times (a, b)) = aeval st a * aeval st b
  | aeval st (Quot (a, b)) = Int.quot (aeval st a, aeval st b)

fun beval st (Lt (a, b)) = aeval st a < aeval st b
  | beval st (Eq (a, b)) = aeval st a = aeval st b
  | beval st (Not b) = not (beval st b)
  | beval st (And (a, b)) = beval st a andalso beval st b

val steps = ref 0

fun exec st s =
    (steps := !steps + 1;
     case s of
       Assign (x, a) =>
         let val v = aeval st a in
           (lookup st x := v) handle Undefined _ => st := (x, ref v) :: !st
         end
     | Seq ss => app (exec st) ss
     | If (b, s1, s2) => if beval st b then exec st s1 else exec st s2
     | While (b, body) =>
         let in
           while beval st b do exec st body
         end
     | Print a => print (Int.toString (aeval st a) ^ "\n")
     | Skip => ())

fun runProgram name prog =
    let
      val st : store = ref []
      val _ = steps := 0
      val _ = print ("-- " ^ name ^ "\n")
      val _ = exec st prog
      val vars = rev (!st)
    in
      app (fn (x, r) => print ("   " ^ x ^ " = " ^ Int.toString (!r) ^ "\n")) vars;
      print ("   steps: " ^ Int.toString (!steps) ^ "\n")
    end
    handle Undefined x => print ("   undefined variable " ^ x ^ "\n")
         | Div => print "   division by zero\n"

val factorial =
  Seq [Assign ("n", N 10), Assign ("acc", N 1),
       While (Lt (N 0, V "n"),
              Seq [Assign ("acc", Times (V "acc", V "n")), Assign ("n", Minus (V "n", N 1))]),
       Print (V "acc")]

val gcd =
  Seq [Assign ("a", N 1071), Assign ("b", N 462),
       While (Not (Eq (V "b", N 0)),
              Seq [Assign ("t", V "b"),
                   Assign ("b", Minus (V "a", Times (Quot (V "a", V "b"), V "b"))),
                   Assign ("a", V "t")]),
       Print (V "a")]

val collatz =
  Seq [Assign ("x", N 27), Assign ("count", N 0), Assign ("peak", N 0),
       While (Not (Eq (V "x", N 1)),
              Seq [If (Eq (Times (Quot (V "x", N 2), N 2), V "x"),
                       Assign ("x", Quot (V "x", N 2)),
                       Assign ("x", Plus (Times (N 3, V "x"), N 1))),
                   If (Lt (V "peak", V "x"), Assign ("peak", V "x"), Skip),
                   Assign ("count", Plus (V "count", N 1))]),
       Print (V "count"), Print (V "peak")]

val primes =
  Seq [Assign ("i", N 2),
       While (Lt (V "i", N 40),
              Seq [Assign ("j", N 2), Assign ("isp", N 1),
                   While (And (Lt (Times (V "j", V "j"), Plus (V "i", N 1)), Eq (V "isp", N 1)),
                          Seq [If (Eq (Times (Quot (V "i", V "j"), V "j"), V "i"),
                                   Assign ("isp", N 0), Skip),
                               Assign ("j", Plus (V "j", N 1))]),
                   If (Eq (V "isp", N 1), Print (V "i"), Skip),
                   Assign ("i", Plus (V "i", N 1))])]

val broken = Seq [Assign ("a", N 3), Print (Plus (V "a", V "zz"))]
val divzero = Seq [Assign ("a", N 3), Assign ("b", Minus (V "a", N 3)), Print (Quot (V "a", V "b"))]
val negatives = Seq [Assign ("a", N ~17), Print (Quot (V "a", N 5)), Print (Minus (N 0, V "a"))]

val _ = runProgram "factorial" factorial
val _ = runProgram "gcd" gcd
val _ = runProgram "collatz" collatz
val _ = runProgram "primes" primes
val _ = runProgram "broken" broken
val _ = runProgram "divzero" divzero
val _ = runProgram "negatives" negatives

val huge = Seq [Assign ("x", N 1), Assign ("k", N 0),
                While (Lt (V "k", N 70), Seq [Assign ("x", Times (V "x", N 2)), Assign ("k", Plus (V "k", N 1))])]
val _ = runProgram "overflow" huge
