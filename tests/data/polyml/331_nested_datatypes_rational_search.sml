(* Points from SML/NJ's regression tests and benchmarks: a nested
   (non-uniform) datatype, whose recursive occurrence is at a bigger type
   ('a list tower inside 'a tower), built and taken apart at fixed depths
   (a function recursing through it would need polymorphic recursion,
   which SML does not have); `op ::` as a prefix constructor pattern
   binding the whole pair; and a search written with success and failure
   continuations whose answer type is polymorphic (the first answer as a
   string, every answer as a list), over exact rationals that raise on a
   zero denominator. *)

datatype 'a tower = Floor of 'a * 'a list tower | Roof

val t : int tower = Floor (1, Floor ([2, 3], Floor ([[4], [], [5, 6, 7]], Roof)))

fun top (Floor (x, _)) = SOME x
  | top Roof = NONE

fun third (Floor (_, Floor (_, Floor (x, _)))) = SOME x
  | third _ = NONE

val () =
  case (top t, third t) of
      (SOME a, SOME ll) =>
        print (Int.toString a ^ " " ^ Int.toString (length ll) ^ " "
               ^ Int.toString (foldl op+ 0 (List.concat ll)) ^ "\n")
    | _ => print "short\n"

val () =
  case t of
      Floor (_, Floor (l, Floor (_, Roof))) => print ("three floors, second " ^ Int.toString (length l) ^ "\n")
    | _ => print "other\n"

(* op :: prefix: x is the (head, tail) pair *)
val pair = case [10, 20, 30] of op:: x => x | [] => (0, [])
val () = print (Int.toString (#1 pair) ^ " " ^ Int.toString (length (#2 pair)) ^ "\n")
fun second (op:: (_, op:: y)) = SOME (#1 y)
  | second _ = NONE
val () = print (Int.toString (getOpt (second [4, 5, 6], ~1)) ^ " "
                ^ Int.toString (getOpt (second [4], ~1)) ^ "\n")

(* exact rationals *)
exception ZeroDen
fun gcd (a, 0) = abs a
  | gcd (a, b) = gcd (b, a mod b)
fun ratio (p, q) =
  if q = 0 then raise ZeroDen
  else let val g = gcd (p, q)
           val s = if q < 0 then ~1 else 1
       in (s * p div g, s * q div g) end

datatype ex = K of int | Plus of ex * ex | Minus of ex * ex | Times of ex * ex | Over of ex * ex

fun value (K n) = (n, 1)
  | value (Plus (a, b)) = arith (fn ((p, q), (r, s)) => (p * s + r * q, q * s)) a b
  | value (Minus (a, b)) = arith (fn ((p, q), (r, s)) => (p * s - r * q, q * s)) a b
  | value (Times (a, b)) = arith (fn ((p, q), (r, s)) => (p * r, q * s)) a b
  | value (Over (a, b)) = arith (fn ((p, q), (r, s)) => (p * s, q * r)) a b
and arith f a b = ratio (f (value a, value b))

fun render e =
  let
    fun wrap true s = "(" ^ s ^ ")"
      | wrap false s = s
    fun r _ (K n) = Int.toString n
      | r l (Plus (a, b)) = wrap (l > 0) (r 0 a ^ "+" ^ r 0 b)
      | r l (Minus (a, b)) = wrap (l > 0) (r 0 a ^ "-" ^ r 1 b)
      | r l (Times (a, b)) = wrap (l > 2) (r 2 a ^ "*" ^ r 2 b)
      | r l (Over (a, b)) = wrap (l > 2) (r 2 a ^ "/" ^ r 3 b)
  in r 0 e end

(* every function below takes `yes : result * (unit -> 'a) -> 'a`, called
   with a way to resume, and `no : unit -> 'a` *)
fun halves l yes no =
  let
    val n = length l
    fun at k = if k >= n then no ()
               else yes ((List.take (l, k), List.drop (l, k)), fn () => at (k + 1))
  in at 1 end

fun joins (a, b) yes no =
  yes (Plus (a, b), fn () => yes (Minus (a, b), fn () =>
  yes (Times (a, b), fn () => yes (Over (a, b), no))))

fun shapes [] _ _ = raise Fail "no numbers"
  | shapes [e] yes no = yes (e, no)
  | shapes l yes no =
      halves l (fn ((left, right), more) =>
        shapes left (fn (a, more) =>
          shapes right (fn (b, more) => joins (a, b) yes more) more) more) no

fun insertions v [] yes no = yes ([v], no)
  | insertions v (l as x :: r) yes no =
      yes (v :: l, fn () => insertions v r (fn (l', more) => yes (x :: l', more)) no)

fun orders [] yes no = yes ([], no)
  | orders (x :: r) yes no = orders r (fn (p, more) => insertions x p yes more) no

fun hits goal e = (value e = (goal, 1)) handle ZeroDen => false

fun search goal ns yes no =
  orders (map K ns) (fn (p, more) =>
    shapes p (fn (e, more) => if hits goal e then yes (e, more) else more ()) more) no

fun firstOf goal ns = search goal ns (fn (e, _) => render e) (fn () => "none")
fun allOf goal ns = search goal ns (fn (e, more) => render e :: more ()) (fn () => [])

val () = app (fn ns => print (firstOf 24 ns ^ "\n"))
             [[1, 2, 3, 4], [1, 1, 1, 1], [3, 3, 8, 8], [1, 5, 5, 5], [4, 7, 8, 8]]
val every = allOf 24 [3, 3, 8, 8]
val () = print (Int.toString (length every) ^ ": " ^ String.concatWith " " every ^ "\n")
val () = print (Int.toString (length (allOf 10 [1, 2, 3, 4])) ^ "\n")
val () = print (firstOf 2 [6, 3] ^ " " ^ firstOf 7 [6, 0] ^ " " ^ firstOf 5 [0, 0] ^ "\n")
(* the answer type can be a count too *)
val () = print (Int.toString (search 24 [2, 3, 4] (fn (_, more) => 1 + more ()) (fn () => 0)) ^ "\n")
