(* Generators of generators with mutual recursion at the second level: a
   family of Collatz-like machines (if n mod d = 0 then n div d else
   a * n + b) is staged over three stages.  Stage one fixes the divisor
   and builds, for it, a generator; stage two fixes the multiplier and
   offset and generates the machine, whose even and odd steps are two
   mutually recursive functions declared with `fun ... and ...` inside
   code at depth 2, together with a local datatype of outcomes and a
   local exception raised when a step budget runs out.  The exception is
   local to the generated code: the caller at stage one can only handle
   it with a wildcard and name it with exnName; the machine itself turns
   it into an outcome. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun runU (d, a, b, budget) n =
  let fun go (n, steps) =
        if steps > budget then "gave up after " ^ pi budget
        else if n = 1 then "reached 1 in " ^ pi steps
        else if n mod d = 0 then go (n div d, steps + 1)
        else go (a * n + b, steps + 1)
  in go (n, 0) handle Overflow => "overflow" end

fun stage1 (d : int) : [int * int * int -> [int -> string]] =
  let cogen d1 = lift d
  in code (fn (a, b, budget) =>
       let cogen d2 = lift d1 cogen a2 = lift a cogen b2 = lift b cogen budget2 = lift budget
       in code (fn n =>
            let datatype outcome = Reached of int | GaveUp | Overflowed
                exception Budget
                fun divisible (n, steps) =
                  if steps > budget2 then raise Budget
                  else if n = 1 then Reached steps
                  else if n mod d2 = 0 then divisible (n div d2, steps + 1)
                  else other (n, steps)
                and other (n, steps) = divisible (a2 * n + b2, steps + 1)
                fun describe (Reached s) = "reached 1 in " ^ Int.toString s
                  | describe GaveUp = "gave up after " ^ Int.toString budget2
                  | describe Overflowed = "overflow"
            in describe (divisible (n, 0) handle Budget => GaveUp | Overflow => Overflowed) end)
       end)
  end

(* stage one: one generator per divisor *)
val byTwo = eval (stage1 2)
val byThree = eval (stage1 3)
(* stage two: machines *)
val collatz = eval (byTwo (3, 1, 500))
val variant = eval (byThree (2, 1, 60))
val _ = List.app (fn n => pr ("collatz " ^ pi n ^ ": " ^ collatz n ^ (if collatz n = runU (2, 3, 1, 500) n then "" else " DISAGREE"))) [1, 6, 7, 27, 97, 871]
val _ = List.app (fn n => pr ("variant " ^ pi n ^ ": " ^ variant n ^ (if variant n = runU (3, 2, 1, 60) n then "" else " DISAGREE"))) [1, 3, 5, 8, 9, 40]
(* a machine that cycles gives up; one that grows overflows *)
val cycling = eval (byTwo (5, 1, 100))
val growing = eval (byThree (1000000, 7, 10000))
val _ = pr ("5n+1 from 13: " ^ cycling 13 ^ "; 5n+1 from 7: " ^ cycling 7)
val _ = pr ("growing from 5: " ^ growing 5 ^ "; from 9: " ^ growing 9)

(* the stage-one caller cannot name the exception of generated code: a
   machine without its own handler lets it escape *)
val bare : [int -> int] =
  code (fn n => let exception Budget
                    fun up k = if k > 20 then raise Budget else down (k + 2)
                    and down k = if k mod 7 = 0 then k else up (k + 1)
                in up n end)
val bareF = eval bare
val _ = List.app (fn n => pr ("bare " ^ pi n ^ ": " ^ (pi (bareF n) handle e => "escaped " ^ exnName e))) [0, 4, 15, 19]

(* many machines generated in a loop, each run on a range, tallied *)
val tally = ref 0
val _ = List.app (fn (a, b) =>
          let val m = eval (byTwo (a, b, 200))
          in List.app (fn n => if String.isPrefix "reached" (m n) then tally := !tally + 1 else ()) (List.tabulate (20, fn k => k + 1)) end)
        [(3, 1), (3, 3), (3, 5), (1, 1), (5, 3), (7, 1)]
val _ = pr ("machines that reached 1: " ^ pi (!tally))
