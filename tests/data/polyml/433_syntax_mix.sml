(* Less common syntax together: user infix operators with precedence and
   associativity (infix, infixr, nonfix), infix constructors, op on
   operators and constructors, datatypes and exceptions declared inside
   let, layered patterns in curried clauses, val ... and ..., string
   escapes (\^A control, \ddd decimal, \u hex, gaps), and sequences. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

infixr 5 ++
fun xs ++ ys = foldr op :: ys xs
infix 7 **
fun a ** b = if b = 0 then 1 else a * (a ** (b - 1))
infix 4 ===
fun (a, b) === (c, d) = a * d = b * c
val _ = pr ("++: " ^ String.concatWith "," (map pi ([1, 2] ++ [3] ++ [4, 5])))
val _ = pr ("**: " ^ pi (2 ** 10) ^ " " ^ pi (1 + 2 ** 3 * 2) ^ " " ^ pi (3 ** 2 ** 2))
val _ = pr ("===: " ^ Bool.toString ((1, 2) === (3, 6)) ^ " " ^ Bool.toString ((1, 2) === (2, 3)))

datatype 'a seq = End | ::: of 'a * 'a seq
infixr 5 :::
fun seqToList End = []
  | seqToList (x ::: rest) = x :: seqToList rest
val s = 1 ::: 2 ::: 3 ::: End
val _ = pr ("seq: " ^ String.concatWith " " (map pi (seqToList s)))
val _ = pr ("op ::: " ^ pi (length (seqToList (op ::: (9, End)))))
val _ = pr ("op o: " ^ pi ((op o) (fn x => x + 1, fn x => x * 2) 5) ^ ", op before: " ^ pi (op before (1, ())))
nonfix ++
val _ = pr ("nonfix ++: " ^ pi (length (++ ([1], [2, 3]))))
infixr 5 ++

(* let-local datatype and exception *)
fun classify xs =
    let datatype kind = Small | Big of int
        exception Stop of kind
        fun k x = if x < 10 then Small else Big x
        fun scan [] = "none big"
          | scan (x :: rest) = (case k x of Big n => raise Stop (Big n) | Small => scan rest)
    in scan xs handle Stop (Big n) => "first big " ^ pi n | Stop Small => "impossible" end
val _ = pr (classify [1, 5, 30, 2, 40] ^ "; " ^ classify [1, 2])

(* layered patterns and curried clauses *)
fun merge (xs as x :: xt) (ys as y :: yt) = if x <= y then x :: merge xt ys else y :: merge xs yt
  | merge [] ys = ys
  | merge xs [] = xs
val _ = pr ("merge: " ^ String.concatWith " " (map pi (merge [1, 4, 9] [2, 3, 10, 11])))
fun dupFirst (whole as (first as (a, _)) :: _) = (a, first, length whole)
  | dupFirst [] = (0, (0, 0), 0)
val (a1, (b1, c1), n1) = dupFirst [(7, 8), (9, 10)]
val _ = pr ("layered: " ^ pi a1 ^ " " ^ pi b1 ^ " " ^ pi c1 ^ " " ^ pi n1)

(* simultaneous val ... and: the right sides see the old bindings *)
val x = 1
val y = 2
val x = y and y = x
val _ = pr ("swapped: x=" ^ pi x ^ " y=" ^ pi y)

(* escapes *)
val esc = "A\066\u0043\^A\t|\
          \continued"
val _ = pr ("escapes: size " ^ pi (size esc) ^ " codes " ^ String.concatWith "," (map (pi o ord) (explode esc)))
val _ = pr ("char escapes: " ^ pi (ord #"\n") ^ " " ^ pi (ord #"\\") ^ " " ^ pi (ord #"\"") ^ " " ^ pi (ord #"\127") ^ " " ^ pi (ord #"\^Z"))
val _ = pr ("Char.toString: " ^ String.concatWith " " (map Char.toString [#"a", #"\n", #"\t", #"\\", #"\"", #"\001", #"\127", #"\200"]))
val _ = pr ("String.toString: " ^ String.toString "a\"b\\c\n\r\003\255")

(* sequences and unit *)
val counter = ref 0
val result = (counter := 5; counter := !counter * 2; !counter + 1)
val _ = pr ("sequence: " ^ pi result)
val _ = let val () = pr "unit pattern ok" in () end
val u = (); val () = u
val _ = pr ("typed: " ^ pi ((fn (n : int) => n) 3 : int))
val _ = pr (if (case [1, 2] of [_, _] => true | _ => false) then "two elements" else "other")
